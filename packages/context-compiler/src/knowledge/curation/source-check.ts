// Compares a file-anchored document with its source on disk: the one drift check sync_docs and doctor share.
import { sha256, UserError } from "@archon/core";
import { extractAnchored, parseSourceRef } from "../../read/source-anchor.js";
import type { AnchoredDoc } from "../../store/documents.js";
import { normalizeNewlines } from "../imports/split-units.js";
import { readProjectFile } from "../project-path.js";
import { RULE_FILES_DIR, ruleFileBody } from "../rule-files/rule-file-text.js";

export type SourceStatus = "unchanged" | "drifted" | "missing_file" | "missing_anchor";

export interface SourceCheck {
  doc_id: string;
  source_path: string;
  status: SourceStatus;
  /** Why the source could not be read (missing_file, missing_anchor). */
  reason?: string;
  /** The anchored text as it is on disk now (drifted only). */
  current_content?: string;
}

/**
 * Text as the importers store it: no byte-order mark, `\n` line ends, no blank lines or trailing spaces
 * around it. import-rules keeps a rule file's body trimmed while seed and import_doc keep the file as
 * read, so both sides of the comparison go through this before they are compared.
 */
const comparable = (text: string) =>
  normalizeNewlines(text)
    .replace(/^(?:[ \t]*\n)+/, "")
    .trimEnd();

export function checkSource(projectRoot: string, doc: AnchoredDoc): SourceCheck {
  const base = { doc_id: doc.doc_id, source_path: doc.source_path };
  const ref = parseSourceRef(doc.source_path);
  let text: string;
  try {
    text = readProjectFile(projectRoot, ref.path, "source_path").text;
    // A document whose source is its own rule file: the text is what follows the front matter.
    if (ref.path.startsWith(`${RULE_FILES_DIR}/`)) text = ruleFileBody(text);
  } catch (error) {
    // The sandbox's refusals (gone, outside the root, not a file) all mean: the source cannot be read.
    const reason = error instanceof UserError ? error.message : (error as Error).message;
    return { ...base, status: "missing_file", reason };
  }
  const anchored = extractAnchored(text, ref.anchor);
  if (anchored === undefined) {
    const where =
      ref.anchor?.kind === "lines"
        ? `lines ${ref.anchor.start}-${ref.anchor.end} (the file has ${text.split("\n").length})`
        : `the '## ${ref.anchor?.kind === "section" ? ref.anchor.heading : ""}' section`;
    return { ...base, status: "missing_anchor", reason: `${ref.path} no longer has ${where}.` };
  }
  if (sha256(anchored) === doc.content_hash || comparable(anchored) === comparable(doc.content))
    return { ...base, status: "unchanged" };
  return { ...base, status: "drifted", current_content: anchored };
}
