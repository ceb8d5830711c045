import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { stats } from "../../services/stats.js";
import { doc, seed, type TestProject, tempProject } from "../../test-support/project.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject();
});
afterEach(() => project.cleanup());

/** A context whose database has migration 3, whether or not the shared migration list has it yet. */
const migrated = () => project.context("admin");

function seedUsage(ctx: ReturnType<typeof migrated>) {
  // File-backed and over 4096 bytes: deferred under content_mode auto.
  project.write("docs/big.md", "x".repeat(5000));
  seed(ctx, {
    documents: [
      doc("api", { patterns: ["src/api/**"] }),
      doc("big", { content: "x".repeat(5000), source_path: "docs/big.md", patterns: ["src/api/**"] }),
      doc("ui", { patterns: ["src/ui/**"] }),
      doc("unused", { patterns: ["lib/**"] }),
    ],
  });
}

describe("per-document usage in get_stats", () => {
  it("counts compiles and deliveries per approved document, and lists the never delivered", () => {
    const ctx = migrated();
    seedUsage(ctx);
    ctx.compiler.compile({ target_files: ["src/api/users.ts"] });
    ctx.compiler.compile({
      target_files: ["src/api/users.ts", "src/ui/page.tsx"],
      plan: "render the page",
      min_relevance: 0.5,
    });
    ctx.compiler.flushAudit();
    const s = stats(ctx.kdb.db);
    const at = "2026-11-29T12:00:00.000Z";
    expect(s.usage).toEqual([
      { doc_id: "api", compiles: 2, inline: 1, deferred: 0, omitted: 1, last_compiled_at: at },
      { doc_id: "big", compiles: 2, inline: 0, deferred: 1, omitted: 1, last_compiled_at: at },
      { doc_id: "ui", compiles: 1, inline: 0, deferred: 0, omitted: 1, last_compiled_at: at },
      { doc_id: "unused", compiles: 0, inline: 0, deferred: 0, omitted: 0, last_compiled_at: null },
    ]);
    // Omitted (below min_relevance) is not delivered: ui came back but never reached the agent.
    expect(s.never_delivered).toEqual(["ui", "unused"]);
    expect(s.never_delivered_hint).toContain("Run doctor for isolated documents and dead edges");
  });

  it("has no hint when every approved document has been delivered", () => {
    const ctx = migrated();
    seed(ctx, { documents: [doc("api", { patterns: ["src/**"] })] });
    ctx.compiler.compile({ target_files: ["src/a.ts"] });
    ctx.compiler.flushAudit();
    expect(stats(ctx.kdb.db)).toMatchObject({ never_delivered: [], never_delivered_hint: null });
  });
});
