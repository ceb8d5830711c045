// A fresh server's first compile and its embedding suggestions, over a real MCP client and the built
// server, against the small local fake of Ollama's HTTP API (test-support/fake-ollama.ts).
import { dirname, join } from "node:path";
import { manualClock } from "@archon/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { compileContextTool } from "../mcp/agent/compile-context.tool.js";
import { DOWN_URL, type FakeOllama, startFakeOllama } from "../test-support/fake-ollama.js";
import { doc, seed, type TestProject, tempProject } from "../test-support/project.js";
import { type ConnectedClient, connectArchon } from "../test-support/stdio-client.js";
import { embedDocs } from "./embed-docs.js";
import { embeddingConfig } from "./ollama-client.js";

let project: TestProject;
let fake: FakeOllama | undefined;
let agent: ConnectedClient | undefined;
/** No `ollama` on PATH: a server that is down stays down. */
const env = (url: string) => ({ ARCHON_OLLAMA_URL: url, PATH: dirname(process.execPath) });

beforeEach(async () => {
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
  const embedder = await startFakeOllama(join(project.root, "fake-bin"));
  const ctx = project.context();
  await embedDocs(
    ctx.kdb.db,
    embeddingConfig(env(embedder.url)),
    env(embedder.url),
    manualClock("2026-12-05T00:00:00Z"),
  );
  ctx.close();
  await embedder.stop();
  // An Ollama that has not loaded the model since it started: its first vector takes FAKE_LOAD_MS.
  fake = await startFakeOllama(join(project.root, "fake-bin"), "cold");
});
afterEach(async () => {
  await agent?.close();
  agent = undefined;
  await fake?.stop();
  fake = undefined;
  project.cleanup();
});

const request = {
  target_files: ["src/payments/checkout.ts"],
  plan: "handle failed payments",
  suggestions: true,
};

describe("a fresh server's first compile gets the embedding suggestions the next ones get", () => {
  it("answers its first compile from embeddings, as its second, against an Ollama that loads its model on first use", async () => {
    const ollama = fake as FakeOllama;
    agent = await connectArchon({
      surface: "agent",
      dbPath: project.dbPath,
      projectRoot: project.root,
      env: env(ollama.url),
    });
    // A host lists the tools first, and the agent's first compile comes seconds later: the server's idle time.
    await agent.client.listTools();
    await ollama.embedsAnswered(1);
    const first = await agent.result(compileContextTool, request);
    const second = await agent.result(compileContextTool, request);
    expect({ first: first.suggestions, notices: first.notices }).toEqual({
      first: second.suggestions,
      notices: second.notices,
    });
    expect(second.suggestions?.source).toBe("embeddings");
  });
});

describe("a server without Ollama", () => {
  it("answers its first compile without suggestions and with the notice it always gave", async () => {
    agent = await connectArchon({
      surface: "agent",
      dbPath: project.dbPath,
      projectRoot: project.root,
      env: env(DOWN_URL),
    });
    const first = await agent.result(compileContextTool, request);
    // No rule shares a word with the plan, so the lexical fallback has nothing to suggest.
    expect({ suggestions: first.suggestions, warnings: first.warnings, notices: first.notices }).toEqual({
      suggestions: undefined,
      warnings: [],
      notices: [
        `Ollama is not reachable at ${DOWN_URL}/api/embed; archon starts it when it is installed (up to 30 s). Suggestions are lexical (FTS5) for this compile; the rules delivered are unaffected.`,
      ],
    });
  });
});
