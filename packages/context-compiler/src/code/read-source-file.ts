// One source file read for the symbol index: through the project read guard (a link that leads out of the
// project is refused, never followed), bounded in size and in parsing time, and turned into its rows.
import { lstatSync } from "node:fs";
import { join } from "node:path";
import { UserError } from "@archon/core";
import { FileTooLargeError, readProjectFile, sourcePathOutside } from "../knowledge/project-path.js";
import type { FileRows, FileStatus } from "../store/symbols.js";
import { extractFile, TIMED_OUT } from "./extract-symbols.js";
import { languageOf } from "./languages.js";
import { MAX_FILE_BYTES } from "./limits.js";
import type { ScannedFile } from "./scan-files.js";
import { symbolId } from "./symbol-model.js";

/**
 * Why a listed file has no symbols. `outside_project`: the read guard refused it, its real path (links
 * followed) being outside the project; `remembered_timeout`: an earlier run timed out on this very
 * content, so it was not parsed again.
 */
export type SkipReason = "too_large" | "unreadable" | "timed_out" | "outside_project" | "remembered_timeout";

/** The rows of a file that was read, or gone (deleted, or of no indexed language), with why it was skipped. */
export type SourceRead = { rows: FileRows; skipped?: SkipReason } | "gone";

/** The reason a later run gives for a file it kept, unchanged, without symbols. */
export const rememberedReason = (status: Exclude<FileStatus, "indexed">): SkipReason =>
  status === "timed_out" ? "remembered_timeout" : status;

const isGone = (root: string, path: string) => {
  try {
    lstatSync(join(root, path));
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ENOENT";
  }
};

/** The text of a file of the project, or why it is skipped; "gone" when nothing is there any more. */
function readSource(root: string, path: string): { text: string } | { skipped: SkipReason } | "gone" {
  try {
    return { text: readProjectFile(root, path, "file_path", MAX_FILE_BYTES).text };
  } catch (error) {
    if (error instanceof FileTooLargeError) return { skipped: "too_large" };
    if (isGone(root, path)) return "gone";
    if (error instanceof UserError && sourcePathOutside(root, path) !== undefined)
      return { skipped: "outside_project" };
    return { skipped: "unreadable" };
  }
}

/** The rows for one file: its symbols and edges as extracted, every edge still to be resolved. */
export async function readSourceFile(
  root: string,
  file: ScannedFile,
  extractor: string,
  parseBudgetMs?: number,
): Promise<SourceRead> {
  const of = languageOf(file.path);
  if (!of) return "gone";
  const base = { path: file.path, language: of.language, content_sha: file.sha, namespace: null, extractor };
  const empty = (status: Exclude<FileStatus, "indexed">, skipped: SkipReason): SourceRead => ({
    rows: { file: { ...base, status }, symbols: [], edges: [], imports: [] },
    skipped,
  });
  const read = readSource(root, file.path);
  if (read === "gone") return "gone";
  // A refused link is stored as unreadable: remembered by its sha, so later runs do not knock again.
  if ("skipped" in read)
    return empty(read.skipped === "too_large" ? "too_large" : "unreadable", read.skipped);
  let extracted: Awaited<ReturnType<typeof extractFile>>;
  try {
    extracted = await extractFile(file.path, read.text, parseBudgetMs);
  } catch {
    return empty("unreadable", "unreadable");
  }
  if (!extracted) return "gone";
  if (extracted === TIMED_OUT) return empty("timed_out", "timed_out");
  const id = (qualified: string) => symbolId(of.language, file.path, qualified);
  return {
    rows: {
      file: { ...base, namespace: extracted.namespace, status: "indexed" },
      symbols: extracted.symbols.map((s) => ({
        symbol_id: id(s.qualified_name),
        path: file.path,
        language: of.language,
        ...s,
      })),
      edges: extracted.references.map((r, seq) => ({
        path: file.path,
        seq,
        from_symbol_id: r.from === null ? null : id(r.from),
        edge_type: r.edge_type,
        to_name: r.to_name,
        qualifier: r.qualifier,
        line: r.line,
        to_symbol_id: null,
        resolution: "unresolved",
        candidates: 0,
      })),
      imports: extracted.imports.map((i, seq) => ({
        path: file.path,
        seq,
        line: i.line,
        source: i.source,
        imported: i.imported,
        local_name: i.local,
        text: i.text,
        resolved_path: null,
      })),
    },
  };
}
