// Keeps every answer under the host answer bound (core's HOST_ANSWER_BYTES, in bytes of the JSON-RPC
// message as sent: text and structuredContent both), shedding the least useful detail first.
import { answerBytes, HOST_ANSWER_BYTES } from "@archon/core";
import type { DocumentResult } from "../validation/validate-document.js";
import type { ActionPage, CutView, DocumentAnswer, PagedInvocation } from "./answer-schemas.js";
import type { Envelope } from "./envelope.js";
import { MAX_HEADING_CHARS, MAX_LISTED_HEADINGS, MAX_LISTED_VIOLATIONS } from "./limits.js";
import type { Action } from "./protocol.js";

/**
 * An oversized spawn_subagents envelope carries stubs instead of prompts; the host fetches the action with
 * `stateTool`, the state tool's name as the host sees it registered.
 */
export function boundEnvelope(envelope: Envelope, stateTool: string, budget = HOST_ANSWER_BYTES): Envelope {
  if (answerBytes(envelope) <= budget) return envelope;
  let out = envelope;
  if (out.action.kind === "spawn_subagents") {
    const invocations = out.action.invocations.map((i) => ({
      ...i,
      prompt: `[stub: the ${i.prompt.length}-character prompt is omitted to keep this answer under ${budget} bytes; fetch the full action with ${stateTool}(run_id, format: "action")]`,
    }));
    out = {
      ...out,
      action: { ...out.action, invocations },
      messages: [
        ...out.messages,
        {
          level: "warning",
          text: `Prompts were replaced by stubs (response too large). Call ${stateTool} with format "action" for the full prompts before spawning.`,
        },
      ],
    };
  }
  if (answerBytes(out) > budget) {
    const dropped = out.messages.length;
    out = {
      ...out,
      messages: [
        { level: "warning", text: `${dropped} status messages were dropped to fit the response budget.` },
      ],
    };
  }
  return out;
}

/** Room a paged answer keeps for everything around its invocations. */
const PAGE_OVERHEAD = 2_000;

/** One piece of a paged batch: a whole invocation, or one part of a prompt too large for any answer. */
interface Piece {
  invocation: number;
  /** The prompt's slice for a split prompt; undefined for a whole invocation. */
  slice?: { index: number; count: number; start: number; end: number };
}

/** Cuts a prompt into slices that take at most `room` bytes of an answer, on character boundaries, in order. */
function promptSlices(prompt: string, room: number): { start: number; end: number }[] {
  const slices: { start: number; end: number }[] = [];
  let start = 0;
  while (start < prompt.length) {
    let length = Math.max(1, Math.floor(room / 2));
    while (length > 1 && answerBytes({ prompt: prompt.slice(start, start + length) }) > room)
      length = Math.floor(length / 2);
    // Never end a slice between the two halves of a surrogate pair: joined again, the text must be the same.
    let end = Math.min(prompt.length, start + length);
    const last = prompt.charCodeAt(end - 1);
    if (end < prompt.length && end - start > 1 && last >= 0xd800 && last <= 0xdbff) end -= 1;
    slices.push({ start, end });
    start = end;
  }
  return slices;
}

function piecesOf(invocations: readonly { prompt: string }[], budget: number, base: number): Piece[] {
  const pieces: Piece[] = [];
  invocations.forEach((invocation, i) => {
    if (base + answerBytes(invocation) <= budget) {
      pieces.push({ invocation: i });
      return;
    }
    const room = Math.max(1_000, budget - base - answerBytes({ ...invocation, prompt: "" }) - PAGE_OVERHEAD);
    const slices = promptSlices(invocation.prompt, room);
    slices.forEach((slice, index) => {
      pieces.push({ invocation: i, slice: { index, count: slices.length, ...slice } });
    });
  });
  return pieces;
}

/**
 * The pending action within the budget. A batch larger than it is paged by invocation; an invocation whose
 * prompt alone is larger comes as parts: `prompt_part: { index, count }`, one part per answer, which the host
 * joins in index order (no separator) before spawning. `part` and `next_part` count pieces.
 */
export function boundAction(action: Action, part: number, budget = HOST_ANSWER_BYTES): ActionPage {
  if (answerBytes({ action }) <= budget || action.kind !== "spawn_subagents")
    return { action, part: 0, next_part: null };
  const base = answerBytes({ action: { ...action, invocations: [] } }) + PAGE_OVERHEAD;
  const pieces = piecesOf(action.invocations, budget, base);
  const invocations: PagedInvocation[] = [];
  let size = base;
  let index = Math.max(0, part);
  for (; index < pieces.length; index++) {
    const piece = pieces[index] as Piece;
    const invocation = action.invocations[piece.invocation];
    if (!invocation) break;
    if (piece.slice) {
      // A part of a split prompt travels alone.
      if (invocations.length > 0) break;
      const { index: at, count, start, end } = piece.slice;
      invocations.push({
        ...invocation,
        prompt: invocation.prompt.slice(start, end),
        prompt_part: { index: at, count },
      });
      index += 1;
      break;
    }
    const cost = answerBytes(invocation);
    if (invocations.length > 0 && size + cost > budget) break;
    invocations.push(invocation);
    size += cost;
  }
  return {
    action: { ...action, invocations },
    part,
    next_part: index < pieces.length ? index : null,
    __bounded: {
      omitted: [],
      elided: [`pieces outside [${part}, ${index}) of ${pieces.length} are in other parts`],
    },
  };
}

/** Any view within the budget: itself when it fits, else what identifies it and says how to read the rest. */
export function fitView<V extends Partial<Omit<CutView, "__bounded">> & { run_id: string }>(
  view: V,
  hint: string,
  budget = HOST_ANSWER_BYTES,
): V | CutView {
  const size = answerBytes(view);
  if (size <= budget) return view;
  const { run_id, status, current_step, part, next_part } = view;
  const kept = Object.fromEntries(
    Object.entries({ status, current_step, part, next_part }).filter(([, v]) => v !== undefined),
  );
  return { run_id, ...kept, __bounded: { omitted: [`the whole view (${size} bytes)`], elided: [], hint } };
}

/**
 * The validate_prd_document answer: per-section counts (their violations are all in `overall`), at most
 * MAX_LISTED_VIOLATIONS violations and MAX_LISTED_HEADINGS headings per list, each list with a count of
 * what it left out, and `truncated` when anything was.
 */
export function boundDocumentResult(result: DocumentResult): DocumentAnswer {
  let truncated = false;
  const listed = <T>(items: readonly T[], max: number) => {
    const omitted = Math.max(0, items.length - max);
    if (omitted > 0) truncated = true;
    return { items: items.slice(0, max), omitted };
  };
  const withListed = (section: DocumentResult["overall"]) => {
    const { items, omitted } = listed(section.violations, MAX_LISTED_VIOLATIONS);
    return { ...section, violations: items, violations_omitted: omitted };
  };
  const headings = listed(result.unrecognised_headings, MAX_LISTED_HEADINGS);
  return {
    sections: result.sections.map(({ violations, ...rest }) => ({ ...rest, violations: violations.length })),
    document: withListed(result.document),
    overall: withListed(result.overall),
    unrecognised_headings: headings.items.map((h) => h.slice(0, MAX_HEADING_CHARS)),
    unrecognised_headings_omitted: headings.omitted,
    truncated,
  };
}
