// Keeps every response under the 100,000-character budget, shedding the least useful detail first.
import type { DocumentResult } from "../validation/validate-document.js";
import type { Envelope } from "./envelope.js";
import { MAX_HEADING_CHARS, MAX_LISTED_HEADINGS, MAX_LISTED_VIOLATIONS } from "./limits.js";
import type { Action } from "./protocol.js";
import type { RunState } from "./state.js";

export const RESPONSE_BUDGET = 100_000;

/** Size as the host receives it: the pretty-printed JSON text of the tool result. */
export function sizeOf(value: unknown): number {
  return JSON.stringify(value, null, 2).length;
}

export interface BoundedNote {
  omitted: string[];
  elided: string[];
}

/**
 * An oversized spawn_subagents envelope carries stubs instead of prompts; the host fetches the action with
 * `stateTool`, the state tool's name as the host sees it registered.
 */
export function boundEnvelope(envelope: Envelope, stateTool: string, budget = RESPONSE_BUDGET): Envelope {
  if (sizeOf(envelope) <= budget) return envelope;
  let out = envelope;
  if (out.action.kind === "spawn_subagents") {
    const invocations = out.action.invocations.map((i) => ({
      ...i,
      prompt: `[stub: the ${i.prompt.length}-character prompt is omitted to keep this response under ${budget} characters; fetch the full action with ${stateTool}(run_id, format: "action")]`,
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
  if (sizeOf(out) > budget) {
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

/** Cuts a prompt into slices whose JSON text fits `room`, on character boundaries, in order. */
function promptSlices(prompt: string, room: number): { start: number; end: number }[] {
  const slices: { start: number; end: number }[] = [];
  let start = 0;
  while (start < prompt.length) {
    let length = Math.max(1, Math.floor(room / 2));
    while (length > 1 && JSON.stringify(prompt.slice(start, start + length)).length > room)
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
    if (base + sizeOf(invocation) <= budget) {
      pieces.push({ invocation: i });
      return;
    }
    const room = Math.max(1_000, budget - base - sizeOf({ ...invocation, prompt: "" }) - PAGE_OVERHEAD);
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
export function boundAction(action: Action, part: number, budget = RESPONSE_BUDGET): Record<string, unknown> {
  if (sizeOf({ action }) <= budget || action.kind !== "spawn_subagents")
    return { action, part: 0, next_part: null };
  const base = sizeOf({ action: { ...action, invocations: [] } }) + PAGE_OVERHEAD;
  const pieces = piecesOf(action.invocations, budget, base);
  const invocations: Record<string, unknown>[] = [];
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
    const cost = sizeOf(invocation);
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
export function fitView(
  view: Record<string, unknown>,
  hint: string,
  budget = RESPONSE_BUDGET,
): Record<string, unknown> {
  const size = sizeOf(view);
  if (size <= budget) return view;
  const keep = ["run_id", "status", "current_step", "part", "next_part"];
  const kept = Object.fromEntries(Object.entries(view).filter(([k]) => keep.includes(k)));
  return { ...kept, __bounded: { omitted: [`the whole view (${size} characters)`], elided: [], hint } };
}

/**
 * The whole state within budget. Sheds, in order: grounding (code graph, git history, recall),
 * then the oldest clarifications, then section content, then verification detail. `errors` are never shed.
 */
export function boundFullState(state: RunState, budget = RESPONSE_BUDGET): Record<string, unknown> {
  const note: BoundedNote = { omitted: [], elided: [] };
  let view: Record<string, unknown> = { ...state, __bounded: note };
  const fits = () => sizeOf(view) <= budget;
  if (fits()) return view;
  view = {
    ...view,
    grounding: null,
    git_history: null,
    global_recall: [],
    sections: state.sections.map((s) => ({ ...s, recall: [], corrective_recall: [] })),
    verification: state.verification ? { ...state.verification, graph_validation: null } : null,
  };
  note.omitted.push(
    'grounding (fetch with format: "grounding")',
    "git_history",
    "recall results",
    "graph validation (in 10-verification-report.md)",
  );
  let clarifications = [...state.clarifications];
  while (!fits() && clarifications.length > 0) {
    const drop = Math.max(1, Math.ceil(clarifications.length / 4));
    note.omitted.push(
      `clarification rounds ${clarifications
        .slice(0, drop)
        .map((c) => c.round)
        .join(", ")}`,
    );
    clarifications = clarifications.slice(drop);
    view = { ...view, clarifications };
  }
  if (fits()) return view;
  const sections = (view.sections as RunState["sections"]).map((s) => ({ ...s }));
  const bySize = sections
    .map((s, i) => [i, s.content?.length ?? 0] as const)
    .sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  for (const [index, length] of bySize) {
    if (fits() || length === 0) break;
    const section = sections[index];
    if (!section) continue;
    section.content = `[elided: ${length} characters; fetch with format: "validation" or read the exported file]`;
    note.elided.push(`sections.${section.type}.content`);
    view = { ...view, sections };
  }
  if (!fits() && state.verification) {
    const v = state.verification;
    view = {
      ...view,
      verification: {
        ...v,
        graph_validation: null,
        claims: v.claims.map((c) => ({ ...c, evidence: "" })),
        verdicts: v.verdicts.map((x) => ({ ...x, rationale: "" })),
        result: v.result ? { ...v.result, claims: [] } : null,
      },
    };
    note.elided.push("verification claim evidence, verdict rationales and per-claim results");
  }
  if (!fits() && state.pending) {
    view = { ...view, pending: { kind: state.pending.kind, elided: true } };
    note.elided.push('pending (fetch with format: "action")');
  }
  if (!fits()) {
    // What is left is too large by its own (a huge final action, thousands of verdicts): keep what identifies
    // the run and its errors, and say where the rest is.
    const { run_id, status, step, phase, errors, errors_dropped } = state;
    const rest = Object.keys(view).filter(
      (k) => !["run_id", "status", "step", "phase", "errors", "errors_dropped", "__bounded"].includes(k),
    );
    note.omitted.push(...rest);
    view = { run_id, status, step, phase, errors, errors_dropped, __bounded: note };
  }
  return view;
}

/** Code-graph grounding, graph validation, git history and recall; each large JSON is cut to fit when needed. */
export function boundGrounding(state: RunState, budget = RESPONSE_BUDGET): Record<string, unknown> {
  const graph = state.verification?.graph_validation ?? null;
  const view: Record<string, unknown> = {
    run_id: state.run_id,
    grounding: state.grounding,
    graph_validation: graph,
    git_history: state.git_history,
    global_recall: state.global_recall,
  };
  if (sizeOf(view) <= budget) return view;
  const grounding = JSON.stringify(state.grounding);
  const graphText = JSON.stringify(graph);
  const room = Math.max(0, budget - sizeOf({ ...view, grounding: "", graph_validation: "" }) - 1_000);
  // JSON text inside JSON text can double in length once escaped: a quarter of the room each stays inside.
  const share = Math.floor(room / 4);
  return {
    ...view,
    grounding: null,
    graph_validation: null,
    grounding_text: grounding.slice(0, share),
    graph_validation_text: graphText.slice(0, share),
    __bounded: {
      omitted: [],
      elided: [
        `grounding cut from ${grounding.length} characters`,
        `graph validation cut from ${graphText.length} characters`,
      ],
    },
  };
}

/**
 * The validate_prd_document answer: per-section counts (their violations are all in `overall`), at most
 * MAX_LISTED_VIOLATIONS violations and MAX_LISTED_HEADINGS headings per list, each list with a count of
 * what it left out, and `truncated` when anything was.
 */
export function boundDocumentResult(result: DocumentResult): Record<string, unknown> {
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
