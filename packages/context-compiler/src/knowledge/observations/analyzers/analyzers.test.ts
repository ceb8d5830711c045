import { type IdGenerator, manualClock, sequentialIds } from "@archon/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { createArchonContext } from "../../../context/archon-context.js";
import { getDocument } from "../../../store/documents.js";
import { recordObservation } from "../../../store/observations.js";
import { createProposal } from "../../../store/proposals.js";
import { doc, seed, type TestProject, tempProject } from "../../../test-support/project.js";
import { OBSERVATION_EVENTS, type ObservationEvent } from "../../../vocabulary/lifecycle.js";
import { commonFolderGlob } from "./common-folder-glob.js";
import { ANALYZERS, analyzeObservation } from "./index.js";

let project: TestProject;
let ctx: ReturnType<typeof createArchonContext>;
let ids: IdGenerator;
beforeEach(() => {
  ids = sequentialIds();
  project = tempProject();
  ctx = project.context();
  seed(ctx, {
    documents: [
      doc("api-constraint", { patterns: ["src/api/**"] }),
      doc("ui-guide", { source_path: "docs/ui.md#Buttons" }),
    ],
  });
});
afterEach(() => project.cleanup());

const clock = manualClock("2026-11-29T12:00:00.000Z");
const analyze = (event_type: ObservationEvent, payload: Record<string, unknown>) => {
  const observation = recordObservation(ctx.kdb.db, { event_type, payload }, clock, ids);
  return analyzeObservation(observation, ctx.kdb.db, ctx.compiler.index(), ctx.channel);
};

describe("the analyzer list", () => {
  it("has exactly one analyzer per observation event", () => {
    expect(ANALYZERS.map((a) => a.event_type).sort()).toEqual([...OBSERVATION_EVENTS].sort());
  });
});

describe("compile_miss", () => {
  it("proposes a path_requires edge from the target files' common folder to the named document", () => {
    expect(
      analyze("compile_miss", {
        target_files: ["lib/api/users.ts", "lib/api/v2/orders.ts"],
        review_comment: "the API rule applies in lib too",
        target_doc_id: "api-constraint",
      }),
    ).toEqual({
      proposal_type: "add_edge",
      payload: { edge_type: "path_requires", source_value: "lib/api/**", target_doc_id: "api-constraint" },
      source: "observation",
      rationale: "compile_miss on lib/api/users.ts, lib/api/v2/orders.ts: the API rule applies in lib too",
      evidence_observation_ids: ["obs_0001"],
    });
  });

  it("skips with a reason when no document is named, the document is unknown, or the files already match", () => {
    const base = { target_files: ["src/api/a.ts"], review_comment: "missed" };
    expect(analyze("compile_miss", base)).toEqual({
      skip: "names no document (target_doc_id or missing_doc): write the missing rule with archon_import_doc, then observe again with its doc_id",
    });
    expect(analyze("compile_miss", { ...base, missing_doc: "ghost" })).toEqual({
      skip: 'missing_doc "ghost" names no document',
    });
    expect(analyze("compile_miss", { ...base, target_doc_id: "api-constraint" })).toEqual({
      skip: "every target file already matches a path_requires edge of api-constraint; the miss is not a missing edge (compile with include_debug to see why)",
    });
    expect(
      analyze("compile_miss", {
        target_files: ["a.ts", "lib/b.ts"],
        review_comment: "x",
        missing_doc: "ui-guide",
      }),
    ).toEqual({
      skip: "the target files share no folder, and a project-wide ** edge is too broad to propose",
    });
    expect(analyze("compile_miss", { target_files: [], review_comment: "x" })).toEqual({
      skip: "payload is not a valid compile_miss: payload.target_files: Too small: expected array to have >=1 items",
    });
  });
});

describe("review_correction", () => {
  it("proposes update_doc with the proposed content against the current content hash", () => {
    const current = getDocument(ctx.kdb.db, "api-constraint");
    expect(
      analyze("review_correction", {
        target_doc_id: "api-constraint",
        proposed_content: "Use the API client.\n",
        review_comment: "outdated",
      }),
    ).toEqual({
      proposal_type: "update_doc",
      payload: {
        doc_id: "api-constraint",
        content: "Use the API client.\n",
        base_content_hash: current?.content_hash,
      },
      source: "observation",
      rationale: "review_correction: outdated",
      evidence_observation_ids: ["obs_0001"],
    });
  });

  it("skips an unknown document and content that is already there", () => {
    expect(
      analyze("review_correction", { target_doc_id: "ghost", proposed_content: "x", review_comment: "y" }),
    ).toEqual({
      skip: 'target_doc_id "ghost" names no document',
    });
    expect(
      analyze("review_correction", {
        target_doc_id: "ui-guide",
        proposed_content: "Content of ui-guide.",
        review_comment: "y",
      }),
    ).toEqual({ skip: "ui-guide already has the proposed content" });
  });
});

describe("manual_note", () => {
  it("proposes a standing rule, noting when the wording is not a decision", () => {
    expect(analyze("manual_note", { note: "Dates are UTC in the API.", hints: ["style"] })).toEqual({
      proposal_type: "new_doc",
      payload: {
        doc_id: "rule-dates-utc-in-api",
        title: "Dates are UTC in the API.",
        kind: "guideline",
        content: "Dates are UTC in the API.",
        origin: "standing",
      },
      source: "manual_note",
      rationale:
        "Standing decision captured from a manual note (no decision wording; offered for a person to judge).",
      evidence_observation_ids: ["obs_0001"],
    });
  });

  it("skips a note a proposal already cites", () => {
    const observation = recordObservation(
      ctx.kdb.db,
      { event_type: "manual_note", payload: { note: "Always UTC." } },
      clock,
      ids,
    );
    createProposal(
      ctx.kdb.db,
      {
        proposal_type: "new_doc",
        payload: { doc_id: "rule-utc", title: "UTC", content: "Always UTC." },
        source: "manual_note",
        evidence_observation_ids: [observation.observation_id],
      },
      clock,
      ids,
    );
    expect(analyzeObservation(observation, ctx.kdb.db, ctx.compiler.index(), ctx.channel)).toEqual({
      skip: "already proposed as prop_0002",
    });
  });
});

describe("document_import", () => {
  it("proposes a new document from a title and content, carrying known document fields", () => {
    expect(
      analyze("document_import", {
        title: "Error handling",
        content: "Wrap errors with context.",
        kind: "pattern",
        edge_hints: [{ edge_type: "path_requires", source_value: "src/**" }],
        origin_url: "https://wiki.example/errors",
      }),
    ).toEqual({
      proposal_type: "new_doc",
      payload: {
        doc_id: "error-handling",
        title: "Error handling",
        kind: "pattern",
        content: "Wrap errors with context.",
        edge_hints: [{ edge_type: "path_requires", source_value: "src/**" }],
      },
      source: "observation",
      rationale: 'document_import of "Error handling"',
      evidence_observation_ids: ["obs_0001"],
    });
  });

  it("skips without title and content, with a taken or bad doc_id, or with invalid document fields", () => {
    expect(analyze("document_import", { title: "T" })).toEqual({
      skip: "a document_import needs a non-empty title and content to become a document",
    });
    expect(analyze("document_import", { title: "T", content: "C", doc_id: "ui-guide" })).toEqual({
      skip: 'doc_id "ui-guide" is already a document or a pending proposal; send changes as review_correction',
    });
    expect(analyze("document_import", { title: "T", content: "C", doc_id: "has space" })).toEqual({
      skip: 'doc_id "has space" is not a valid document id',
    });
    expect(analyze("document_import", { title: "T", content: "C", kind: "essay" })).toMatchObject({
      skip: expect.stringMatching(/^payload is not a valid document: kind: /),
    });
  });
});

describe("events with nothing deterministic to propose", () => {
  it("pr_merged names the file-backed documents whose source changed", () => {
    expect(analyze("pr_merged", { changed_files: ["./docs/ui.md", "src/x.ts"] })).toEqual({
      skip: "the merge changed the source of ui-guide: run archon_sync_docs to propose updates for drifted documents",
    });
    expect(analyze("pr_merged", { changed_files: ["src/x.ts"], pr_title: "Fix" })).toEqual({
      skip: "a merged PR proposes nothing by itself, and none of its files is the source of an approved document",
    });
  });

  it("doc_gap_detected and session_note are skipped with a reason", () => {
    expect(analyze("doc_gap_detected", { topic: "caching strategy" })).toEqual({
      skip: 'a documentation gap ("caching strategy") needs a written document: add it with archon_import_doc or archon_analyze_doc + archon_execute_import_plan',
    });
    expect(analyze("session_note", {})).toEqual({
      skip: "session notes feed episodic memory (recall); they propose no knowledge change",
    });
  });
});

describe("the common-folder glob", () => {
  it("is the deepest folder every target file shares, validated", () => {
    expect(commonFolderGlob(["src/api/a.ts"])).toEqual({ glob: "src/api/**" });
    expect(commonFolderGlob(["src/api/a.ts", "src/ui/b.ts"])).toEqual({ glob: "src/**" });
    expect(commonFolderGlob(["src\\api\\a.ts", "./src/api/b.ts"])).toEqual({ glob: "src/api/**" });
    expect(commonFolderGlob(["../x/a.ts"])).toEqual({
      problem: 'target file "../x/a.ts" is not a path inside the project',
    });
    expect(commonFolderGlob(["src/[x/a.ts"])).toEqual({
      problem: 'derived glob "src/[x/**" has unbalanced brackets or braces',
    });
  });
});
