// The payload each observation event carries, checked when observe records it and again when it is analyzed.
import { UserError } from "@archon/core";
import { z } from "zod";
import type { ObservationEvent } from "../../vocabulary/lifecycle.js";
import { redactSecrets } from "../secret-scan.js";

const text = z.string().trim().min(1);
const files = z.array(text).min(1);
/** Content is kept byte for byte (a trailing newline is part of a document), but must not be blank. */
const content = z.string().refine((s) => s.trim() !== "", "must not be blank");
/** document_import, doc_gap_detected and session_note carry whatever their reporter found useful. */
const freeForm = z.record(z.string(), z.unknown());

// Typed payloads are strict so a misspelt field (target_file) is named instead of silently dropped.
export const observationPayloads = {
  compile_miss: z
    .object({
      target_files: files,
      review_comment: text,
      missing_doc: text.optional(),
      target_doc_id: text.optional(),
      // The compile that missed or misdelivered the rule, so eval can count it against that delivery.
      compile_id: text.optional(),
    })
    .strict(),
  review_correction: z
    .object({
      target_doc_id: text,
      proposed_content: content,
      review_comment: text,
      compile_id: text.optional(),
    })
    .strict(),
  pr_merged: z.object({ changed_files: files, pr_title: z.string().optional() }).strict(),
  manual_note: z
    .object({ note: text, hints: z.array(z.string()).optional(), abstract: text.optional() })
    .strict(),
  document_import: freeForm,
  doc_gap_detected: freeForm,
  session_note: freeForm,
} as const satisfies Record<ObservationEvent, z.ZodType>;

export type ObservationPayload<E extends ObservationEvent> = z.infer<(typeof observationPayloads)[E]>;

/** What each event needs, for error hints and the observe tool's description. */
export const PAYLOAD_SHAPES: Record<ObservationEvent, string> = {
  compile_miss: "target_files[] and review_comment (optional missing_doc, target_doc_id)",
  review_correction: "target_doc_id, proposed_content and review_comment",
  pr_merged: "changed_files[] (optional pr_title)",
  manual_note: "note (optional hints[], abstract)",
  document_import: "a free-form object (title and content make it proposable)",
  doc_gap_detected: "a free-form object",
  session_note: "a free-form object",
};

export type PayloadCheck<E extends ObservationEvent> =
  | { ok: true; payload: ObservationPayload<E> }
  | { ok: false; field: string; problems: string };

/** Checks a payload for its event; on failure names the first wrong field and lists every problem. */
export function checkObservationPayload<E extends ObservationEvent>(
  event: E,
  payload: unknown,
): PayloadCheck<E> {
  const parsed = observationPayloads[event].safeParse(payload);
  if (parsed.success) return { ok: true, payload: parsed.data as ObservationPayload<E> };
  const issues = parsed.error.issues.map((issue) => {
    const keys = issue.code === "unrecognized_keys" ? issue.keys.join(", ") : issue.path.join(".");
    return { field: keys === "" ? "payload" : `payload.${keys}`, message: issue.message };
  });
  return {
    ok: false,
    field: issues[0]?.field ?? "payload",
    problems: issues.map((i) => `${i.field}: ${i.message}`).join("; "),
  };
}

/** Parses a payload for its event or throws a UserError naming the wrong field. */
export function parseObservationPayload<E extends ObservationEvent>(
  event: E,
  payload: unknown,
): ObservationPayload<E> {
  const check = checkObservationPayload(event, payload);
  if (check.ok) return check.payload;
  // A misspelt key is named back, and the key may be a pasted secret.
  throw new UserError(
    `Invalid ${event} payload: ${redactSecrets(check.problems).text}.`,
    `${event} needs ${PAYLOAD_SHAPES[event]}.`,
    redactSecrets(check.field).text,
  );
}
