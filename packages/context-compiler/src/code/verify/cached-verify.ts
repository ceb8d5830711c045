// verify_done with its cache: a verdict is stored under the hash of everything it depends on (the input,
// the knowledge version, the index state, the changed files' contents, git HEAD for history, the
// extractor), so asking again about the same change returns the same verdict without recomputing it, and
// any change to one of those asks afresh. The agent surface writes here and to .archon/last-verify.json:
// both are derived data, never knowledge, and the only things it may write.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { type Clock, hashCanonical, UserError } from "@archon/core";
import { runGit } from "../../knowledge/git.js";
import { readProjectBytes } from "../../knowledge/project-path.js";
import { readIndexState } from "../../store/symbols.js";
import { readVerifyCache, writeVerifyCache } from "../../store/verify-cache.js";
import { MAX_FILE_BYTES } from "../limits.js";
import { extractorVersion } from "../parser.js";
import { gitBlobSha } from "../scan-files.js";
import { changedFiles } from "./changed-files.js";
import { writeLastVerify } from "./last-verify.js";
import { type Verdict, type VerifyInput, type VerifySources, verifyDone } from "./verify-done.js";

export interface CachedVerdict extends Verdict {
  cache: { key: string; hit: boolean; verified_at: string };
}

const CACHE_FORMAT = 2;

/** The file's git blob sha; null where verify_done does not read it (refused, missing, over its size). */
function contentSha(root: string, path: string): string | null {
  try {
    return gitBlobSha(readProjectBytes(root, path, "changed_files", MAX_FILE_BYTES));
  } catch (error) {
    if (error instanceof UserError) return null;
    throw error;
  }
}

function cacheKey(sources: VerifySources, input: VerifyInput): string {
  const root = sources.projectRoot;
  const files = changedFiles(root, input.diff, input.changed_files ?? []);
  // Read through the project read guard: a link out of the project is hashed as nothing (verify_done itself
  // refuses it), so an outside file's content never keys a verdict.
  const contents = files.map((f) => [
    f.path,
    existsSync(join(root, f.path)) ? contentSha(root, f.path) : null,
  ]);
  return hashCanonical({
    format: CACHE_FORMAT,
    extractor: extractorVersion(),
    diff: input.diff ?? null,
    changed_files: [...new Set(input.changed_files ?? [])].sort(),
    knowledge_version: sources.index.knowledge_version,
    index_state: readIndexState(sources.db)?.state_hash ?? null,
    contents,
    // composer.json's psr-4 folders decide which tests mirror a PHP file.
    composer: existsSync(join(root, "composer.json")) ? contentSha(root, "composer.json") : null,
    head: runGit(root, ["rev-parse", "HEAD"])?.trim() ?? null,
  });
}

export async function cachedVerifyDone(
  sources: VerifySources & { clock: Clock },
  input: VerifyInput,
): Promise<CachedVerdict> {
  const key = cacheKey(sources, input);
  const hit = readVerifyCache(sources.db, key);
  let verdict: Verdict;
  let verified_at: string;
  if (hit) {
    verdict = JSON.parse(hit.result) as Verdict;
    verified_at = hit.created_at;
  } else {
    verdict = await verifyDone(sources, input);
    verified_at = sources.clock.now().toISOString();
    try {
      writeVerifyCache(sources.db, {
        cache_key: key,
        created_at: verified_at,
        knowledge_version: verdict.knowledge_version,
        index_state: verdict.index_state ?? "",
        result: JSON.stringify(verdict),
      });
    } catch {
      // Fail-open: a database that cannot be written loses the cache entry, never the verdict.
    }
  }
  try {
    writeLastVerify(sources.projectRoot, {
      cache_key: key,
      verified_at,
      verdict: verdict.verdict,
      violations: verdict.violations.length,
      files: verdict.checked.files.length,
      knowledge_version: verdict.knowledge_version,
      index_state: verdict.index_state ?? "",
      compacted_at: null,
      reinjected_at: null,
    });
  } catch {
    // The pointer only serves re-injection after compaction; without it the verdict still stands.
  }
  return { ...verdict, cache: { key, hit: hit !== undefined, verified_at } };
}
