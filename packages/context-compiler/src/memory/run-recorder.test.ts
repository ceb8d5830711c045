import { manualClock } from "@archon/core";
import { describe, expect, it } from "vitest";
import { RunRecorder } from "./run-recorder.js";

describe("RunRecorder", () => {
  it("keeps one run while the session stays the same, learning it after the first compile", () => {
    let session: string | null = null;
    const recorder = new RunRecorder(manualClock("2026-12-01T10:00:00.000Z"), "agent", () => session);
    const first = recorder.compile("cmp_a", ["src/a.ts"], "2026-12-01T10:01:00.000Z");
    session = "s1";
    const second = recorder.compile("cmp_b", ["src/b.ts"], "2026-12-01T10:02:00.000Z");
    expect([first.run, second.run]).toEqual([
      {
        run_id: "run_a",
        started_at: "2026-12-01T10:00:00.000Z",
        last_seen_at: "2026-12-01T10:01:00.000Z",
        surface: "agent",
        session_id: null,
      },
      {
        run_id: "run_a",
        started_at: "2026-12-01T10:00:00.000Z",
        last_seen_at: "2026-12-01T10:02:00.000Z",
        surface: "agent",
        session_id: "s1",
      },
    ]);
  });

  it("starts a new run when the client moves to another session (a /clear), from that compile on", () => {
    let session: string | null = "s1";
    const recorder = new RunRecorder(manualClock("2026-12-01T10:00:00.000Z"), "agent", () => session);
    recorder.compile("cmp_a", [], "2026-12-01T10:01:00.000Z");
    session = "s2";
    const after = recorder.compile("cmp_b", [], "2026-12-01T10:05:00.000Z");
    // A hook that says nothing for a while does not end the run either.
    session = null;
    const quiet = recorder.compile("cmp_c", [], "2026-12-01T10:06:00.000Z");
    expect([after.run, quiet.run, recorder.run_id]).toEqual([
      {
        run_id: "run_b",
        started_at: "2026-12-01T10:05:00.000Z",
        last_seen_at: "2026-12-01T10:05:00.000Z",
        surface: "agent",
        session_id: "s2",
      },
      {
        run_id: "run_b",
        started_at: "2026-12-01T10:05:00.000Z",
        last_seen_at: "2026-12-01T10:06:00.000Z",
        surface: "agent",
        session_id: "s2",
      },
      "run_b",
    ]);
  });
});
