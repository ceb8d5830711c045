// The run's whole state and its grounding within the host answer bound (bytes as sent, text and
// structuredContent both), shedding the least useful detail first and saying what went and where it is.
import { answerBytes, HOST_ANSWER_BYTES } from "@archon/core";
import type { BoundedNote, FullView, GroundingView } from "./answer-schemas.js";
import type { RunState } from "./state.js";

/** Where a host reads what the full view shed, told in every answer that shed something. */
const FULL_HINT =
  'Nothing here is lost: read grounding, git history and recall with format "grounding", section results with ' +
  'format "validation", the pending action with format "action", and section text and the verification ' +
  "report in the files the run wrote (files[].path).";

/** An error message kept whole unless the errors alone would not fit; then each is cut to this. */
const CUT_ERROR_CHARS = 300;

/**
 * The whole state within budget. Sheds, in order: grounding (code graph, git history, recall),
 * then the oldest clarifications, then section content, then verification detail, then the pending
 * action, then everything but what identifies the run and its errors. `errors` are never shed: only when
 * they alone are over the bound is each message cut, and the note says so.
 */
export function boundFullState(state: RunState, budget = HOST_ANSWER_BYTES): FullView {
  const note: BoundedNote = { omitted: [], elided: [] };
  const fits = (view: FullView) => answerBytes(view) <= budget;
  let view: FullView = { ...state, __bounded: note };
  if (fits(view)) return view;
  note.hint = FULL_HINT;
  view = withoutOldClarifications(state, withoutGrounding(state, view, note), note, fits);
  if (fits(view)) return view;
  view = withLargestSectionsElided(view, note, fits);
  if (!fits(view) && state.verification) {
    view = { ...view, verification: verificationSummary(state.verification) };
    note.elided.push("verification claim evidence, verdict rationales and per-claim results");
  }
  if (!fits(view) && state.pending) {
    view = { ...view, pending: { kind: state.pending.kind, elided: true } };
    note.elided.push('pending (fetch with format: "action")');
  }
  if (fits(view)) return view;
  return identityOnly(state, view, note, fits);
}

type Fits = (view: FullView) => boolean;

/** Grounding, git history, recall and graph validation: each has its own format or file. */
function withoutGrounding(state: RunState, view: FullView, note: BoundedNote): FullView {
  note.omitted.push(
    'grounding (fetch with format: "grounding")',
    "git_history",
    "recall results",
    "graph validation (in 10-verification-report.md)",
  );
  return {
    ...view,
    grounding: null,
    git_history: null,
    global_recall: [],
    sections: state.sections.map((s) => ({ ...s, recall: [], corrective_recall: [] })),
    verification: state.verification ? { ...state.verification, graph_validation: null } : null,
  };
}

/** The oldest clarification rounds first, a quarter of those left at a time. */
function withoutOldClarifications(state: RunState, view: FullView, note: BoundedNote, fits: Fits): FullView {
  let clarifications = [...state.clarifications];
  let out = view;
  while (!fits(out) && clarifications.length > 0) {
    const drop = Math.max(1, Math.ceil(clarifications.length / 4));
    const rounds = clarifications.slice(0, drop).map((c) => c.round);
    note.omitted.push(`clarification rounds ${rounds.join(", ")}`);
    clarifications = clarifications.slice(drop);
    out = { ...out, clarifications };
  }
  return out;
}

/** Section texts, largest first (ties by position), each replaced by where to read it. */
function withLargestSectionsElided(view: FullView, note: BoundedNote, fits: Fits): FullView {
  const sections = (view.sections ?? []).map((s) => ({ ...s }));
  const bySize = sections
    .map((s, i) => [i, s.content?.length ?? 0] as const)
    .sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  let out = view;
  for (const [index, length] of bySize) {
    if (fits(out) || length === 0) break;
    const section = sections[index];
    if (!section) continue;
    section.content = `[elided: ${length} characters; fetch with format: "validation" or read the exported file]`;
    note.elided.push(`sections.${section.type}.content`);
    out = { ...out, sections };
  }
  return out;
}

/** The verification without claim evidence, verdict rationales or per-claim results (all in the report file). */
function verificationSummary(v: NonNullable<RunState["verification"]>): FullView["verification"] {
  return {
    ...v,
    graph_validation: null,
    claims: v.claims.map((c) => ({ ...c, evidence: "" })),
    verdicts: v.verdicts.map((x) => ({ ...x, rationale: "" })),
    result: v.result ? { ...v.result, claims: [] } : null,
  };
}

/**
 * What is left is too large by its own (a huge final action, thousands of verdicts): keep what identifies
 * the run and its errors, and say where the rest is; the errors are cut only when they alone are too large.
 */
function identityOnly(state: RunState, view: FullView, note: BoundedNote, fits: Fits): FullView {
  const { run_id, status, step, phase, errors, errors_dropped } = state;
  const rest = Object.keys(view).filter(
    (k) => !["run_id", "status", "step", "phase", "errors", "errors_dropped", "__bounded"].includes(k),
  );
  note.omitted.push(...rest);
  const identity: FullView = { run_id, status, step, phase, errors, errors_dropped, __bounded: note };
  if (fits(identity)) return identity;
  note.elided.push(`errors[].message past ${CUT_ERROR_CHARS} characters`);
  return { ...identity, errors: errors.map((e) => ({ ...e, message: e.message.slice(0, CUT_ERROR_CHARS) })) };
}

/** Code-graph grounding, graph validation, git history and recall; each large JSON is cut to fit when needed. */
export function boundGrounding(state: RunState, budget = HOST_ANSWER_BYTES): GroundingView {
  const graph = state.verification?.graph_validation ?? null;
  const view: GroundingView = {
    run_id: state.run_id,
    grounding: state.grounding,
    graph_validation: graph,
    git_history: state.git_history,
    global_recall: state.global_recall,
  };
  if (answerBytes(view) <= budget) return view;
  const grounding = JSON.stringify(state.grounding);
  const graphText = JSON.stringify(graph);
  const cut = (share: number): GroundingView => ({
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
  });
  // JSON inside JSON costs each character once or more in structuredContent and again, escaped once more,
  // in the text: start from a quarter of the bound each and shrink by the measured excess until it fits.
  let share = Math.floor(budget / 4);
  let answer = cut(share);
  for (let size = answerBytes(answer); size > budget && share > 0; size = answerBytes(answer)) {
    share = Math.floor((share * budget) / size) - 64;
    answer = cut(Math.max(0, share));
  }
  return answer;
}
