// The file reads the Read hook records (.archon/hooks/reads.jsonl), one JSON line per read, capped by
// rotating into one older generation. Written and read only through the project's guards (hooks-dir.ts):
// a repository could commit the log as a link to a file outside, such as a shell's start-up file.
import { statSync } from "node:fs";
import { join } from "node:path";
import { appendProjectFile, renameProjectFile, replaceProjectFile } from "../knowledge/project-write.js";
import { HOOKS_DIR, hooksDir, readHooksFile } from "./hooks-dir.js";

export interface ReadRecord {
  /** Repository-relative, forward slashes. */
  path: string;
  session_id: string | null;
  /** ISO time of the read. */
  at: string;
}

const CURRENT = "reads.jsonl";
const OLDER = "reads.1.jsonl";
/** Past this the file becomes the older generation: two generations bound the log near 2 MiB. */
const MAX_BYTES = 1024 * 1024;

/**
 * Appends one record; rotates first when the current file is full. Throws what the file system throws,
 * and a UserError when a link would take the line out of the project.
 */
export function appendRead(projectRoot: string, record: ReadRecord, maxBytes = MAX_BYTES): void {
  const roots = { root: projectRoot };
  const dir = hooksDir(projectRoot);
  const current = join(dir, CURRENT);
  let size = -1;
  try {
    size = statSync(current).size;
  } catch {}
  // A second hook rotating at the same moment finds the file gone: its line starts the new one.
  if (size >= maxBytes)
    try {
      renameProjectFile(roots, current, join(dir, OLDER));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  appendProjectFile(roots, current, `${JSON.stringify(record)}\n`);
}

const isRecord = (v: unknown): v is ReadRecord =>
  typeof v === "object" &&
  v !== null &&
  typeof (v as ReadRecord).path === "string" &&
  typeof (v as ReadRecord).at === "string" &&
  ((v as ReadRecord).session_id === null || typeof (v as ReadRecord).session_id === "string");

function readGeneration(projectRoot: string, name: string): ReadRecord[] {
  const text = readHooksFile(projectRoot, name);
  if (text === undefined) return [];
  const out: ReadRecord[] = [];
  for (const line of text.split("\n")) {
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
  return [...readGeneration(projectRoot, OLDER), ...readGeneration(projectRoot, CURRENT)];
}

/**
 * Drops records read before `before` (ISO) from both generations; returns how many went. A read the hook
 * appends while this rewrites the file can be lost: these records are a quality signal, not an audit.
 */
export function pruneReadsBefore(projectRoot: string, before: string): number {
  let removed = 0;
  for (const name of [OLDER, CURRENT]) {
    const records = readGeneration(projectRoot, name);
    const kept = records.filter((r) => r.at >= before);
    if (kept.length === records.length) continue;
    removed += records.length - kept.length;
    replaceProjectFile(
      { root: projectRoot },
      join(projectRoot, HOOKS_DIR, name),
      kept.map((r) => `${JSON.stringify(r)}\n`).join(""),
    );
  }
  return removed;
}
