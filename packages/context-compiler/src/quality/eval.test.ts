import { manualClock, sequentialIds } from "@archon/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createArchonContext } from "../context/archon-context.js";
import type { ReadRecord } from "../hooks/read-log.js";
import { observe } from "../knowledge/observations/observe.js";
import { observationsContext } from "../mcp/agent/observe.tool.js";
import { doc, seed, type TestProject, tempProject } from "../test-support/project.js";
import { evaluate } from "./eval.js";
import { replayLog } from "./replay.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject();
  project.write("src/api/users.ts", "export {};\n");
  seed(project.context(), {
    documents: [
      doc("api", { patterns: ["src/api/**"], content: "Use the client." }),
      doc("style", { patterns: ["src/**"], content: "Two spaces." }),
      doc("errors", {}),
    ],
  });
});
afterEach(() => project.cleanup());

describe("the delivery-quality report", () => {
  it("lists compile misses and corrections citing a compile, uncited deliveries and the bytes they cost", () => {
    const ctx = project.context("agent");
    const first = ctx.compiler.compile({ target_files: ["src/api/users.ts"] });
    ctx.compiler.compile({ target_files: ["src/api/users.ts"] });
    const obs = observationsContext(ctx);
    const miss = observe(obs, {
      event_type: "compile_miss",
      payload: {
        target_files: ["src/api/users.ts"],
        review_comment: "errors rule missing",
        missing_doc: "errors",
      },
    });
    const correction = observe(obs, {
      event_type: "review_correction",
      payload: {
        target_doc_id: "api",
        proposed_content: "Use the typed client.",
        review_comment: "stale",
        compile_id: first.compile_id,
      },
    });
    // A correction that names no compile is about the rule, not about a delivery.
    observe(obs, {
      event_type: "review_correction",
      payload: { target_doc_id: "style", proposed_content: "Tabs.", review_comment: "changed" },
    });
    ctx.compiler.flushAudit();
    const report = evaluate(ctx.kdb.db);
    expect(report).toEqual({
      compiles: { kept: 2, folded: 0, failed: 0 },
      missed: [
        {
          observation_id: miss.observation_id,
          event_type: "compile_miss",
          doc_id: "errors",
          files: ["src/api/users.ts"],
          compile_id: null,
          created_at: "2026-11-29T12:00:00.000Z",
        },
        {
          observation_id: correction.observation_id,
          event_type: "review_correction",
          doc_id: "api",
          files: [],
          compile_id: first.compile_id,
          created_at: "2026-11-29T12:00:00.000Z",
        },
      ],
      unnecessary: [],
      read: [],
      budget: {
        inline_bytes: 2 * (15 + 11),
        max_inline_bytes: 2 * 8192,
        utilization: Math.round(((2 * 26) / (2 * 8192)) * 10_000) / 10_000,
        uncited_inline_bytes: 0,
        waste_share: 0,
        compiles_with_omissions: 0,
      },
    });
  });

  it("counts a delivered document nobody cited as unnecessary, with its inline bytes as waste", () => {
    const ctx = project.context("agent");
    ctx.compiler.compile({ target_files: ["src/api/users.ts"] });
    const report = evaluate(ctx.kdb.db);
    expect(report.unnecessary).toEqual([
      { doc_id: "api", delivered: 1, inline: 1, deferred: 0 },
      { doc_id: "style", delivered: 1, inline: 1, deferred: 0 },
    ]);
    expect(report.budget.uncited_inline_bytes).toBe(26);
    expect(report.budget.waste_share).toBe(1);
  });
});

describe("a delivery the agent followed by reading the document's file", () => {
  /** A server's context, so its compiles belong to a run of session sess-A. */
  function serverOfSession() {
    project.write("docs/api.md", "# API\n\nUse the client.\n");
    seed(project.context(), {
      documents: [
        doc("api", { patterns: ["src/api/**"], content: "Use the client.", source_path: "docs/api.md" }),
      ],
    });
    return createArchonContext({
      surface: "agent",
      dbPath: project.dbPath,
      projectRoot: project.root,
      clock: manualClock("2026-11-29T13:00:00.000Z"),
      ids: sequentialIds(),
      env: { ARCHON_SESSION_ID: "sess-A" },
    });
  }
  const reading = (session_id: string | null, at: string): ReadRecord => ({
    path: "docs/api.md",
    session_id,
    at,
  });

  it("counts as read, not unnecessary, when its source file was read after the compile in its session", () => {
    const ctx = serverOfSession();
    ctx.compiler.compile({ target_files: ["src/api/users.ts"] });
    ctx.compiler.flushAudit();
    const report = evaluate(ctx.kdb.db, [reading("sess-A", "2026-11-29T13:05:00.000Z")]);
    expect(report.read).toEqual([{ doc_id: "api", source_path: "docs/api.md", delivered: 1, read: 1 }]);
    expect(report.unnecessary).toEqual([{ doc_id: "style", delivered: 1, inline: 1, deferred: 0 }]);
    expect(report.budget.uncited_inline_bytes).toBe(11);
    ctx.close();
  });

  it("stays unnecessary when the only reads came before the compile or from another session", () => {
    const ctx = serverOfSession();
    ctx.compiler.compile({ target_files: ["src/api/users.ts"] });
    ctx.compiler.flushAudit();
    const reads = [
      reading("sess-A", "2026-11-29T12:59:59.999Z"),
      reading("sess-B", "2026-11-29T13:05:00.000Z"),
    ];
    const report = evaluate(ctx.kdb.db, reads);
    expect(report.read).toEqual([]);
    expect(report.unnecessary.map((u) => u.doc_id)).toEqual(["api", "style"]);
    // A read that names no session cannot be told apart: it counts for any compile before it.
    expect(evaluate(ctx.kdb.db, [reading(null, "2026-11-29T13:00:00.000Z")]).read).toEqual([
      { doc_id: "api", source_path: "docs/api.md", delivered: 1, read: 1 },
    ]);
    ctx.close();
  });
});

describe("eval --replay", () => {
  it("reports nothing when today's code reproduces every logged compile", () => {
    const ctx = project.context("agent");
    ctx.compiler.compile({ target_files: ["src/api/users.ts"] });
    ctx.compiler.compile({ target_files: ["src/api/users.ts"], plan: "paging" });
    expect(replayLog(ctx.kdb, ctx.compiler)).toEqual({ replayed: 2, same: 2, differences: [] });
  });

  it("finds a planted difference: a content blob rewritten under its hash", () => {
    const ctx = project.context("agent");
    const compiled = ctx.compiler.compile({ target_files: ["src/api/users.ts"] });
    ctx.compiler.flushAudit();
    const api = compiled.base.documents.find((d) => d.doc_id === "api");
    ctx.kdb.db
      .prepare("UPDATE content_blobs SET content = 'Planted.' WHERE content_hash = ?")
      .run(api?.content_hash);
    const fresh = project.context("agent");
    const report = replayLog(fresh.kdb, fresh.compiler);
    expect(report.replayed).toBe(1);
    expect(report.differences.map((d) => [d.compile_id, d.kind])).toEqual([
      [compiled.compile_id, "result_changed"],
    ]);
    expect(report.differences[0]?.replayed?.result_hash).not.toBe(report.differences[0]?.logged.result_hash);
  });
});
