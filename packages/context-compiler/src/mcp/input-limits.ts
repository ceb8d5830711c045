// The most any tool input may carry, by name, and the zod pieces that hold fields to it. Each limit sits
// far above legitimate use and well under what one stdio message (10 MiB) or one answer (4 MiB) can take,
// so an oversized field is refused by name before any work is done.
import { z } from "zod";
import { MAX_DOCUMENT_CONTENT } from "../vocabulary/knowledge-model.js";

const MiB = 1024 * 1024;

/** Strings are counted in characters, lists in entries, free-form objects in characters of their JSON. */
export const LIMITS = {
  /** An id of a document, proposal, bundle, observation, compile or template; a layer; a command; an agent. */
  id: 256,
  /** A title shown in lists. */
  title: 1000,
  /** One intent tag. */
  tag: 200,
  /** Tags on a document or in one compile. */
  tags: 200,
  /** A repo-relative path or glob: PATH_MAX on Linux. */
  path: 4096,
  /** Paths in one call: a compile of 2,000 files must pass. */
  files: 5000,
  /** Layers named in one compile. */
  layers: 200,
  /** The plan of a compile or a search text: a paragraph pasted whole fits many times over. */
  plan: 32 * 1024,
  /** A description a plan is matched against; a reason for a rejection. */
  description: 16 * 1024,
  /** A document's inline content (vocabulary/knowledge-model.ts). */
  content: MAX_DOCUMENT_CONTENT,
  /** Items in one import plan (analyze_import_batch reads at most 200 files). */
  importItems: 2000,
  /** Edge hints or dependencies of one document. */
  edges: 500,
  /** Edge scopes in one call, and globs replacing one scope. */
  scopes: 1000,
  /** Values picked from a fixed set in one call (deploy targets). */
  choices: 100,
  /** Ids in one call (observations to archive, documents to sync). */
  ids: 5000,
  /** An observation's payload or a proposal's modifications, as JSON: room for one content and its files. */
  payload: 2 * MiB,
  /** Template placeholder overrides, as JSON. */
  placeholders: 64 * 1024,
  /** max_inline_bytes: a 1 MB rule file inline fits, and twice the inline bytes stay under one answer. */
  inlineBytes: MiB,
} as const;

/** A string of at most `max` characters; the error names the size and the limit (the SDK adds the field). */
export const text = (max: number) =>
  z.string().max(max, {
    error: (issue) => `too long (${(issue.input as string).length} characters; the limit is ${max})`,
  });

/** A list of at most `max` entries. */
export const list = <T extends z.ZodType>(item: T, max: number) =>
  z.array(item).max(max, {
    error: (issue) => `too many entries (${(issue.input as unknown[]).length}; the limit is ${max})`,
  });

/** A free-form object whose JSON is at most `max` characters: its shape is checked later, its size here. */
export const jsonObject = <V extends z.ZodType>(value: V, max: number) =>
  z.record(z.string(), value).refine((object) => JSON.stringify(object).length <= max, {
    error: (issue) =>
      `too large (${JSON.stringify(issue.input).length} characters as JSON; the limit is ${max})`,
  });
