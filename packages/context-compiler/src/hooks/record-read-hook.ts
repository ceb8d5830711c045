// `archon record-read --hook`, every agent's read hook: notes which project files the agent looked at, so
// eval can tell a deferred rule that was read from one nobody opened. It takes Claude Code's PostToolUse
// input for Read and Bash, Codex's PostToolUse for Bash, Gemini CLI's AfterTool for read_file and
// run_shell_command, and Cursor's beforeReadFile and shell events; a shell command's reads come from
// shell-reads.ts. It runs on every read, so bin/archon.js starts it without the CLI. It always exits 0 and
// prints nothing on stdout, except to Cursor (`--client cursor`), which always gets the answer that lets
// its action go ahead: a failure here loses one record, never the agent's read. A log the project's write
// guard refuses (a link out of the project) is said on stderr.
import { existsSync, realpathSync, statSync } from "node:fs";
import { dirname, isAbsolute, join, relative, resolve } from "node:path";
import { UserError } from "@archon/core/files";
import { appendRead, type ReadRecord } from "./read-log.js";
import { shellReads } from "./shell-reads.js";
import { readStdin } from "./stdin.js";

const forwardSlashes = (path: string) => path.replace(/\\/g, "/");
const isDir = (path: string) => existsSync(path) && statSync(path).isDirectory();
const isFile = (path: string) => {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
};

/** What a hook input says about reads, whichever agent sent it. */
interface ReadEvent {
  session_id: string | null;
  cwd: string | undefined;
  /** Cursor's open folders: where to look for the project when no root was given. */
  workspace_roots: string[];
  /** Paths the agent opened with a file tool (Claude Code's Read, Cursor's beforeReadFile). */
  files: string[];
  /** Shell commands it ran (Claude Code's and Codex's Bash, Gemini CLI's run_shell_command, Cursor's). */
  commands: (string | string[])[];
  /** The folder the commands ran in, relative to cwd (Gemini CLI's `dir_path`); cwd when absent. */
  commandsDir: string | undefined;
}

const str = (v: unknown) => (typeof v === "string" && v !== "" ? v : undefined);
const command = (v: unknown): string | string[] | undefined =>
  str(v) ?? (Array.isArray(v) && v.length > 0 && v.every((w) => typeof w === "string") ? v : undefined);

/** The hook's input as JSON, or undefined when it is not JSON. Parsed once: Cursor's carries the file's text. */
function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function eventOf(input: unknown): ReadEvent | undefined {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return undefined;
  const i = input as Record<string, unknown>;
  const tool = typeof i.tool_input === "object" && i.tool_input !== null ? i.tool_input : {};
  const t = tool as Record<string, unknown>;
  const roots = Array.isArray(i.workspace_roots) ? i.workspace_roots.filter((r) => str(r)) : [];
  return {
    // Claude Code and Codex name the session session_id; Cursor names it conversation_id.
    session_id: str(i.session_id) ?? str(i.conversation_id) ?? null,
    cwd: str(i.cwd),
    workspace_roots: roots as string[],
    files: [str(t.file_path), str(i.file_path)].filter((f) => f !== undefined),
    commands: [command(t.command), command(i.command)].filter((c) => c !== undefined),
    commandsDir: str(t.dir_path),
  };
}

/** `path` relative to `root` when inside it, else undefined; a root reached through a link compares real paths. */
function inside(root: string, path: string): string | undefined {
  const within = (r: string, p: string) => {
    const rel = relative(r, p);
    return rel === "" || rel.startsWith("..") || isAbsolute(rel) ? undefined : forwardSlashes(rel);
  };
  const direct = within(root, path);
  if (direct !== undefined) return direct;
  try {
    return within(realpathSync(root), realpathSync(path));
  } catch {
    return undefined;
  }
}

/** The records an input makes: each existing regular file it read inside the project, once. */
function readRecordsOf(event: ReadEvent, root: string, now: Date): ReadRecord[] {
  const base = event.cwd ? resolve(root, event.cwd) : root;
  const shellBase = event.commandsDir ? resolve(base, event.commandsDir) : base;
  const candidates = [
    ...event.files.map((f) => resolve(base, f)),
    ...event.commands.flatMap((c) => shellReads(c, shellBase)),
  ];
  const paths = new Set<string>();
  for (const absolute of candidates) {
    const path = isFile(absolute) ? inside(root, absolute) : undefined;
    if (path !== undefined) paths.add(path);
  }
  const at = now.toISOString();
  return [...paths].map((path) => ({ path, session_id: event.session_id, at }));
}

/**
 * The nearest folder at or above `start` holding `.archon/`, never past the first one holding `.git`
 * (the repository's top, as the CLI's own lookup stops there, without spawning git on every read).
 */
function projectAbove(start: string): string | undefined {
  for (let dir = resolve(start); ; dir = dirname(dir)) {
    if (isDir(join(dir, ".archon"))) return dir;
    if (existsSync(join(dir, ".git")) || dirname(dir) === dir) return undefined;
  }
}

const flag = (args: readonly string[], name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : args.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1);
};

/**
 * The project: the root the command names (`--project-root`), else Claude Code's CLAUDE_PROJECT_DIR, else
 * found from the input's folder (Codex's cwd, Cursor's workspace roots): a committed hook file names none.
 */
function rootOf(args: readonly string[], env: NodeJS.ProcessEnv, event: ReadEvent): string | undefined {
  const given = flag(args, "--project-root") ?? env.CLAUDE_PROJECT_DIR;
  if (given) return resolve(given);
  for (const start of [event.cwd, ...event.workspace_roots])
    if (start && isAbsolute(start)) {
      const found = projectAbove(start);
      if (found) return found;
    }
  return undefined;
}

/** Cursor waits for an answer: its before-events take a permission, its after-events take none. */
function cursorAnswer(input: unknown): string {
  const name =
    typeof input === "object" && input !== null
      ? (input as { hook_event_name?: unknown }).hook_event_name
      : undefined;
  return typeof name === "string" && name.startsWith("after")
    ? "{}"
    : JSON.stringify({ permission: "allow" });
}

/** The hook's whole run: records the reads when there are any, in a project archon set up; never throws. */
export async function runRecordReadHook(args: readonly string[], env = process.env): Promise<void> {
  let text = "";
  const cursor = flag(args, "--client") === "cursor";
  try {
    text = await readStdin();
  } catch {}
  const input = parsed(text);
  // Answered before anything that could fail or take long: Cursor goes ahead whatever happens next.
  if (cursor) process.stdout.write(`${cursorAnswer(input)}\n`);
  try {
    const event = eventOf(input);
    if (!event) return;
    const root = rootOf(args, env, event);
    // Only a project archon set up keeps reads: the hook never creates .archon/ anywhere else.
    if (root === undefined || !existsSync(join(root, ".archon"))) return;
    for (const record of readRecordsOf(event, root, new Date())) appendRead(root, record);
  } catch (error) {
    // A link out of the project is refused and said; an unwritable folder or a full disk loses the reads quietly.
    if (error instanceof UserError) process.stderr.write(`archon record-read: ${error.describe()}\n`);
  } finally {
    process.exitCode = 0;
  }
}
