// Per-session memory of the hooks: which rules were already injected, so a rule is injected at most once
// per session, and which captured decisions belong to this session, so only its own person confirms them.
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { HOOKS_DIR, hooksDir } from "./hooks-dir.js";

export interface SessionState {
  injected: string[];
  /** Decisions this session's agent captured during its current turn (the PostToolUse hook saw them). */
  captured: string[];
  /** Captured decisions this session is asking the person about, one at a time, the current one first. */
  awaiting: string[];
}

const DIR = join(HOOKS_DIR, "sessions");
/** Session files older than this are removed when another session writes its own. */
const KEEP_MS = 7 * 24 * 3600 * 1000;

const fileOf = (projectRoot: string, sessionId: string) =>
  join(projectRoot, DIR, `${sessionId.replace(/[^A-Za-z0-9._-]/g, "_").slice(0, 128) || "unknown"}.json`);

const emptySession = (): SessionState => ({ injected: [], captured: [], awaiting: [] });
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x) => typeof x === "string") : []);

export function readSession(projectRoot: string, sessionId: string): SessionState {
  const path = fileOf(projectRoot, sessionId);
  if (!existsSync(path)) return emptySession();
  try {
    const data = JSON.parse(readFileSync(path, "utf8")) as Partial<SessionState>;
    return {
      injected: strings(data.injected),
      captured: strings(data.captured),
      awaiting: strings(data.awaiting),
    };
  } catch {
    return emptySession();
  }
}

export function writeSession(projectRoot: string, sessionId: string, state: SessionState, now: Date): void {
  const dir = hooksDir(projectRoot, "sessions");
  writeFileSync(fileOf(projectRoot, sessionId), `${JSON.stringify(state)}\n`);
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (now.getTime() - statSync(path).mtimeMs > KEEP_MS) rmSync(path, { force: true });
  }
}
