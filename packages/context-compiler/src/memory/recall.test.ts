import { type Db, manualClock, UserError } from "@archon/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { writeCompileLog } from "../store/audit.js";
import { AuditTerms } from "../store/audit-terms.js";
import { recordRunCompile } from "../store/memory-runs.js";
import { recordObservation } from "../store/observations.js";
import { doc, seed, type TestProject, tempProject } from "../test-support/project.js";
import { type RecallHit, recall } from "./recall.js";

const NOW = "2026-11-29T12:00:00.000Z";
const daysAgo = (days: number) => new Date(new Date(NOW).getTime() - days * 86_400_000).toISOString();

let project: TestProject;
let db: Db;
const clock = manualClock(NOW);
beforeEach(() => {
  project = tempProject();
  const ctx = project.context();
  db = ctx.kdb.db;
  seed(ctx, { documents: [doc("api-rules", { patterns: ["src/api/**"] }), doc("style", {})] });
});
afterEach(() => project.cleanup());

interface FixtureCompile {
  compile_id: string;
  plan: string | null;
  files: string[];
  knowledge_version: number;
  doc_ids: string[];
}

/** One run holding the given compiles, all at knowledge version 1 unless said otherwise. */
function run(run_id: string, startedDaysAgo: number, compiles: Partial<FixtureCompile>[]) {
  const at = daysAgo(startedDaysAgo);
  const rows = compiles.map((c, i) => ({
    compile_id: `cmp_${run_id}_${i}`,
    plan: null,
    files: [],
    knowledge_version: 1,
    doc_ids: [],
    ...c,
  }));
  // A remembered compile's time, plan and delivered documents are its audit row's, as the server writes it.
  const terms = new AuditTerms(() => db);
  for (const r of rows) {
    writeCompileLog(db, terms, {
      compile_id: r.compile_id,
      created_at: at,
      agent_id: null,
      request: {
        target_files: r.files.length > 0 ? r.files : ["src/a.ts"],
        ...(r.plan === null ? {} : { plan: r.plan }),
      },
      knowledge_version: r.knowledge_version,
      snapshot_id: null,
      tag_catalog: null,
      knowledge_hash: null,
      outcome: {
        deliveries: r.doc_ids.map((doc_id) => ({ doc_id, delivery: "inline" as const, reason: null })),
        budget: { inline_bytes: 0, max_inline_bytes: 8192, content_mode: "auto" },
        near_miss_edges: [],
        layer_classification: [],
      },
      result_hash: null,
      error: null,
      duration_ms: 1,
    });
    recordRunCompile(
      db,
      { run_id, started_at: at, last_seen_at: at, surface: "agent", session_id: null },
      { compile_id: r.compile_id, plan: r.plan, files: r.files },
    );
  }
}

const brief = (hits: RecallHit[]) => hits.map((h) => ({ id: h.id, score: h.score, scores: h.scores }));

describe("the text component", () => {
  it("scores BM25 matches normalized within the result set and drops hits without a match", () => {
    run("r1", 0, [
      { compile_id: "cmp_a", plan: "add paging to the invoice list" },
      { compile_id: "cmp_b", plan: "fix the login redirect" },
      { compile_id: "cmp_c", plan: "invoice totals" },
    ]);
    const result = recall(db, { search: "paging invoices" }, clock);
    expect(result.hits.map((h) => h.id)).toEqual(["cmp_a", "cmp_c"]);
    expect(result.hits[0]?.scores.text).toBe(1);
    expect(result.hits[1]?.scores.text).toBeGreaterThan(0);
    expect(result.hits[1]?.scores.text).toBeLessThan(1);
  });

  it("stems words (porter), so a plan about invoicing matches a search for invoices", () => {
    run("r1", 0, [{ compile_id: "cmp_a", plan: "invoicing rules" }]);
    expect(recall(db, { search: "invoices" }, clock).hits.map((h) => h.id)).toEqual(["cmp_a"]);
  });
});

describe("the recency component", () => {
  it("is exp(-age_days/30) from the injected clock", () => {
    run("r1", 0, [{ compile_id: "cmp_today" }]);
    run("r2", 30, [{ compile_id: "cmp_month" }]);
    expect(brief(recall(db, {}, clock).hits)).toEqual([
      {
        id: "cmp_today",
        score: 0.25,
        scores: { text: 0, recency: 1, proximity: 0, superseded: false },
      },
      {
        id: "cmp_month",
        score: Math.round(((0.25 * Math.round(Math.exp(-1) * 1e6)) / 1e6) * 1e6) / 1e6,
        scores: { text: 0, recency: Math.round(Math.exp(-1) * 1e6) / 1e6, proximity: 0, superseded: false },
      },
    ]);
  });
});

describe("the graph proximity component", () => {
  it("is 1 for a shared file, 0.5 for the same folder or one import away, and filters out the rest", () => {
    run("r1", 0, [
      { compile_id: "cmp_same", files: ["src/api/users.ts"] },
      { compile_id: "cmp_folder", files: ["src/api/orders.ts"] },
      { compile_id: "cmp_import", files: ["src/lib/db.ts"] },
      { compile_id: "cmp_far", files: ["docs/readme.md"] },
    ]);
    // The code index says users.ts imports lib/db.ts.
    db.prepare(
      "INSERT INTO symbol_files (path, language, content_sha, status, extractor) VALUES (?, 'typescript', 'x', 'indexed', 't')",
    ).run("src/api/users.ts");
    db.prepare(
      "INSERT INTO symbol_imports (path, seq, line, source, text, resolved_path) VALUES ('src/api/users.ts', 0, 1, '../lib/db', 'import', 'src/lib/db.ts')",
    ).run();
    const hits = recall(db, { files: ["src/api/users.ts"] }, clock).hits;
    expect(hits.map((h) => [h.id, h.scores.proximity])).toEqual([
      ["cmp_same", 1],
      ["cmp_folder", 0.5],
      ["cmp_import", 0.5],
    ]);
  });
});

describe("the superseded penalty", () => {
  it("halves a hit whose cited document changed after the compile's knowledge version", () => {
    run("r1", 0, [
      { compile_id: "cmp_old", doc_ids: ["api-rules"], knowledge_version: 1 },
      { compile_id: "cmp_fresh", doc_ids: ["style"], knowledge_version: 1 },
    ]);
    seed(project.context(), {
      documents: [doc("api-rules", { patterns: ["src/api/**"], content: "Changed." }), doc("style", {})],
    });
    expect(brief(recall(db, {}, clock).hits)).toEqual([
      { id: "cmp_fresh", score: 0.25, scores: { text: 0, recency: 1, proximity: 0, superseded: false } },
      { id: "cmp_old", score: 0.125, scores: { text: 0, recency: 1, proximity: 0, superseded: true } },
    ]);
  });
});

describe("ties", () => {
  it("fall to the id, so equal scores come back in one order", () => {
    run("r1", 0, [{ compile_id: "cmp_b" }, { compile_id: "cmp_a" }, { compile_id: "cmp_c" }]);
    expect(recall(db, {}, clock).hits.map((h) => h.id)).toEqual(["cmp_a", "cmp_b", "cmp_c"]);
  });
});

describe("the run filters", () => {
  it("looks at the last 10 runs by default, recent_runs up to 50, or one run by id", () => {
    for (let i = 0; i < 12; i++) run(`r${String(i).padStart(2, "0")}`, 12 - i, [{ compile_id: `cmp_${i}` }]);
    expect(recall(db, {}, clock).runs.map((r) => r.run_id)).toEqual([
      "r11",
      "r10",
      "r09",
      "r08",
      "r07",
      "r06",
      "r05",
      "r04",
      "r03",
      "r02",
    ]);
    expect(recall(db, { recent_runs: 2 }, clock).hits.map((h) => h.id)).toEqual(["cmp_11", "cmp_10"]);
    expect(recall(db, { run_id: "r03" }, clock).hits.map((h) => h.id)).toEqual(["cmp_3"]);
  });

  it("refuses an unknown run id and a recent_runs past 50 with a hint", () => {
    expect(() => recall(db, { run_id: "run_nope" }, clock)).toThrow(UserError);
    expect(() => recall(db, { recent_runs: 51 }, clock)).toThrow(/1 to 50/);
  });
});

describe("session notes in recall", () => {
  it("come back as note hits with their outcome and origin, pointers and an excerpt", () => {
    recordObservation(
      db,
      {
        event_type: "session_note",
        payload: { text: "paging broke the export", outcome: "failed", files: ["src/api/export.ts"] },
      },
      clock,
      { next: () => "obs_1" },
    );
    expect(recall(db, { search: "paging" }, clock).hits).toEqual([
      {
        kind: "note",
        id: "note_obs_1",
        run_id: null,
        at: NOW,
        files: ["src/api/export.ts"],
        excerpt: "paging broke the export",
        outcome: "failed",
        origin: "manual",
        score: 0.75,
        scores: { text: 1, recency: 1, proximity: 0, superseded: false },
      },
    ]);
  });
});

describe("the size budget", () => {
  it("drops the lowest hits past the budget and says truncated", () => {
    run(
      "r1",
      0,
      Array.from({ length: 40 }, (_, i) => ({
        compile_id: `cmp_${String(i).padStart(2, "0")}`,
        plan: "x".repeat(100),
      })),
    );
    const full = recall(db, {}, clock);
    const cut = recall(db, { max_bytes: 4000 }, clock);
    expect(full.truncated).toBe(false);
    expect(cut.truncated).toBe(true);
    expect(cut.hits).toEqual(full.hits.slice(0, cut.hits.length));
    expect(cut.hits.length).toBeLessThan(40);
  });
});
