// A property test against small local fakes of Ollama's HTTP API (test-support/fake-ollama.ts): whatever
// embeddings do, the deterministic result and the audit row are byte-identical.
import { dirname, join } from "node:path";
import { canonicalJson, manualClock, sequentialIds } from "@archon/core";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createArchonContext } from "../context/archon-context.js";
import { readCompileLog } from "../store/audit.js";
import { deterministicPart } from "../test-support/deterministic-part.js";
import { DOWN_URL, type FakeOllama, startFakeOllama } from "../test-support/fake-ollama.js";
import { doc, seed, type TestProject, tempProject } from "../test-support/project.js";
import { embedDocs } from "./embed-docs.js";

let project: TestProject;
let up: FakeOllama;
let garbage: FakeOllama;
const clock = manualClock("2026-11-29T12:00:00.000Z");
const PATH = dirname(process.execPath);

beforeAll(async () => {
  project = tempProject();
  for (const f of [
    "src/payments/checkout.ts",
    "src/auth/login.ts",
    "src/billing/invoice.ts",
    "test/a.test.ts",
  ])
    project.write(f, "export {};\n");
  seed(project.context(), {
    documents: [
      doc("style", { patterns: ["src/**"], content: "Two spaces." }),
      doc("billing", { patterns: ["src/billing/**"], content: "Invoices in cents; never round a charge." }),
      doc("auth", {
        patterns: ["src/auth/**"],
        content: "Sessions expire after a day.",
        depends_on: ["style"],
      }),
      doc("testing", { patterns: ["test/**"], content: "Fixtures are built in the test." }),
      doc("payments-guide", { content: "Refunds go through the ledger.", tags: ["money"] }),
    ],
  });
  up = await startFakeOllama(join(project.root, "up"));
  garbage = await startFakeOllama(join(project.root, "garbage"), "garbage");
  await embedDocs(
    project.context().kdb.db,
    { url: up.url, model: "granite-embedding:278m" },
    { PATH },
    clock,
  );
}, 30_000);
afterAll(async () => {
  await up.stop();
  await garbage.stop();
  project.cleanup();
});

/** Each server its own ids, so four servers can share one audit log. */
const server = (name: string, env: Record<string, string>) => {
  const ids = sequentialIds();
  return createArchonContext({
    surface: "agent",
    dbPath: project.dbPath,
    projectRoot: project.root,
    clock,
    ids: { next: (prefix) => ids.next(`${prefix}_${name}`) },
    env: { PATH, ...env },
  });
};

describe("base with embeddings on, off and failing", () => {
  it("is byte-identical, and so are the budget, the result hash and the audit row", async () => {
    const configs = {
      on: server("on", { ARCHON_OLLAMA_URL: up.url }),
      off: server("off", { ARCHON_OLLAMA_URL: up.url, ARCHON_EMBED_MODEL: "never-embedded" }),
      down: server("down", { ARCHON_OLLAMA_URL: DOWN_URL }),
      failing: server("failing", { ARCHON_OLLAMA_URL: garbage.url }),
    };
    const words = ["payments", "login", "refund", "invoice", "tests", "paging", "session", "charge", "cache"];
    const files = [
      "src/payments/checkout.ts",
      "src/auth/login.ts",
      "src/billing/invoice.ts",
      "test/a.test.ts",
    ];
    let sawEmbeddings = false;
    await fc.assert(
      fc.asyncProperty(
        fc.subarray(files, { minLength: 1 }),
        fc.option(fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 4 }), { nil: undefined }),
        fc.option(fc.constantFrom(64, 8192), { nil: undefined }),
        async (target_files, plan, max_inline_bytes) => {
          const request = {
            target_files,
            ...(plan ? { plan: plan.join(" ") } : {}),
            ...(max_inline_bytes ? { max_inline_bytes } : {}),
          };
          const seen = new Set<string>();
          for (const ctx of Object.values(configs)) {
            const response = await ctx.compiler.compileWithSuggestions(request).catch((e: Error) => e);
            // A refused compile (over a tiny budget) must be refused the same way in every configuration.
            if (response instanceof Error) {
              seen.add(response.message.replace(/cmp_\w+/, "<id>"));
              continue;
            }
            if (response.suggestions?.source === "embeddings") sawEmbeddings = true;
            ctx.compiler.flushAudit();
            const {
              compile_id: _id,
              created_at: _at,
              duration_ms: _ms,
              ...row
            } = readCompileLog(ctx.kdb.db, response.compile_id) as NonNullable<
              ReturnType<typeof readCompileLog>
            >;
            seen.add(
              canonicalJson({
                part: deterministicPart(response),
                base: response.base,
                budget: response.budget,
                row,
              }),
            );
          }
          expect(seen.size).toBe(1);
        },
      ),
      { numRuns: 25, seed: 14 },
    );
    expect(sawEmbeddings).toBe(true);
    for (const ctx of Object.values(configs)) ctx.close();
  }, 120_000);
});
