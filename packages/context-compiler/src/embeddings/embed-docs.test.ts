// These tests run against a small local fake of Ollama's HTTP API (test-support/fake-ollama.ts).
import { dirname, join } from "node:path";
import { manualClock, UserError } from "@archon/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FakeOllama, startFakeOllama } from "../test-support/fake-ollama.js";
import { doc, seed, type TestProject, tempProject } from "../test-support/project.js";
import { embedDocs } from "./embed-docs.js";

let project: TestProject;
let fake: FakeOllama;
const clock = manualClock("2026-11-29T12:00:00.000Z");
const env = { PATH: dirname(process.execPath) };
beforeEach(async () => {
  project = tempProject();
  seed(project.context(), { documents: [doc("a", {}), doc("b", {}), doc("c", {})] });
  fake = await startFakeOllama(join(project.root, "fake"));
});
afterEach(async () => {
  await fake.stop();
  project.cleanup();
});

describe("embed-docs", () => {
  it("embeds every approved document once, then only the ones whose content changed, with progress", async () => {
    const db = project.context().kdb.db;
    const config = { url: fake.url, model: "granite-embedding:278m" };
    const steps: [number, number][] = [];
    expect(await embedDocs(db, config, env, clock, (d, t) => steps.push([d, t]))).toEqual({
      model: "granite-embedding:278m",
      url: fake.url,
      ollama: "running",
      embedded: 3,
      up_to_date: 0,
      dimensions: 8,
    });
    expect(steps).toEqual([
      [0, 3],
      [3, 3],
    ]);
    seed(project.context(), { documents: [doc("a", {}), doc("b", { content: "Edited." }), doc("c", {})] });
    expect((await embedDocs(db, config, env, clock)).embedded).toBe(1);
    expect((await embedDocs(db, config, env, clock)).embedded).toBe(0);
  });

  it("refuses a model the server has not pulled, with the pull command", async () => {
    const run = embedDocs(project.context().kdb.db, { url: fake.url, model: "other-model" }, env, clock);
    await expect(run).rejects.toThrow(UserError);
    await expect(run).rejects.toMatchObject({ hint: expect.stringContaining("ollama pull other-model") });
  });

  it("says what to install when Ollama is neither running nor installed", async () => {
    const run = embedDocs(project.context().kdb.db, { url: "http://127.0.0.1:9", model: "m" }, env, clock);
    await expect(run).rejects.toThrow("is not installed here");
  });
});
