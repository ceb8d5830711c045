// Which agent session a server run belongs to. The MCP server never sees a session id; the hooks do, in
// their JSON input. The agent client starts both its hooks and its MCP servers, so a hook records its
// session under the client's process id (the first process above it that is not a shell, npm or archon
// itself), and a server takes the session recorded for the nearest of its own ancestors: two sessions in
// one project are two client processes, never mixed, and a server whose client ran no hook finds none.
// Records are written and read only through the project's guards (hooks-dir.ts).
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { removeProjectFile, replaceProjectFile } from "../knowledge/project-write.js";
import type { HookInput } from "./hook-input.js";
import { HOOKS_DIR, hooksDir, listHooksDir, readHooksFile } from "./hooks-dir.js";

const SUB = "clients";
const DIR = join(HOOKS_DIR, SUB);
/** Records older than this are removed when a hook writes its own (their processes are long gone). */
const KEEP_MS = 7 * 24 * 3600 * 1000;
/** Far enough up to pass a shell, npx and npm between a client and what it starts. */
const MAX_DEPTH = 16;
/** What a client runs a hook command through, rather than being the client. */
const LAUNCHERS = /^(?:sh|bash|zsh|dash|fish|ksh|tcsh|csh|cmd\.exe|powershell(?:\.exe)?|pwsh|npm.*|npx.*)$/;

interface ClientRecord {
  session_id: string;
  client_pid: number;
  at: string;
}

/** Claude Code and Codex name the session `session_id`; Cursor names it `conversation_id`. */
export function hookSessionId(input: HookInput): string | undefined {
  const id = input.session_id ?? input.conversation_id;
  return typeof id === "string" && id !== "" ? id : undefined;
}

const onProc = () => existsSync("/proc/self/stat");

function parentOf(pid: number): number | undefined {
  try {
    if (onProc()) {
      // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so read after the last ")".
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    }
    return Number(execFileSync("ps", ["-o", "ppid=", "-p", String(pid)], { encoding: "utf8" }).trim());
  } catch {
    return undefined;
  }
}

/** The process's command line, arguments split (best effort: empty when unreadable). */
function commandOf(pid: number): string[] {
  try {
    if (onProc()) return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean);
    return execFileSync("ps", ["-o", "command=", "-p", String(pid)], { encoding: "utf8" })
      .trim()
      .split(/\s+/);
  } catch {
    return [];
  }
}

/** The processes above `pid`, nearest first, up to (not including) init. */
export function ancestorsOf(pid: number): number[] {
  const chain: number[] = [];
  for (let p = parentOf(pid); p !== undefined && p > 1 && chain.length < MAX_DEPTH; p = parentOf(p)) {
    if (!Number.isInteger(p) || chain.includes(p)) break;
    chain.push(p);
  }
  return chain;
}

/**
 * The client above this hook process: the first ancestor not running archon's own script (the hook's
 * deadline parent) and not a shell or npm it was launched through.
 */
export function hookClientPid(
  pid: number = process.pid,
  script: string = process.argv[1] ?? "",
): number | undefined {
  return ancestorsOf(pid).find((p) => {
    const [program = "", first = ""] = commandOf(p);
    const runsArchon = script !== "" && first !== "" && resolve(first) === resolve(script);
    return !runsArchon && !LAUNCHERS.test(basename(program));
  });
}

const nameOf = (sessionId: string) =>
  `${sessionId.replace(/[^A-Za-z0-9._-]/g, "_").slice(0, 128) || "unknown"}.json`;

/** Called by a hook that knows its session: where this project's servers started by the same client look. */
export function recordClientSession(
  projectRoot: string,
  sessionId: string,
  clientPid: number,
  now: Date,
): void {
  const roots = { root: projectRoot };
  const dir = hooksDir(projectRoot, SUB);
  const record: ClientRecord = { session_id: sessionId, client_pid: clientPid, at: now.toISOString() };
  // Whole or not at all: a server may read the folder while another session's hook writes to it.
  replaceProjectFile(roots, join(dir, nameOf(sessionId)), `${JSON.stringify(record)}\n`);
  for (const name of listHooksDir(projectRoot, SUB)) {
    const path = join(dir, name);
    const stat = statSync(path, { throwIfNoEntry: false });
    if (stat !== undefined && now.getTime() - stat.mtimeMs > KEEP_MS)
      removeProjectFile(roots, path, { force: true });
  }
}

function readRecords(projectRoot: string): ClientRecord[] {
  return listHooksDir(projectRoot, SUB).flatMap((name) => {
    try {
      const r = JSON.parse(readHooksFile(projectRoot, join(SUB, name)) ?? "") as Partial<ClientRecord>;
      return typeof r.session_id === "string" && typeof r.client_pid === "number" && typeof r.at === "string"
        ? [r as ClientRecord]
        : [];
    } catch {
      return [];
    }
  });
}

/**
 * The session recorded for the nearest of `ancestors` (a server's, nearest first); among records of the
 * same client (one that started a new session, as after /clear), the latest written.
 */
export function clientSessionOf(projectRoot: string, ancestors: readonly number[]): string | undefined {
  const records = readRecords(projectRoot);
  for (const pid of ancestors) {
    const sharing = records.filter((r) => r.client_pid === pid);
    if (sharing.length === 0) continue;
    return sharing.reduce((a, b) => (b.at > a.at || (b.at === a.at && b.session_id > a.session_id) ? b : a))
      .session_id;
  }
  return undefined;
}

/**
 * A server's view of its session, read again only when a hook added a record (the folder changed): a
 * compile pays one stat. Null until some hook of this server's client has said it.
 */
export function clientSessionReader(projectRoot: string, pid: number = process.pid): () => string | null {
  const dir = join(projectRoot, DIR);
  let ancestors: number[] | undefined;
  let seen: number | undefined;
  let session: string | null = null;
  return () => {
    let mtime: number;
    try {
      mtime = statSync(dir).mtimeMs;
    } catch {
      return session;
    }
    if (mtime !== seen) {
      seen = mtime;
      ancestors ??= ancestorsOf(pid);
      try {
        session = clientSessionOf(projectRoot, ancestors) ?? session;
      } catch {
        // A clients folder that leads out of the project is not read: the run keeps the session it had.
      }
    }
    return session;
  };
}
