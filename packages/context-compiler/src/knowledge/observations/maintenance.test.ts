import { manualClock } from "@archon/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { formatMaintenance, maintenanceCommand } from "../../cli/maintenance.command.js";
import { maintenanceTool } from "../../mcp/admin/maintenance.tool.js";
import { observationsContext } from "../../mcp/agent/observe.tool.js";
import { listObservations } from "../../store/observations.js";
import { readVersion } from "../../store/version.js";
import { doc, seed, type TestProject, tempProject } from "../../test-support/project.js";
import { maintenance } from "./maintenance.js";
import { observe } from "./observe.js";
import { processObservations } from "./process-observations.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject();
  seed(project.context(), { documents: [doc("api-constraint", { patterns: ["src/api/**"] })] });
});
afterEach(() => project.cleanup());

const miss = (target_doc_id: string) => ({
  event_type: "compile_miss" as const,
  payload: { target_files: ["lib/api/users.ts"], review_comment: "missed", target_doc_id },
});
const state = (ctx: ReturnType<typeof observationsContext>) => ({
  observations: listObservations(ctx.db),
  proposals: ctx.db.prepare("SELECT * FROM proposals ORDER BY proposal_id").all(),
  evidence: ctx.db.prepare("SELECT * FROM proposal_evidence ORDER BY proposal_id, observation_id").all(),
  version: readVersion(ctx.db),
});

describe("the maintenance preview", () => {
  it("says per new observation what process_observations would keep or drop, and changes nothing", () => {
    const ctx = observationsContext(project.context());
    observe(ctx, miss("api-constraint"));
    observe(ctx, { event_type: "manual_note", payload: { note: "Deploys happen on Tuesdays." } });
    observe(ctx, miss("ghost"));
    const before = state(ctx);
    const result = maintenanceTool.run({}, project.context());
    expect(result).toEqual({
      reclaimed: [],
      preview: [
        {
          observation_id: "obs_0001",
          event_type: "compile_miss",
          verdict: "keep",
          proposal_type: "add_edge",
          reason: "add_edge path_requires lib/api/** → api-constraint",
        },
        {
          observation_id: "obs_0002",
          event_type: "manual_note",
          verdict: "keep",
          proposal_type: "new_doc",
          reason: 'new_doc rule-deploys-happen-tuesdays (standing rule): "Deploys happen on Tuesdays."',
        },
        {
          observation_id: "obs_0003",
          event_type: "compile_miss",
          verdict: "drop",
          reason: 'target_doc_id "ghost" names no document',
        },
      ],
      totals: { keep: 2, drop: 1, error: 0 },
      not_previewed: 0,
    });
    expect(state(ctx)).toEqual(before);
    // The preview used throwaway ids: the context's sequence goes on where it was.
    expect(observe(ctx, miss("ghost")).observation_id).toBe("obs_0004");
  });

  it("agrees with what process_observations then does", () => {
    const ctx = observationsContext(project.context());
    observe(ctx, miss("api-constraint"));
    observe(ctx, miss("ghost"));
    const preview = maintenance(ctx).preview;
    const done = processObservations(ctx);
    expect(preview.filter((p) => p.verdict === "keep").map((p) => p.observation_id)).toEqual(
      done.proposed.map((p) => p.observation_id),
    );
    expect(preview.filter((p) => p.verdict === "drop").map((p) => [p.observation_id, p.reason])).toEqual(
      done.skipped.map((s) => [s.observation_id, s.reason]),
    );
  });
});

describe("reclaiming observations", () => {
  it("re-queues only those analyzed longer ago than stale_after_days that no proposal cites", () => {
    const clock = manualClock("2026-11-29T12:00:00.000Z");
    const ctx = { ...observationsContext(project.context()), clock };
    observe(ctx, miss("ghost")); // skipped, never cited: reclaimable
    observe(ctx, miss("api-constraint")); // cited by its proposal
    observe(ctx, { event_type: "session_note", payload: {} }); // archived below
    processObservations(ctx);
    ctx.db.prepare("UPDATE observations SET status = 'archived' WHERE observation_id = 'obs_0003'").run();
    clock.advance(25 * 3600_000);
    observe(ctx, miss("nobody")); // analyzed just now: too recent
    processObservations(ctx);

    seed(project.context(), { documents: [doc("ghost")] });
    const result = maintenance(ctx, { reclaim_observations: true });
    expect(result.reclaimed).toEqual(["obs_0001"]);
    expect(result.preview).toEqual([
      {
        observation_id: "obs_0001",
        event_type: "compile_miss",
        verdict: "keep",
        proposal_type: "add_edge",
        reason: "add_edge path_requires lib/api/** → ghost",
      },
    ]);
    expect(listObservations(ctx.db).map((o) => [o.observation_id, o.status, o.analyzed_at])).toEqual([
      ["obs_0001", "new", null],
      ["obs_0002", "analyzed", "2026-11-29T12:00:00.000Z"],
      ["obs_0003", "archived", "2026-11-29T12:00:00.000Z"],
      ["obs_0005", "analyzed", "2026-11-30T13:00:00.000Z"],
    ]);
    clock.advance(1); // "more than 0 days ago" is strict: the analysis must be in the past
    expect(maintenance(ctx, { reclaim_observations: true, stale_after_days: 0 }).reclaimed).toEqual([
      "obs_0005",
    ]);
  });

  it("refuses a negative age and the agent surface, changing nothing", () => {
    const ctx = observationsContext(project.context());
    observe(ctx, miss("ghost"));
    processObservations(ctx);
    const before = state(ctx);
    expect(() => maintenance(ctx, { reclaim_observations: true, stale_after_days: -1 })).toThrow(
      "stale_after_days must be a number of days, 0 or more, not -1.",
    );
    const agent = observationsContext(project.context("agent"));
    expect(() => maintenance(agent, { reclaim_observations: true, stale_after_days: 0 })).toThrow(
      /maintenance with reclaim_observations is refused on the agent surface/,
    );
    expect(maintenance(agent).preview).toEqual([]);
    expect(state(ctx)).toEqual(before);
  });
});

describe("archon maintenance", () => {
  const options = () => ({ surface: "admin" as const, db: project.dbPath, projectRoot: project.root });

  it("prints the preview grouped by verdict, or JSON", () => {
    const ctx = observationsContext(project.context());
    observe(ctx, miss("ghost"));
    observe(ctx, miss("api-constraint"));
    const out: string[] = [];
    maintenanceCommand(options(), {}, (text) => out.push(text));
    expect(out.join("")).toBe(
      [
        "process_observations would keep 1, drop 1, fail on 0:",
        "  keep  obs_0002 (compile_miss): add_edge path_requires lib/api/** → api-constraint",
        '  drop  obs_0001 (compile_miss): target_doc_id "ghost" names no document',
        "",
      ].join("\n"),
    );
    const json: string[] = [];
    maintenanceCommand(options(), { json: true, reclaimObservations: true, staleAfterDays: "3" }, (t) =>
      json.push(t),
    );
    expect(JSON.parse(json.join(""))).toMatchObject({
      reclaimed: [],
      totals: { keep: 1, drop: 1, error: 0 },
    });
  });

  it("refuses a bad --stale-after-days before opening the database", () => {
    expect(() => maintenanceCommand(options(), { staleAfterDays: "soon" }, () => {})).toThrow(
      '--stale-after-days must be a number of days, 0 or more, not "soon".',
    );
  });

  it("says when there is nothing to do and when observations were re-queued", () => {
    const empty = { reclaimed: [], preview: [], totals: { keep: 0, drop: 0, error: 0 }, not_previewed: 0 };
    expect(formatMaintenance(empty)).toBe("No new observations: process_observations has nothing to do.\n");
    expect(formatMaintenance({ ...empty, reclaimed: ["obs_1"], not_previewed: 3 })).toBe(
      [
        "Re-queued 1 observation(s): obs_1",
        "",
        "No new observations: process_observations has nothing to do.",
        "3 more new observation(s) were not previewed.",
        "",
      ].join("\n"),
    );
  });
});
