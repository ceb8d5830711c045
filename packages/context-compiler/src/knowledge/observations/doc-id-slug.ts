// Deterministic document ids from text: a slug of the first meaningful words, unique in the database.
import { type Db, InternalError } from "@archon/core";
import { docIdInUse } from "../../store/documents.js";
import { docIdProposed } from "../../store/proposals.js";
import { DOC_ID_PATTERN } from "../../vocabulary/knowledge-model.js";

/** Lead-ins and filler that say nothing about the rule itself ("from now on, please don't ..."). */
const FILLER = new Set(
  "a an and the from now on going forward we i you please that this to of for is are be should decided have".split(
    " ",
  ),
);
const MAX_WORDS = 5;
const MAX_SLUG = 60;

/** `Don't run tests unless I say so` → `dont-run-tests-unless-say`; '' when nothing is left. */
export function slugOf(text: string, maxWords = MAX_WORDS): string {
  const words = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['\u2018\u2019\u02bc]/g, "")
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== "" && !FILLER.has(w));
  let slug = "";
  for (const word of words.slice(0, maxWords)) {
    const next = slug === "" ? word : `${slug}-${word}`;
    if (next.length > MAX_SLUG) break;
    slug = next;
  }
  return slug === "" ? (words[0]?.slice(0, MAX_SLUG) ?? "") : slug;
}

/** Whether a document or a pending new_doc proposal already uses `docId`. */
export const docIdTaken = (db: Db, docId: string): boolean =>
  docIdInUse(db, docId) || docIdProposed(db, docId);

/** `prefix` + slug of `text`, with `-2`, `-3`, ... appended until no document or pending proposal uses it. */
export function uniqueDocId(db: Db, prefix: string, text: string, fallback = "note"): string {
  const base = `${prefix}${slugOf(text) || fallback}`;
  if (!DOC_ID_PATTERN.test(base)) throw new InternalError(`derived doc_id "${base}" breaks DOC_ID_PATTERN`);
  if (!docIdTaken(db, base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!docIdTaken(db, candidate)) return candidate;
  }
}

/** The first sentence (or line) of `text`, at most `max` characters: a readable title. */
export function firstSentence(text: string, max = 120): string {
  const trimmed = text.trim();
  const line = trimmed.split(/\r?\n/)[0] ?? trimmed;
  const sentence = line.match(/^.*?[.!?](?=\s|$)/)?.[0] ?? line;
  return sentence.length <= max ? sentence : `${sentence.slice(0, max - 1).trimEnd()}…`;
}
