import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { UserError } from "@archon/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeAnthropic, type FakeRequest, startFakeAnthropic } from "../test-support/fake-anthropic.js";
import { DOWN_URL } from "../test-support/fake-ollama.js";
import { type JudgeCase, runJudgeAB } from "./judge-ab.js";
import { PLAN_MAX_TOKENS, VERDICT_MAX_TOKENS } from "./judge-prompts.js";
import { createMessagesClient, DEFAULT_JUDGE_MODEL, messagesClientFromEnv } from "./messages-client.js";

let dir: string;
let fake: FakeAnthropic;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "archon-judge-"));
  fake = await startFakeAnthropic(dir);
});
afterAll(async () => {
  await fake.stop();
  rmSync(dir, { recursive: true, force: true });
});

const TOPICS = "Topics are built by the topic builder on both sides.";
const SECRETS = "No secrets in versioned files.";
const OTHER = "Every service gets a healthcheck.";

/** A case whose reference is the topic rule; `a` and `b` say which arm's context carries it. */
function judgeCase(id: string, a: boolean, b: boolean, task = `Change the topics (${id}).`): JudgeCase {
  return {
    id,
    task,
    files: ["src/mqtt/topics.py"],
    context_a: a ? `## mqtt\n${TOPICS}\n` : `## general\n${SECRETS}\n`,
    context_b: b ? `# mqtt\n\n${TOPICS}\n\n# docker\n\n${OTHER}\n` : `# docker\n\n${OTHER}\n`,
    reference: `# mqtt\n\n${TOPICS}\n`,
  };
}

const client = (options: { apiKey?: string; model?: string; baseUrl?: string } = {}) =>
  createMessagesClient({ apiKey: "test-key", baseUrl: fake.url, ...options });

/** This run's requests: the fake serves every test, so each test's tasks are its own. */
async function requestsFor(tag: string): Promise<FakeRequest[]> {
  return (await fake.requests()).filter((r) => r.body.messages[0]?.content.includes(tag));
}
const isJudge = (r: FakeRequest) => r.body.messages[0]?.content.includes("<plan_1>") ?? false;

describe("the A/B against a fake of the Messages API", () => {
  it("sends each arm's context to its own plan call and the reference to the judge, and scores the verdicts", async () => {
    const cases = [
      judgeCase("ab-archon", true, false),
      judgeCase("ab-baseline", false, true),
      judgeCase("ab-tie", true, true),
    ];
    const report = await runJudgeAB(cases, client());
    expect(report).toEqual({
      ran: true,
      model: DEFAULT_JUDGE_MODEL,
      temperature: 0,
      cases: [
        {
          id: "ab-archon",
          bytes_a: 61,
          bytes_b: 44,
          plan_1: "archon",
          winner: "archon",
          reason: "plan 1 holds 1, plan 2 0 of 1 reference lines",
        },
        {
          id: "ab-baseline",
          bytes_a: 42,
          bytes_b: 106,
          plan_1: "baseline",
          winner: "baseline",
          reason: "plan 1 holds 1, plan 2 0 of 1 reference lines",
        },
        {
          id: "ab-tie",
          bytes_a: 61,
          bytes_b: 106,
          plan_1: "archon",
          winner: "tie",
          reason: "plan 1 holds 1, plan 2 1 of 1 reference lines",
        },
      ],
      totals: { cases: 3, wins: 1, losses: 1, ties: 1, errors: 0, win_rate: 0.5, context_ratio: 0.6406 },
    });

    const sent = await requestsFor("(ab-archon)");
    expect(sent.map((r) => r.headers)).toEqual(
      Array(3).fill({ "x-api-key": "test-key", "anthropic-version": "2023-06-01" }),
    );
    const plans = sent.filter((r) => !isJudge(r)).map((r) => r.body.messages[0]?.content);
    expect(plans).toEqual([
      expect.stringContaining(`<project_rules>\n## mqtt\n${TOPICS}\n</project_rules>`),
      expect.stringContaining(`<project_rules>\n# docker\n\n${OTHER}\n</project_rules>`),
    ]);
    const judge = sent.find(isJudge)?.body;
    expect(judge).toMatchObject({
      model: DEFAULT_JUDGE_MODEL,
      temperature: 0,
      max_tokens: VERDICT_MAX_TOKENS,
    });
    expect(judge?.messages[0]?.content).toContain(
      `<reference_rules>\n# mqtt\n\n${TOPICS}\n</reference_rules>`,
    );
    expect(sent.filter((r) => !isJudge(r)).map((r) => r.body.max_tokens)).toEqual([
      PLAN_MAX_TOKENS,
      PLAN_MAX_TOKENS,
    ]);
  });
});

describe("position bias", () => {
  it("shows archon's plan first on even cases and the baseline's first on odd ones", async () => {
    const cases = [0, 1, 2, 3].map((i) => judgeCase(`pos-${i}`, true, false));
    const report = await runJudgeAB(cases, client());
    expect(report.cases.map((c) => [c.plan_1, c.winner])).toEqual([
      ["archon", "archon"],
      ["baseline", "archon"],
      ["archon", "archon"],
      ["baseline", "archon"],
    ]);
    const first = await Promise.all(
      [0, 1].map(
        async (i) => (await requestsFor(`(pos-${i})`)).find(isJudge)?.body.messages[0]?.content ?? "",
      ),
    );
    expect(first.map((u) => /<plan_1>\n([\s\S]*?)\n<\/plan_1>/.exec(u)?.[1])).toEqual([
      `Plan, following the rules:\n## mqtt\n${TOPICS}`,
      `Plan, following the rules:\n# docker\n\n${OTHER}`,
    ]);
  });
});

describe("failures of one case", () => {
  it("records a verdict that is not JSON as an error for that case, and still scores the others", async () => {
    const cases = [
      judgeCase("bad-0", true, false, "Malformed [fake:malformed] (bad-0)."),
      judgeCase("bad-1", true, false),
    ];
    const report = await runJudgeAB(cases, client());
    expect(report.cases.map((c) => [c.id, c.winner, c.reason])).toEqual([
      ["bad-0", "error", 'the verdict was not JSON: "Plan 1 looks better to me."'],
      ["bad-1", "archon", "plan 1 holds 0, plan 2 1 of 1 reference lines"],
    ]);
    expect(report.totals).toMatchObject({ wins: 1, errors: 1, win_rate: 1 });
  });

  it("retries a 429 after its retry-after, then scores the case", async () => {
    const lines: string[] = [];
    const report = await runJudgeAB(
      [judgeCase("busy", true, false, "Busy [fake:busy-once] (busy).")],
      client(),
      (l) => lines.push(l),
    );
    expect(report.cases.map((c) => c.winner)).toEqual(["archon"]);
    expect((await requestsFor("(busy)")).length).toBe(4);
    expect(lines).toEqual(["judge 1/1 busy: archon (plan 1 holds 1, plan 2 0 of 1 reference lines)"]);
  });

  it("records an unreachable API as an error per case", async () => {
    const report = await runJudgeAB([judgeCase("down", true, false)], client({ baseUrl: DOWN_URL }));
    expect(report.cases.map((c) => [c.winner, c.reason])).toEqual([
      ["error", expect.stringMatching(/^could not reach http:\/\/127\.0\.0\.1:9\/v1\/messages: /)],
    ]);
    expect(report.totals).toMatchObject({ errors: 1, win_rate: null });
  });

  it("runs at the model's default temperature when the model refuses one, and says so", async () => {
    const report = await runJudgeAB(
      [judgeCase("nosample", true, false)],
      client({ model: "fake-no-sampling" }),
    );
    expect([report.model, report.temperature, report.cases[0]?.winner]).toEqual([
      "fake-no-sampling",
      null,
      "archon",
    ]);
    expect((await requestsFor("(nosample)")).map((r) => "temperature" in r.body)).toEqual([
      true,
      false,
      false,
      false,
    ]);
  });
});

describe("a refused key", () => {
  it("stops the run at once with a message naming ANTHROPIC_API_KEY", async () => {
    const cases = [0, 1, 2, 3].map((i) => judgeCase(`denied-${i}`, true, false));
    const run = runJudgeAB(cases, client({ apiKey: "invalid-key" }));
    await expect(run).rejects.toThrow(UserError);
    await expect(run).rejects.toMatchObject({
      message: "The Anthropic API refused the key (401: invalid x-api-key); the LLM-judge A/B stopped.",
      hint: "Set ANTHROPIC_API_KEY to a valid API key, or run bench without --full.",
    });
    // Two cases were running when the first 401 came; none started after it.
    expect(
      (await fake.requests()).filter((r) => r.body.messages[0]?.content.includes("(denied-")).length,
    ).toBe(2);
  });
});

describe("the client from the environment", () => {
  it("is absent without ANTHROPIC_API_KEY and takes its model from ARCHON_JUDGE_MODEL", () => {
    expect(messagesClientFromEnv({})).toBeNull();
    expect(messagesClientFromEnv({ ANTHROPIC_API_KEY: "k" })?.model).toBe(DEFAULT_JUDGE_MODEL);
    expect(
      messagesClientFromEnv({ ANTHROPIC_API_KEY: "k", ARCHON_JUDGE_MODEL: "claude-haiku-5-5" })?.model,
    ).toBe("claude-haiku-5-5");
  });
});
