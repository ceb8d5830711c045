import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeAnthropic, startFakeAnthropic } from "../test-support/fake-anthropic.js";
import { personEnv } from "../test-support/person-env.js";
import { ARCHON_BIN } from "../test-support/stdio-client.js";
import { EXTERNAL_CASES } from "./bench-external.js";

let dir: string;
let fake: FakeAnthropic;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "archon-judge-cli-"));
  fake = await startFakeAnthropic(join(dir, "fake"));
});
afterAll(async () => {
  await fake.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** `archon bench` with the judge's variables set as given and every other one of them unset. */
function bench(args: string[], env: Record<string, string>) {
  const base = personEnv();
  for (const name of ["ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL", "ARCHON_JUDGE_MODEL"]) delete base[name];
  const r = spawnSync(process.execPath, [ARCHON_BIN, "bench", ...args], {
    cwd: dir,
    encoding: "utf8",
    env: { ...base, ...env },
    timeout: 120_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe("archon bench --full at the terminal, against a fake of the Messages API", () => {
  it("runs the A/B on every external case and prints it as JSON, progress on stderr", () => {
    const run = bench(["--full", "--json"], {
      ANTHROPIC_API_KEY: "test-key",
      ANTHROPIC_BASE_URL: fake.url,
      ARCHON_JUDGE_MODEL: "fake-judge",
    });
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout);
    expect(report.external).toBeUndefined();
    const n = EXTERNAL_CASES.length;
    expect(report.full).toMatchObject({ ran: true, model: "fake-judge", temperature: 0 });
    // The fake judge counts reference lines: the baseline carries every rule, archon misses a labelled
    // rule on four cases (bench-external-labels.ts), so those are lost and the rest tie.
    expect(report.full.totals).toMatchObject({
      cases: n,
      wins: 0,
      losses: 4,
      ties: n - 4,
      errors: 0,
      win_rate: 0,
    });
    expect(report.full.cases.map((c: { id: string }) => c.id)).toEqual(EXTERNAL_CASES.map((c) => c.id));
    const sum = (key: "bytes_a" | "bytes_b") =>
      report.full.cases.reduce((n: number, c: Record<string, number>) => n + (c[key] as number), 0);
    expect(report.full.totals.context_ratio).toBe(
      Math.round((sum("bytes_a") / sum("bytes_b")) * 10_000) / 10_000,
    );
    expect(report.full.cases.every((c: { bytes_a: number }) => c.bytes_a > 0)).toBe(true);
    expect(run.stderr.trim().split("\n")).toHaveLength(n);
    expect(run.stderr).toContain(`judge ${n}/${n} `);
  });

  it("stops with exit 1 and a message naming ANTHROPIC_API_KEY when the key is refused", () => {
    const run = bench(["--full"], { ANTHROPIC_API_KEY: "invalid-key", ANTHROPIC_BASE_URL: fake.url });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toBe(
      "archon: The Anthropic API refused the key (401: invalid x-api-key); the LLM-judge A/B stopped.\n" +
        "Hint: Set ANTHROPIC_API_KEY to a valid API key, or run bench without --full.\n",
    );
  });

  it("skips the A/B with the reason when no key is set, and warns of the cost in --help", () => {
    const run = bench(["--full"], {});
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      "--full: skipped (ANTHROPIC_API_KEY is not set: the LLM-judge A/B needs it, so it was skipped)",
    );
    const help = bench(["--help"], {});
    expect(help.stdout.replace(/\s+/g, " ")).toContain("It costs 3 API calls per case, 45 in all");
  });
});
