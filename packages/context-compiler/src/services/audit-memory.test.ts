// Episodic memory written with the audit rows: by the background writer when the server has one (the
// server's own connection writes nothing after its first compile), on this thread otherwise, the same rows
// either way, and never at the cost of an audit row.
import { manualClock, sequentialIds } from "@archon/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createArchonContext } from "../context/archon-context.js";
import { recall } from "../memory/recall.js";
import { readCompileLog } from "../store/audit.js";
import { doc, seed, type TestProject, tempProject } from "../test-support/project.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject();
  seed(project.context(), {
    documents: [doc("api", { patterns: ["src/api/**"] }), doc("web", { patterns: ["src/web/**"] })],
  });
});
afterEach(() => project.cleanup());

const REQUESTS = [
  { target_files: ["src/api/users.ts"], plan: "add paging to users" },
  { target_files: ["./src/web/page.tsx", "src/api/users.ts"], plan: "show the users table" },
  { target_files: ["src/api/orders.ts"] },
];

/** Compiles REQUESTS in a server's context and answers recall from a fresh connection. */
function serve(backgroundAudit: boolean) {
  const ctx = createArchonContext({
    surface: "agent",
    dbPath: project.dbPath,
    projectRoot: project.root,
    clock: manualClock("2026-11-29T12:00:00.000Z"),
    ids: sequentialIds(),
    backgroundAudit,
  });
  const changes = () => ctx.kdb.db.prepare("SELECT total_changes()").pluck().get() as number;
  const [first, ...rest] = REQUESTS;
  const ids = [ctx.compiler.compile(first as (typeof REQUESTS)[number]).compile_id];
  const before = changes();
  for (const request of rest) ids.push(ctx.compiler.compile(request).compile_id);
  ctx.compiler.flushAudit();
  const written = changes() - before;
  ctx.close();
  const reader = project.context();
  const result = recall(reader.kdb.db, { search: "users" }, manualClock("2026-11-29T12:00:00.000Z"));
  return { ids, written, result };
}

describe("episodic memory written with the audit rows", () => {
  it("lands from the background writer, the server's own connection writing nothing after its first compile", () => {
    const { ids, written, result } = serve(true);
    expect(written).toBe(0);
    expect(result.runs.map((r) => [r.run_id, r.compiles, r.files])).toEqual([
      ["run_0001", 3, ["src/api/orders.ts", "src/api/users.ts", "src/web/page.tsx"]],
    ]);
    expect(result.hits.map((h) => [h.id, h.excerpt, h.files])).toEqual([
      [ids[0], "add paging to users", ["src/api/users.ts"]],
      [ids[1], "show the users table", ["src/api/users.ts", "src/web/page.tsx"]],
    ]);
  });

  it("holds the same rows when written on this thread", () => {
    const background = serve(true);
    project.cleanup();
    project = tempProject();
    seed(project.context(), {
      documents: [doc("api", { patterns: ["src/api/**"] }), doc("web", { patterns: ["src/web/**"] })],
    });
    const here = serve(false);
    expect(here.written).toBeGreaterThan(0);
    expect(here.result).toEqual(background.result);
  });

  it("never costs an audit row: a memory write that fails leaves the audit row written", () => {
    const ctx = createArchonContext({
      surface: "agent",
      dbPath: project.dbPath,
      projectRoot: project.root,
      clock: manualClock("2026-11-29T12:00:00.000Z"),
      ids: sequentialIds(),
    });
    ctx.kdb.db.exec("DROP TABLE memory_paths");
    const response = ctx.compiler.compile(REQUESTS[0] as (typeof REQUESTS)[number]);
    expect(ctx.compiler.flushAudit()).toBeUndefined();
    expect(response.warnings).toEqual([]);
    expect(readCompileLog(ctx.kdb.db, response.compile_id)?.resolved_doc_ids).toEqual(["api"]);
    expect(ctx.kdb.db.prepare("SELECT COUNT(*) FROM memory_compiles").pluck().get()).toBe(0);
    ctx.close();
  });
});
