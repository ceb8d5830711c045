// `archon record-read --hook`, Claude Code's PostToolUse hook on the Read tool: notes which project file the
// agent opened, so eval can tell a deferred rule that was read from one nobody looked at. It runs on every
// read, so bin/archon.js starts it without the CLI, it loads only node: built-ins, never prints, and
// always exits 0: a failure here loses one record, never the agent's read.
import { existsSync, realpathSync } from "node:fs";
import { isAbsolute, join, relative, resolve } from "node:path";
import { appendRead, type ReadRecord } from "./read-log.js";

const forwardSlashes = (path: string) => path.replace(/\\/g, "/");

/** `path` relative to `root` when inside it, else undefined. */
function inside(root: string, path: string): string | undefined {
  const rel = relative(root, path);
  return rel === "" || rel.startsWith("..") || isAbsolute(rel) ? undefined : forwardSlashes(rel);
}

/** The project root the hook command names (`--project-root <dir>`), else Claude Code's CLAUDE_PROJECT_DIR. */
function rootFrom(args: readonly string[], env: NodeJS.ProcessEnv): string | undefined {
  const at = args.indexOf("--project-root");
  const given = at >= 0 ? args[at + 1] : args.find((a) => a.startsWith("--project-root="))?.slice(15);
  const root = given ?? env.CLAUDE_PROJECT_DIR;
  return root ? resolve(root) : undefined;
}

/** The record a Read hook input makes, or undefined for input that is not a read inside the project. */
export function readRecordOf(text: string, root: string, now: Date): ReadRecord | undefined {
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof input !== "object" || input === null) return undefined;
  const { session_id, cwd, tool_input } = input as Record<string, unknown>;
  const file = (tool_input as { file_path?: unknown } | null | undefined)?.file_path;
  if (typeof file !== "string" || file === "") return undefined;
  const absolute = resolve(typeof cwd === "string" ? cwd : root, file);
  let path = inside(root, absolute);
  // A root reached through a symbolic link (macOS's /tmp, a linked checkout): compare the real paths.
  if (path === undefined)
    try {
      path = inside(realpathSync(root), realpathSync(absolute));
    } catch {}
  if (path === undefined) return undefined;
  return {
    path,
    session_id: typeof session_id === "string" && session_id !== "" ? session_id : null,
    at: now.toISOString(),
  };
}

async function stdinText(): Promise<string> {
  let text = "";
  for await (const chunk of process.stdin) text += chunk.toString();
  return text;
}

/** The hook's whole run: records the read when it is one, in a project archon set up; never throws. */
export async function runRecordReadHook(args: readonly string[], env = process.env): Promise<void> {
  try {
    const text = await stdinText();
    const root = rootFrom(args, env);
    // Only a project archon set up keeps reads: the hook never creates .archon/ anywhere else.
    if (root === undefined || !existsSync(join(root, ".archon"))) return;
    const record = readRecordOf(text, root, new Date());
    if (record) appendRead(root, record);
  } catch {
    // Unwritable .archon/hooks, a full disk: this read goes unrecorded.
  }
  process.exitCode = 0;
}
