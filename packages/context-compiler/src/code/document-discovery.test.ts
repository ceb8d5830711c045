import { manualClock, sequentialIds } from "@archon/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createProposal } from "../store/proposals.js";
import { commitAll } from "../test-support/git.js";
import { doc, seed, type TestProject, tempProject } from "../test-support/project.js";
import { MANAGED_FILE_MARKER } from "../vocabulary/markers.js";
import { announceCandidates, discoverDocuments } from "./document-discovery.js";

let project: TestProject;
const clock = manualClock("2026-12-01T08:00:00.000Z");
const discover = () => discoverDocuments(project.context().kdb.db, project.root, clock);

beforeEach(() => {
  project = tempProject();
  project.write("docs/architecture.md", "# Architecture\n");
  project.write("README.md", "# Project\n");
  commitAll(project.root, "initial", true);
});
afterEach(() => project.cleanup());

describe("the first discovery run", () => {
  it("takes a baseline of the doc-like files already there and announces nothing", () => {
    expect(discover()).toEqual({ first_run: true, candidates: [] });
  });
});

describe("a later discovery run", () => {
  it("announces doc-like files new since the last run that are not documents or pending proposals", () => {
    discover();
    project.write("docs/payments.md", "# Payments\n");
    project.write("docs/errors.md", "# Errors\n");
    project.write("docs/imported.md", "# Already a document\n");
    project.write("docs/proposed.md", "# Already proposed\n");
    project.write("CHANGELOG.md", "# Changes\n");
    project.write("CLAUDE.md", "# Instructions import-rules reads\n");
    project.write(".claude/skills/x/SKILL.md", "# a skill\n");
    project.write("docs/owned.md", `${MANAGED_FILE_MARKER}\n# archon wrote this\n`);
    project.write("src/notes.ts", "export {};\n");
    const ctx = project.context();
    seed(ctx, { documents: [doc("imported", { source_path: "docs/imported.md" })] });
    createProposal(
      ctx.kdb.db,
      {
        proposal_type: "new_doc",
        payload: {
          doc_id: "proposed",
          title: "Proposed",
          content: "x",
          source_path: "docs/proposed.md#Intro",
        },
        source: "test",
      },
      clock,
      sequentialIds(),
    );
    expect(discover()).toEqual({ first_run: false, candidates: ["docs/errors.md", "docs/payments.md"] });
    expect(discover()).toEqual({ first_run: false, candidates: [] });
  });
});

describe("the announcement", () => {
  it("counts the candidates, lists a few and points at the bulk-import skill", () => {
    expect(announceCandidates([])).toBe("");
    expect(announceCandidates(["docs/a.md"])).toBe(
      "archon: 1 new document candidate since the last session (docs/a.md): not documents or pending proposals yet. To bring them in, use the archon-bulk-import skill; nothing was proposed.",
    );
    const many = Array.from({ length: 12 }, (_, i) => `docs/d${String(i).padStart(2, "0")}.md`);
    expect(announceCandidates(many)).toContain(
      "(docs/d00.md, docs/d01.md, docs/d02.md, docs/d03.md, docs/d04.md, docs/d05.md, docs/d06.md, docs/d07.md, docs/d08.md, docs/d09.md and 2 more)",
    );
  });
});
