// The file reads the Read hook records (.archon/hooks/reads.jsonl), one JSON line per read, capped by
// rotating into one older generation. Only node: built-ins: the hook that appends runs on every file read.
import { appendFileSync, existsSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { HOOKS_DIR, hooksDir } from "./hooks-dir.js";

export interface ReadRecord {
  /** Repository-relative, forward slashes. */
  path: string;
  session_id: string | null;
  /** ISO time of the read. */
  at: string;
}

const DIR = HOOKS_DIR;
const CURRENT = "reads.jsonl";
const OLDER = "reads.1.jsonl";
/** Past this the file becomes the older generation: two generations bound the log near 2 MiB. */
const MAX_BYTES = 1024 * 1024;

/** Appends one record; rotates first when the current file is full. Throws what the file system throws. */
export function appendRead(projectRoot: string, record: ReadRecord, maxBytes = MAX_BYTES): void {
  const dir = join(projectRoot, DIR);
  const current = join(dir, CURRENT);
  let size = -1;
  try {
    size = statSync(current).size;
  } catch {
    hooksDir(projectRoot);
  }
  // A second hook rotating at the same moment finds the file gone: its line starts the new one.
  if (size >= maxBytes)
    try {
      renameSync(current, join(dir, OLDER));
    } catch {}
  appendFileSync(current, `${JSON.stringify(record)}\n`);
}

const isRecord = (v: unknown): v is ReadRecord =>
  typeof v === "object" &&
  v !== null &&
  typeof (v as ReadRecord).path === "string" &&
  typeof (v as ReadRecord).at === "string" &&
  ((v as ReadRecord).session_id === null || typeof (v as ReadRecord).session_id === "string");

function readGeneration(path: string): ReadRecord[] {
  if (!existsSync(path)) return [];
  const out: ReadRecord[] = [];
  for (const line of readFileSync(path, "utf8").split("\n")) {
    if (line.trim() === "") continue;
    try {
      const parsed: unknown = JSON.parse(line);
      // A line cut short by a crash, or written by hand, is skipped rather than failing a report.
      if (isRecord(parsed)) out.push(parsed);
    } catch {}
  }
  return out;
}

/** Every kept record, oldest generation first, each in the order it was written. */
export function readReads(projectRoot: string): ReadRecord[] {
  const dir = join(projectRoot, DIR);
  return [...readGeneration(join(dir, OLDER)), ...readGeneration(join(dir, CURRENT))];
}

/**
 * Drops records read before `before` (ISO) from both generations; returns how many went. A read the hook
 * appends while this rewrites the file can be lost: these records are a quality signal, not an audit.
 */
export function pruneReadsBefore(projectRoot: string, before: string): number {
  const dir = join(projectRoot, DIR);
  let removed = 0;
  for (const name of [OLDER, CURRENT]) {
    const path = join(dir, name);
    if (!existsSync(path)) continue;
    const records = readGeneration(path);
    const kept = records.filter((r) => r.at >= before);
    if (kept.length === records.length) continue;
    removed += records.length - kept.length;
    const temp = `${path}.tmp`;
    writeFileSync(temp, kept.map((r) => `${JSON.stringify(r)}\n`).join(""));
    renameSync(temp, path);
  }
  return removed;
}
