// The payload each proposal type carries, validated before a proposal is stored and again when applied.
import { UserError } from "@archon/core";
import { z } from "zod";
import { DOC_ID_PATTERN, DOC_KINDS, EDGE_TYPES } from "../vocabulary/knowledge-model.js";
import type { ProposalType } from "../vocabulary/lifecycle.js";

const docId = z
  .string()
  .regex(DOC_ID_PATTERN, "letters, digits, '.', '_' or '-', starting with a letter or digit");
/**
 * Why a source_path (a repo-relative file, maybe with `#Heading` or `#L3-L9`) cannot be one: it is handed
 * to agents as a file to read, so it must name a file inside the project. Only whole `..` segments climb:
 * `..foo.md` is a file name. Where a path really lands (links) is checked against the root on approval.
 */
export function sourcePathProblem(sourcePath: string): string | undefined {
  const file = sourcePath.split("#", 1)[0] as string;
  if (file.trim() === "") return "names no file";
  if (file.includes("\0")) return "holds a NUL character";
  if (/^([\\/]|[A-Za-z]:)/.test(file)) return "is absolute; give a path relative to the project root";
  if (file.split(/[\\/]/).includes("..")) return "climbs out with '..'; give a path inside the project";
  return undefined;
}

const sourcePath = z.string().superRefine((value, ctx) => {
  const problem = sourcePathProblem(value);
  if (problem) ctx.addIssue({ code: "custom", message: `"${value}" ${problem}` });
});

const edgeHint = z.object({ edge_type: z.enum(EDGE_TYPES), source_value: z.string().min(1) }).strict();

export const proposalPayloads = {
  new_doc: z
    .object({
      doc_id: docId,
      title: z.string().min(1),
      kind: z.enum(DOC_KINDS).default("guideline"),
      content: z.string(),
      source_path: sourcePath.nullable().default(null),
      priority: z.number().int().default(100),
      /** One line a plan is matched against (a rule its author applies "when relevant"). */
      description: z.string().min(1).optional(),
      edge_hints: z.array(edgeHint).default([]),
      depends_on: z.array(docId).default([]),
      tags: z.array(z.string().min(1)).optional(),
      /** "standing" for a captured decision; it is also written to .archon/rules.md. */
      origin: z.enum(["standing"]).nullable().default(null),
    })
    .strict(),
  update_doc: z
    .object({
      doc_id: docId,
      title: z.string().min(1).optional(),
      kind: z.enum(DOC_KINDS).optional(),
      content: z.string().optional(),
      source_path: sourcePath.nullable().optional(),
      priority: z.number().int().optional(),
      description: z.string().min(1).nullable().optional(),
      /** The content_hash the proposal was written against; approval refuses if the document moved on. */
      base_content_hash: z.string().optional(),
    })
    .strict(),
  add_edge: z
    .object({ edge_type: z.enum(EDGE_TYPES), source_value: z.string().min(1), target_doc_id: docId })
    .strict(),
  remove_edge: z.object({ edge_id: z.number().int().positive() }).strict(),
  deprecate_doc: z.object({ doc_id: docId, reason: z.string().optional() }).strict(),
} as const;

export type ProposalPayload<T extends ProposalType> = z.infer<(typeof proposalPayloads)[T]>;

/** Parses a payload for its type, or throws a UserError listing each wrong field. */
export function parsePayload<T extends ProposalType>(type: T, payload: unknown): ProposalPayload<T> {
  const parsed = proposalPayloads[type].safeParse(payload);
  if (!parsed.success) {
    const fields = parsed.error.issues
      .map((i) => `${i.path.join(".") || "payload"}: ${i.message}`)
      .join("; ");
    throw new UserError(`Invalid ${type} payload: ${fields}.`, undefined, "payload");
  }
  return parsed.data as ProposalPayload<T>;
}
