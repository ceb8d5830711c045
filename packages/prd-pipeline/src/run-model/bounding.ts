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

/** The pending action, split by invocation when a batch is larger than the budget. */
export function boundAction(action: Action, part: number, budget = RESPONSE_BUDGET): Record<string, unknown> {
  if (sizeOf({ action }) <= budget || action.kind !== "spawn_subagents")
    return { action, part: 0, next_part: null };
  const invocations = [];
  let size = sizeOf({ action: { ...action, invocations: [] } }) + 200;
  let index = part;
  for (; index < action.invocations.length; index++) {
    const invocation = action.invocations[index];
    const cost = sizeOf(invocation);
    if (invocations.length > 0 && size + cost > budget) break;
    invocations.push(invocation);
    size += cost;
  }
  return {
    action: { ...action, invocations },
    part,
    next_part: index < action.invocations.length ? index : null,
    __bounded: { omitted: [], elided: [`invocations outside [${part}, ${index}) are in other parts`] },
  };
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
  };
  note.omitted.push('grounding (fetch with format: "grounding")', "git_history", "recall results");
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
  return view;
}

/** Code-graph grounding, git history and recall; the grounding JSON is cut to fit when needed. */
export function boundGrounding(state: RunState, budget = RESPONSE_BUDGET): Record<string, unknown> {
  const view: Record<string, unknown> = {
    run_id: state.run_id,
    grounding: state.grounding,
    git_history: state.git_history,
    global_recall: state.global_recall,
  };
  if (sizeOf(view) <= budget) return view;
  const text = JSON.stringify(state.grounding);
  const room = Math.max(0, budget - sizeOf({ ...view, grounding: "" }) - 500);
  return {
    ...view,
    grounding: null,
    grounding_text: text.slice(0, Math.floor(room / 2)),
    __bounded: { omitted: [], elided: [`grounding cut from ${text.length} characters`] },
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
