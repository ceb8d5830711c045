// These tests run against a small local fake of Ollama (test-support/fake-ollama.ts), installed on PATH as `ollama`.
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FakeOllama, installFakeOllama, startFakeOllama } from "../test-support/fake-ollama.js";
import { type TestProject, tempProject } from "../test-support/project.js";
import { OllamaClient } from "./ollama-client.js";
import { OllamaSupervisor } from "./ollama-supervisor.js";

let project: TestProject;
let running: FakeOllama | undefined;
beforeEach(() => {
  project = tempProject();
});
afterEach(async () => {
  await running?.stop();
  running = undefined;
  project.cleanup();
});

const nodeDir = dirname(process.execPath);
/** A free port: one the fake took and gave back. */
async function freePort(): Promise<number> {
  const probe = await startFakeOllama(join(project.root, "probe"));
  await probe.stop();
  return Number(new URL(probe.url).port);
}

describe("an installed Ollama that is not running", () => {
  it("is started, answers, and is stopped again by the supervisor that started it", async () => {
    const bin = join(project.root, "bin");
    installFakeOllama(bin);
    const url = `http://127.0.0.1:${await freePort()}`;
    const client = new OllamaClient({ url, model: "granite-embedding:278m" });
    const supervisor = new OllamaSupervisor(client, { PATH: `${bin}:${nodeDir}` });
    expect(await supervisor.isUp()).toBe(false);
    expect(await supervisor.ensure(10_000)).toBe("started");
    expect(await client.models(1000)).toEqual(["granite-embedding:278m"]);
    supervisor.stop();
    await expect.poll(() => supervisor.isUp(), { timeout: 5000 }).toBe(false);
  });
});

describe("an Ollama someone else runs", () => {
  it("is used and never stopped", async () => {
    running = await startFakeOllama(join(project.root, "theirs"));
    const client = new OllamaClient({ url: running.url, model: "m" });
    const supervisor = new OllamaSupervisor(client, { PATH: nodeDir });
    expect(await supervisor.ensure(10_000)).toBe("running");
    supervisor.stop();
    expect(await supervisor.isUp()).toBe(true);
  });
});

describe("no Ollama installed", () => {
  it("is reported as absent, at once", async () => {
    const client = new OllamaClient({ url: "http://127.0.0.1:9", model: "m" });
    expect(await new OllamaSupervisor(client, { PATH: nodeDir }).ensure(10_000)).toBe("absent");
  });
});
