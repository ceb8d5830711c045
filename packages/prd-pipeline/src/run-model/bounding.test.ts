import { answerBytes, HOST_ANSWER_BYTES } from "@archon/core";
import { describe, expect, it } from "vitest";
import { MAX_MESSAGE_CHARS, type Violation } from "../validation/types.js";
import { validateDocument } from "../validation/validate-document.js";
import { boundFullState, boundGrounding } from "./bound-state-views.js";
import { boundAction, boundDocumentResult, boundEnvelope, fitView } from "./bounding.js";
import type { Envelope } from "./envelope.js";
import { MAX_LISTED_HEADINGS, MAX_LISTED_VIOLATIONS } from "./limits.js";
import { initialState, withError } from "./state.js";

const now = "2026-01-01T00:00:00.000Z";

function bigBatch(count: number, promptSize: number): Envelope {
  return {
    run_id: "run_1",
    current_step: "section_generation",
    messages: [],
    state_summary: { sections: [], clarification_rounds: 0, errors: 0 },
    action: {
      kind: "spawn_subagents",
      purpose: "judge",
      batch_id: "b",
      invocations: Array.from({ length: count }, (_, i) => ({
        invocation_id: `b_${i}`,
        subagent_type: "ns:engineer",
        description: "d",
        prompt: "p".repeat(promptSize),
        isolation: "none" as const,
      })),
    },
  };
}

describe("stub-and-fetch for large spawn_subagents envelopes", () => {
  it("replaces every prompt by a stub and says so when the envelope is over budget", () => {
    const bounded = boundEnvelope(bigBatch(20, 10_000), "prd_get_pipeline_state");
    expect(answerBytes(bounded)).toBeLessThanOrEqual(HOST_ANSWER_BYTES);
    const action = bounded.action as Extract<Envelope["action"], { kind: "spawn_subagents" }>;
    expect(action.invocations.every((i) => i.prompt.startsWith("[stub:"))).toBe(true);
    expect(action.invocations.map((i) => i.invocation_id)).toHaveLength(20);
    expect(bounded.messages.at(-1)?.text).toContain('prd_get_pipeline_state with format "action"');
  });

  it("leaves an envelope within budget untouched", () => {
    const small = bigBatch(2, 100);
    expect(boundEnvelope(small, "prd_get_pipeline_state")).toBe(small);
  });

  it("pages a batch larger than the budget by invocation", () => {
    const action = bigBatch(20, 10_000).action;
    const first = boundAction(action, 0);
    expect(answerBytes(first)).toBeLessThanOrEqual(HOST_ANSWER_BYTES);
    const next = first.next_part as number;
    expect(next).toBeGreaterThan(0);
    const second = boundAction(action, next);
    expect(
      (second.action as { invocations: { invocation_id: string }[] }).invocations[0]?.invocation_id,
    ).toBe(`b_${next}`);
  });
});

describe("the full state view", () => {
  it("sheds grounding, then old clarifications, then section content, and never errors", () => {
    let state = initialState({ run_id: "run_1", now, feature_description: "x" });
    state = withError(state, "structural", "kept", now);
    state = {
      ...state,
      grounding: { graph: "g".repeat(60_000) },
      clarifications: Array.from({ length: 40 }, (_, i) => ({
        round: i + 1,
        question: "q".repeat(500),
        answer: "a",
      })),
      sections: (["overview", "goals"] as const).map((type) => ({
        type,
        status: "passed" as const,
        attempt: 1,
        content: "c".repeat(30_000),
        violations: [],
        score: 1,
        recall: [],
        corrective_recall: [],
      })),
    };
    const view = boundFullState(state);
    expect(answerBytes(view)).toBeLessThanOrEqual(HOST_ANSWER_BYTES);
    expect(view.grounding).toBeNull();
    expect(view.errors).toEqual(state.errors);
    const note = view.__bounded as { omitted: string[]; elided: string[] };
    expect(note.omitted[0]).toContain("grounding");
    expect(note.omitted.some((o) => o.startsWith("clarification rounds 1,"))).toBe(true);
    expect(note.elided).toEqual(["sections.overview.content"]);
  });
});

describe("the validate_prd_document answer", () => {
  it("lists 50 unrecognised headings of a 400 KB document, counts the rest and says it was truncated", () => {
    const count = Math.ceil(400_000 / 8);
    const answer = boundDocumentResult(validateDocument("## Misc\n".repeat(count)));
    expect(answer).toMatchObject({
      sections: [],
      unrecognised_headings: Array.from({ length: MAX_LISTED_HEADINGS }, () => "Misc"),
      unrecognised_headings_omitted: count - MAX_LISTED_HEADINGS,
      truncated: true,
    });
    expect(answerBytes(answer)).toBeLessThan(HOST_ANSWER_BYTES);
  });

  it("lists 50 violations, counts the rest, and cuts the document text they quote", () => {
    const rows = Array.from(
      { length: 400 },
      (_, i) => `| ${"risk ".repeat(200)}${i} | high | ${"tbd"} |`,
    ).join("\n");
    const content = `## Risks\n\n| Risk | Impact | Mitigation |\n|---|---|---|\n${rows}\n`;
    const result = validateDocument(content);
    const total = result.overall.violations.length;
    expect(total).toBeGreaterThan(MAX_LISTED_VIOLATIONS);
    const answer = boundDocumentResult(result) as { overall: { violations: Violation[] } };
    expect(answer).toMatchObject({
      overall: { violations_omitted: total - MAX_LISTED_VIOLATIONS },
      truncated: true,
    });
    expect(answer.overall.violations).toEqual(result.overall.violations.slice(0, MAX_LISTED_VIOLATIONS));
    expect(answer.overall.violations.every((v) => v.message.length <= MAX_MESSAGE_CHARS)).toBe(true);
    expect(answerBytes(answer)).toBeLessThan(HOST_ANSWER_BYTES);
  });

  it("answers a document within the limits whole, with nothing omitted", () => {
    const answer = boundDocumentResult(validateDocument("## Miscellany\n\nSome words here."));
    expect(answer).toEqual({
      sections: [],
      document: expect.objectContaining({ violations: [], violations_omitted: 0 }),
      overall: expect.objectContaining({ violations: [], violations_omitted: 0 }),
      unrecognised_headings: ["Miscellany"],
      unrecognised_headings_omitted: 0,
      truncated: false,
    });
  });
});

describe("a prompt larger than any answer", () => {
  it("comes in parts the host joins in order into the prompt as it was", () => {
    const prompt = Array.from({ length: 30_000 }, (_, i) => `line ${i} "quoted" é🙂\n`).join("");
    const batch = bigBatch(1, 0).action;
    if (batch.kind !== "spawn_subagents") throw new Error("expected a batch");
    const [only] = batch.invocations;
    if (!only) throw new Error("expected one invocation");
    const action = { ...batch, invocations: [{ ...only, prompt }] };
    const parts: { prompt: string; prompt_part: { index: number; count: number } }[] = [];
    let part: number | null = 0;
    while (part !== null) {
      const page = boundAction(action as Envelope["action"], part);
      expect(answerBytes(page)).toBeLessThanOrEqual(HOST_ANSWER_BYTES);
      const invocations = (page.action as { invocations: (typeof parts)[number][] }).invocations;
      expect(invocations).toHaveLength(1);
      parts.push(invocations[0] as (typeof parts)[number]);
      part = page.next_part as number | null;
    }
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.map((p) => p.prompt_part)).toEqual(
      parts.map((_, index) => ({ index, count: parts.length })),
    );
    expect(parts.map((p) => p.prompt).join("")).toBe(prompt);
  });
});

describe("every format within the budget", () => {
  it("keeps a full view under budget when a huge graph validation was kept raw", () => {
    const state = {
      ...initialState({ run_id: "run_1", now, feature_description: "x" }),
      verification: {
        claims: [],
        choice: null,
        plan: null,
        verdicts: [],
        result: null,
        graph_validation: {
          nodes: Array.from({ length: 50_000 }, (_, i) => ({ id: `n${i}`, label: "x".repeat(60) })),
        },
        policy: null,
      },
    };
    const view = boundFullState(state);
    expect(answerBytes(view)).toBeLessThanOrEqual(HOST_ANSWER_BYTES);
    expect((view.verification as { graph_validation: unknown }).graph_validation).toBeNull();
    expect(answerBytes(boundGrounding(state))).toBeLessThanOrEqual(HOST_ANSWER_BYTES);
  });

  it("falls back to what identifies a view when nothing else fits", () => {
    const view = { run_id: "r", status: "done" as const, blob: "x".repeat(HOST_ANSWER_BYTES) };
    expect(fitView(view, "read the files")).toEqual({
      run_id: "r",
      status: "done",
      __bounded: {
        omitted: [`the whole view (${answerBytes(view)} bytes)`],
        elided: [],
        hint: "read the files",
      },
    });
  });
});
