// Document discovery for the SessionStart hook: doc-like files that appeared since the last run and are
// neither a document's source nor a pending proposal's, announced with a pointer to the bulk-import skill.
// It proposes nothing (P-3): the import still goes through proposals a person approves. The first run
// takes a baseline: the files already there were the initial import's business.
import type { Clock, Db } from "@archon/core";
import { archonOwnedReason } from "../knowledge/imports/archon-owned.js";
import { classify } from "../knowledge/imports/discover-rule-files.js";
import { listProjectFiles, SKIPPED_FOLDERS } from "../knowledge/project-files.js";
import { readProjectFile } from "../knowledge/project-path.js";
import {
  discoveredPaths,
  knownSourceFiles,
  lastDiscoveryRun,
  recordDiscoveryRun,
} from "../store/document-discovery.js";

const DOC_EXTENSIONS = /\.(md|mdx|markdown|rst|adoc)$/i;
/** Files every repository has that are not rules or design documents. */
const NOT_DOCS =
  /^(changelog|changes|history|license|licence|copying|notice|authors|contributors|code_of_conduct)(\.|$)/i;
/** Names listed in the announcement; the rest are counted. */
const LISTED = 10;

export interface Discovery {
  /** The first run only records what is there and announces nothing. */
  first_run: boolean;
  candidates: string[];
}

/** A file a person could import as a document: doc-like, not archon's, not an instruction file import-rules reads. */
function docLike(path: string): boolean {
  const segments = path.split("/");
  const base = segments.at(-1) as string;
  return (
    DOC_EXTENSIONS.test(base) &&
    !NOT_DOCS.test(base) &&
    !segments.some((s) => SKIPPED_FOLDERS.has(s)) &&
    classify(path) === undefined &&
    !/(^|\/)\.[^/]+\/skills\//.test(path)
  );
}

const archonsOwn = (root: string, path: string) => {
  try {
    return archonOwnedReason(readProjectFile(root, path).text) !== undefined;
  } catch {
    return true; // unreadable or a link out of the project: nothing a person could import either
  }
};

export function discoverDocuments(db: Db, root: string, clock: Clock): Discovery {
  const present = listProjectFiles(root).files.filter(docLike);
  const seen = discoveredPaths(db);
  const known = knownSourceFiles(db);
  const first = lastDiscoveryRun(db) === undefined;
  const fresh = present.filter((p) => !seen.has(p));
  const candidates = first ? [] : fresh.filter((p) => !known.has(p) && !archonsOwn(root, p));
  const here = new Set(present);
  recordDiscoveryRun(
    db,
    clock.now().toISOString(),
    fresh,
    [...seen].filter((p) => !here.has(p)),
  );
  return { first_run: first, candidates };
}

/** The SessionStart line for new candidates; empty when there are none. */
export function announceCandidates(candidates: readonly string[]): string {
  if (candidates.length === 0) return "";
  const names = candidates.slice(0, LISTED).join(", ");
  const more = candidates.length > LISTED ? ` and ${candidates.length - LISTED} more` : "";
  return `archon: ${candidates.length} new document candidate${candidates.length === 1 ? "" : "s"} since the last session (${names}${more}): not documents or pending proposals yet. To bring them in, use the archon-bulk-import skill; nothing was proposed.`;
}
