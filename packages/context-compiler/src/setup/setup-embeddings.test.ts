// Runs against a small local fake of Ollama's HTTP API (test-support/fake-ollama.ts), never a real Ollama.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { PassThrough } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resolveGlobalOptions } from "../cli/options.js";
import { setupCommand } from "../cli/setup.command.js";
import { countEmbeddings } from "../store/embeddings.js";
import { KnowledgeDb } from "../store/knowledge-db.js";
import { DOWN_URL, type FakeOllama, startFakeOllama } from "../test-support/fake-ollama.js";
import { git } from "../test-support/git.js";
import { type TestProject, tempProject } from "../test-support/project.js";

let project: TestProject;
let fake: FakeOllama | undefined;
let fakeDir: string;
beforeEach(() => {
  fakeDir = mkdtempSync(join(tmpdir(), "archon-fake-ollama-"));
  project = tempProject();
  project.write(
    "package.json",
    JSON.stringify({ name: "shop", dependencies: { next: "15.0.0", react: "19.0.0" } }),
  );
  project.write("src/app/page.tsx", "export default function Page() { return null; }\n");
  git(project.root, "init", "-q", "-b", "main");
});
afterEach(async () => {
  await fake?.stop();
  fake = undefined;
  rmSync(fakeDir, { recursive: true, force: true });
  project.cleanup();
});

async function setupYes(url: string, embeddings = true) {
  const json = new PassThrough();
  let out = "";
  json.on("data", (d) => {
    out += d.toString();
  });
  await setupCommand(
    resolveGlobalOptions({ projectRoot: project.root }),
    { yes: true, agents: "claude", json: true, embeddings },
    {
      input: new PassThrough(),
      output: new PassThrough(),
      interactive: false,
      env: { PATH: dirname(process.execPath), ARCHON_OLLAMA_URL: url },
      json,
    },
  );
  return JSON.parse(out) as { notes: string[] };
}

const embedded = () => {
  const kdb = new KnowledgeDb(project.dbPath);
  try {
    return countEmbeddings(kdb.db);
  } finally {
    kdb.close();
  }
};

describe("setup's embeddings step", () => {
  it("embeds the bootstrapped rules when Ollama runs with the model", async () => {
    fake = await startFakeOllama(fakeDir);
    const result = await setupYes(fake.url);
    const count = embedded();
    expect(count).toBeGreaterThan(0);
    expect(result.notes.at(-1)).toBe(
      `Embedded ${count} rule(s) with granite-embedding:278m (0 already up to date).`,
    );
  });

  it("says what to install, with the pull command, when Ollama is absent", async () => {
    const result = await setupYes(DOWN_URL);
    expect(result.notes).toContain(
      "Ollama is not installed: compile suggestions stay lexical (FTS5). For semantic suggestions install it from https://ollama.com, then run `ollama pull granite-embedding:278m` (about 560 MB) and `archon embed-docs`.",
    );
    expect(embedded()).toBe(0);
  });

  it("does nothing about Ollama with --no-embeddings", async () => {
    const result = await setupYes(DOWN_URL, false);
    expect(result.notes.filter((n) => n.includes("Ollama"))).toEqual([]);
  });
});
