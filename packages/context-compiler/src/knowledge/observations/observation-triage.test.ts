import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { archiveObservationsTool } from "../../mcp/admin/archive-observations.tool.js";
import { listObservationsTool } from "../../mcp/admin/list-observations.tool.js";
import { observationsContext } from "../../mcp/agent/observe.tool.js";
import { listObservations } from "../../store/observations.js";
import { getProposal } from "../../store/proposals.js";
import { type TestProject, tempProject } from "../../test-support/project.js";
import type { listObservationsWithEvidence } from "./observation-triage.js";
import { observe } from "./observe.js";

type ListResult = ReturnType<typeof listObservationsWithEvidence>;

let project: TestProject;
beforeEach(() => {
  project = tempProject();
  const ctx = observationsContext(project.context());
  observe(ctx, { event_type: "manual_note", payload: { note: "Always use UTC." } }); // obs_0001 → prop_0002
  observe(ctx, { event_type: "doc_gap_detected", payload: { topic: "caching" } }); // obs_0003
  observe(ctx, { event_type: "session_note", payload: { text: "done" } }); // obs_0004
});
afterEach(() => project.cleanup());

describe("list_observations", () => {
  it("lists oldest first with payloads and the proposals citing each", () => {
    expect(listObservationsTool.run({}, project.context())).toEqual({
      observations: [
        {
          observation_id: "obs_0001",
          event_type: "manual_note",
          payload: { note: "Always use UTC." },
          agent_id: null,
          created_at: "2026-11-29T12:00:00.000Z",
          status: "analyzed",
          analyzed_at: "2026-11-29T12:00:00.000Z",
          cited_by: ["prop_0002"],
        },
        {
          observation_id: "obs_0003",
          event_type: "doc_gap_detected",
          payload: { topic: "caching" },
          agent_id: null,
          created_at: "2026-11-29T12:00:00.000Z",
          status: "new",
          analyzed_at: null,
          cited_by: [],
        },
        {
          observation_id: "obs_0004",
          event_type: "session_note",
          payload: { text: "done" },
          agent_id: null,
          created_at: "2026-11-29T12:00:00.000Z",
          status: "new",
          analyzed_at: null,
          cited_by: [],
        },
      ],
      count: 3,
    });
  });

  it("filters by status, event type and limit", () => {
    const ids = (args: Parameters<typeof listObservationsTool.run>[0]) =>
      (listObservationsTool.run(args, project.context()) as ListResult).observations.map(
        (o) => o.observation_id,
      );
    expect(ids({ status: "new" })).toEqual(["obs_0003", "obs_0004"]);
    expect(ids({ event_type: "session_note" })).toEqual(["obs_0004"]);
    expect(ids({ status: "new", limit: 1 })).toEqual(["obs_0003"]);
    expect(ids({ status: "archived" })).toEqual([]);
  });
});

describe("archive_observations", () => {
  it("archives observations, even one a proposal cites, and leaves the proposal alone", () => {
    const ctx = project.context();
    expect(
      archiveObservationsTool.run({ observation_ids: ["obs_0003", "obs_0001", "obs_0003"] }, ctx),
    ).toEqual({
      archived: ["obs_0001", "obs_0003"],
      already_archived: [],
    });
    expect(archiveObservationsTool.run({ observation_ids: ["obs_0003"] }, ctx)).toEqual({
      archived: [],
      already_archived: ["obs_0003"],
    });
    expect(listObservations(ctx.kdb.db).map((o) => [o.observation_id, o.status])).toEqual([
      ["obs_0001", "archived"],
      ["obs_0003", "archived"],
      ["obs_0004", "new"],
    ]);
    expect(getProposal(ctx.kdb.db, "prop_0002")?.status).toBe("pending");
  });

  it("refuses unknown ids and the agent surface, archiving nothing", () => {
    expect(() =>
      archiveObservationsTool.run({ observation_ids: ["obs_0003", "obs_9", "nope"] }, project.context()),
    ).toThrow('No observation "nope", "obs_9"; nothing was archived.');
    expect(() =>
      archiveObservationsTool.run({ observation_ids: ["obs_0003"] }, project.context("agent")),
    ).toThrow(
      "archive_observations is refused on the agent surface: the agent surface cannot change canonical knowledge.",
    );
    expect(listObservations(project.context().kdb.db, { status: "archived" })).toEqual([]);
  });
});
