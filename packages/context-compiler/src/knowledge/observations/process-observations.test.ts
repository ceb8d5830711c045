import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { processObservationsTool } from "../../mcp/admin/process-observations.tool.js";
import { observationsContext } from "../../mcp/agent/observe.tool.js";
import { listObservations } from "../../store/observations.js";
import { evidenceOf, listProposals } from "../../store/proposals.js";
import { readVersion } from "../../store/version.js";
import { doc, seed, type TestProject, tempProject } from "../../test-support/project.js";
import { observe } from "./observe.js";
import { processObservations } from "./process-observations.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject();
  seed(project.context(), { documents: [doc("api-constraint", { patterns: ["src/api/**"] })] });
});
afterEach(() => project.cleanup());

const admin = () => observationsContext(project.context("admin"));
const miss = (file: string) => ({
  event_type: "compile_miss" as const,
  payload: { target_files: [file], review_comment: "missed", target_doc_id: "api-constraint" },
});

describe("process_observations", () => {
  it("runs the analyzers oldest first, stores proposals citing their observation and marks each analyzed", () => {
    const ctx = admin();
    observe(ctx, miss("lib/api/users.ts"));
    observe(ctx, { event_type: "session_note", payload: { text: "done" } });
    observe(ctx, {
      event_type: "review_correction",
      payload: {
        target_doc_id: "api-constraint",
        proposed_content: "Use the client.",
        review_comment: "old",
      },
    });
    const result = processObservationsTool.run({}, project.context("admin"));
    expect(result).toEqual({
      proposed: [
        { observation_id: "obs_0001", proposal_id: "prop_0004", proposal_type: "add_edge" },
        { observation_id: "obs_0003", proposal_id: "prop_0005", proposal_type: "update_doc" },
      ],
      skipped: [
        {
          observation_id: "obs_0002",
          reason: "session notes feed episodic memory (recall); they propose no knowledge change",
        },
      ],
      errors: [],
      remaining: 0,
    });
    expect(evidenceOf(ctx.db, "prop_0004")).toEqual(["obs_0001"]);
    expect(listObservations(ctx.db).map((o) => [o.observation_id, o.status, o.analyzed_at])).toEqual([
      ["obs_0001", "analyzed", "2026-11-29T12:00:00.000Z"],
      ["obs_0002", "analyzed", "2026-11-29T12:00:00.000Z"],
      ["obs_0003", "analyzed", "2026-11-29T12:00:00.000Z"],
    ]);
    expect(readVersion(ctx.db)).toBe(1);
  });

  it("cites a pending proposal making the same change instead of duplicating it", () => {
    const ctx = admin();
    observe(ctx, miss("lib/api/users.ts"));
    processObservations(ctx);
    observe(ctx, miss("lib/api/orders.ts"));
    expect(processObservations(ctx)).toEqual({
      proposed: [],
      skipped: [
        {
          observation_id: "obs_0003",
          reason: "same change as pending proposal prop_0002; this observation was added to its evidence",
        },
      ],
      errors: [],
      remaining: 0,
    });
    expect(listProposals(ctx.db, "pending")).toHaveLength(1);
    expect(evidenceOf(ctx.db, "prop_0002")).toEqual(["obs_0001", "obs_0003"]);
  });

  it("respects the limit and reports what remains", () => {
    const ctx = admin();
    observe(ctx, miss("lib/api/a.ts"));
    observe(ctx, miss("app/api/b.ts"));
    const result = processObservations(ctx, { limit: 1 });
    expect(result.proposed.map((p) => p.observation_id)).toEqual(["obs_0001"]);
    expect(result.remaining).toBe(1);
  });

  it("records one observation's failure, keeps it new and goes on with the others", () => {
    const ctx = admin();
    observe(ctx, miss("lib/api/a.ts"));
    observe(ctx, { event_type: "document_import", payload: { title: "Boom", content: "x" } });
    observe(ctx, miss("app/api/b.ts"));
    ctx.db.exec(`CREATE TRIGGER refuse_boom BEFORE INSERT ON proposals
      WHEN json_extract(NEW.payload, '$.doc_id') = 'boom' BEGIN SELECT RAISE(ABORT, 'disk says no'); END`);
    const result = processObservations(ctx);
    expect(result).toEqual({
      proposed: [
        { observation_id: "obs_0001", proposal_id: "prop_0004", proposal_type: "add_edge" },
        { observation_id: "obs_0003", proposal_id: "prop_0006", proposal_type: "add_edge" },
      ],
      skipped: [],
      errors: [{ observation_id: "obs_0002", message: "Internal error: disk says no" }],
      remaining: 1,
    });
    expect(listObservations(ctx.db, { status: "new" }).map((o) => o.observation_id)).toEqual(["obs_0002"]);
    expect(readVersion(ctx.db)).toBe(1);
  });

  it("is refused on the agent surface and changes nothing", () => {
    const ctx = observationsContext(project.context("agent"));
    observe(ctx, miss("lib/api/a.ts"));
    expect(() => processObservations(ctx)).toThrow(
      "process_observations is refused on the agent surface: the agent surface cannot change canonical knowledge.",
    );
    expect(listObservations(ctx.db, { status: "new" })).toHaveLength(1);
    expect(listProposals(ctx.db, "pending")).toEqual([]);
  });
});
