// These tests run against a small local fake of Ollama's HTTP API (test-support/fake-ollama.ts), never a real Ollama.
import { dirname, join } from "node:path";
import { manualClock, sequentialIds } from "@archon/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createArchonContext } from "../context/archon-context.js";
import { DOWN_URL, type FakeMode, type FakeOllama, startFakeOllama } from "../test-support/fake-ollama.js";
import { doc, seed, type TestProject, tempProject } from "../test-support/project.js";
import { embedDocs } from "./embed-docs.js";
import { embeddingConfig } from "./ollama-client.js";
import { SUGGESTION_BUDGET_MS } from "./suggestions.js";

let project: TestProject;
let fake: FakeOllama | undefined;
const clock = manualClock("2026-11-29T12:00:00.000Z");
/** No `ollama` on PATH: a server that is down stays down. */
const env = (url: string) => ({ ARCHON_OLLAMA_URL: url, PATH: dirname(process.execPath) });

beforeEach(() => {
  project = tempProject();
  project.write("src/payments/checkout.ts", "export {};\n");
  seed(project.context(), {
    documents: [
      doc("style", { patterns: ["src/**"], content: "Two spaces, no semicolons." }),
      doc("billing-rules", {
        patterns: ["src/billing/**"],
        content: "Invoices are issued in cents; never round a charge.",
      }),
      doc("auth-rules", { patterns: ["src/auth/**"], content: "Login sessions expire after a day." }),
    ],
  });
});
afterEach(async () => {
  await fake?.stop();
  fake = undefined;
  project.cleanup();
});

async function embedWith(mode: FakeMode = "up") {
  fake = await startFakeOllama(join(project.root, "fake-bin"), mode);
  await embedDocs(project.context().kdb.db, embeddingConfig(env(fake.url)), env(fake.url), clock);
  return fake;
}

function server(url: string) {
  return createArchonContext({
    surface: "agent",
    dbPath: project.dbPath,
    projectRoot: project.root,
    clock,
    ids: sequentialIds(),
    env: env(url),
  });
}

const request = { target_files: ["src/payments/checkout.ts"], plan: "handle failed payments" };

describe("embedding suggestions against the fake Ollama", () => {
  it("suggest a rule about the same topic in other words, apart from base", async () => {
    const { url } = await embedWith();
    const ctx = server(url);
    const response = await ctx.compiler.compileWithSuggestions(request);
    expect(response.base.documents.map((d) => d.doc_id)).toEqual(["style"]);
    expect(response.suggestions).toEqual({
      source: "embeddings",
      model: "granite-embedding:278m",
      documents: [
        { doc_id: "billing-rules", title: "Title of billing-rules", source_path: null, score: 0.9978 },
      ],
    });
    expect(response.notices).toEqual([]);
    ctx.close();
  });
});

describe("fail-open embeddings", () => {
  const lexicalNotice =
    "Suggestions are lexical (FTS5) for this compile; the rules delivered are unaffected.";

  it("fall back to lexical suggestions, labelled, when Ollama is down", async () => {
    await embedWith();
    await fake?.stop();
    const ctx = server(DOWN_URL);
    const response = await ctx.compiler.compileWithSuggestions({
      ...request,
      plan: "check the login session",
    });
    expect(response.suggestions).toEqual({
      source: "lexical",
      model: null,
      documents: [{ doc_id: "auth-rules", title: "Title of auth-rules", source_path: null, score: 1 }],
    });
    expect(response.notices).toEqual([
      `Ollama is not reachable at ${DOWN_URL}/api/embed; archon starts it when it is installed (up to 30 s). ${lexicalNotice}`,
    ]);
    ctx.close();
  });

  // A silent Ollama never answers: the compile returns only because it stops waiting at the budget.
  it.each([
    ["silent", `/api/embed within ${SUGGESTION_BUDGET_MS} ms`],
    ["wrong-dimensions", "dimensions where 8 was expected"],
    ["garbage", "not JSON"],
  ] as const)(
    "answer within the budget with the plain result and a notice when Ollama is %s",
    async (mode, says) => {
      await embedWith();
      await fake?.stop();
      fake = await startFakeOllama(join(project.root, "fake-bin"), mode);
      const ctx = server(fake.url);
      const response = await ctx.compiler.compileWithSuggestions(request);
      expect(response.base.documents.map((d) => d.doc_id)).toEqual(["style"]);
      expect(response.suggestions?.source ?? "lexical").toBe("lexical");
      expect(response.notices).toHaveLength(1);
      expect(response.notices[0]).toContain(says);
      expect(response.notices[0]).toContain(lexicalNotice);
      ctx.close();
    },
  );

  it("gives no section without a plan: there is no topic to be about", async () => {
    const ctx = server(DOWN_URL);
    const response = await ctx.compiler.compileWithSuggestions({ target_files: request.target_files });
    expect(response.suggestions).toBeUndefined();
    expect(response.notices).toEqual([]);
    ctx.close();
  });
});
