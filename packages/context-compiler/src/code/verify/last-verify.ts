// .archon/last-verify.json: a small pointer to the last verdict, so the PreCompact and SessionStart hooks
// can put it back into an agent's context after compaction. Ephemeral: the verdict itself is in the cache.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { writeProjectFile } from "../../knowledge/project-write.js";

export const LAST_VERIFY_FILE = ".archon/last-verify.json";

export interface LastVerify {
  cache_key: string;
  verified_at: string;
  verdict: "pass" | "fail";
  violations: number;
  files: number;
  knowledge_version: number;
  index_state: string;
  /** When a compaction began after this verdict (PreCompact), until it has been re-injected. */
  compacted_at: string | null;
  reinjected_at: string | null;
}

export function readLastVerify(root: string): LastVerify | undefined {
  const path = join(root, LAST_VERIFY_FILE);
  if (!existsSync(path)) return undefined;
  try {
    const data = JSON.parse(readFileSync(path, "utf8")) as Partial<LastVerify>;
    return typeof data.cache_key === "string" && typeof data.verified_at === "string"
      ? ({ compacted_at: null, reinjected_at: null, ...data } as LastVerify)
      : undefined;
  } catch {
    return undefined;
  }
}

export function writeLastVerify(root: string, pointer: LastVerify): void {
  writeProjectFile({ root }, join(root, LAST_VERIFY_FILE), `${JSON.stringify(pointer, null, 2)}\n`);
}
