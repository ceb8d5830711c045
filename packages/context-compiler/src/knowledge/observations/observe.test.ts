import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { writeContext } from "../../context/archon-context.js";
import { observationsContext } from "../../mcp/agent/observe.tool.js";
import { getDocument } from "../../store/documents.js";
import { evidenceOf, getProposal, listProposals } from "../../store/proposals.js";
import { doc, seed, type TestProject, tempProject } from "../../test-support/project.js";
import { approveProposal } from "../approval/approve-proposal.js";
import { resolveConflict } from "../standing-rules/resolve-conflict.js";
import { observe } from "./observe.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject();
});
afterEach(() => project.cleanup());

const agent = () => observationsContext(project.context("agent"));
const count = (ctx: ReturnType<typeof agent>, table: string) =>
  ctx.db.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get();

describe("observe validates the payload of each event type", () => {
  it("names the missing field of a compile_miss", () => {
    expect(() =>
      observe(agent(), { event_type: "compile_miss", payload: { review_comment: "missed the API rule" } }),
    ).toThrow(
      expect.objectContaining({
        message:
          "Invalid compile_miss payload: payload.target_files: Invalid input: expected array, received undefined.",
        hint: "compile_miss needs target_files[] and review_comment (optional missing_doc, target_doc_id).",
        field: "payload.target_files",
      }),
    );
  });

  it("names a misspelt field instead of dropping it", () => {
    expect(() =>
      observe(agent(), {
        event_type: "review_correction",
        payload: { target_doc: "a", proposed_content: "x", review_comment: "y" },
      }),
    ).toThrow(expect.objectContaining({ field: "payload.target_doc_id" }));
    expect(() => observe(agent(), { event_type: "manual_note", payload: { note: "  " } })).toThrow(
      expect.objectContaining({ field: "payload.note" }),
    );
  });

  it("accepts free-form payloads for document_import, doc_gap_detected and session_note", () => {
    const ctx = agent();
    for (const event_type of ["document_import", "doc_gap_detected", "session_note"] as const) {
      expect(observe(ctx, { event_type, payload: { anything: [1, 2] } })).toMatchObject({ warnings: [] });
    }
    expect(count(ctx, "observations")).toBe(3);
  });
});

describe("a compile_miss answers with a triage hint", () => {
  it("names the near-miss edge and its document", () => {
    seed(project.context(), { documents: [doc("api-constraint", { patterns: ["src/api/**"] })] });
    const result = observe(agent(), {
      event_type: "compile_miss",
      payload: { target_files: ["src/apis/users.ts"], review_comment: "the API rule was not delivered" },
      agent_id: "claude",
    });
    expect(result).toEqual({
      observation_id: "obs_0001",
      event_type: "compile_miss",
      warnings: [],
      triage_hint:
        "1 near-miss edge exists for src/api/** (doc api-constraint) — check whether target_files should match it",
      next_step:
        "Recorded. A person triages it on the admin surface (archon_process_observations, then approve or reject).",
    });
  });

  it("counts every edge of every near pattern and leaves out patterns that matched", () => {
    seed(project.context(), {
      documents: [
        doc("api-a", { patterns: ["src/api/*.ts"] }),
        doc("api-b", { patterns: ["src/api/*.ts"] }),
        doc("api-tests", { patterns: ["src/api/**/*.test.ts"] }),
        doc("src-all", { patterns: ["src/**"] }),
      ],
    });
    const result = observe(agent(), {
      event_type: "compile_miss",
      payload: { target_files: ["./src/api/v2/users.ts"], review_comment: "missed" },
    });
    expect(result.triage_hint).toBe(
      "3 near-miss edges exist for src/api/**/*.test.ts (doc api-tests), src/api/*.ts (docs api-a, api-b) — check whether target_files should match one of them",
    );
  });

  it("suggests a new edge when no pattern is near, and warns about paths outside the project", () => {
    const result = observe(agent(), {
      event_type: "compile_miss",
      payload: {
        target_files: ["lib/x.ts", "../etc/passwd"],
        review_comment: "no rule",
        target_doc_id: "ghost",
      },
    });
    expect(result.triage_hint).toBe(
      "ghost does not exist: no document has that doc_id, so no edge can deliver it. Write the rule first (archon_import_doc), then observe again with its doc_id.",
    );
    expect(result.warnings).toEqual([
      '"../etc/passwd" is not a path inside the project and cannot match any rule.',
      'target_doc_id "ghost" names no document; archon_process_observations will skip this observation.',
    ]);
  });
});

describe("a compile_miss naming a document says what is true of that document", () => {
  const miss = (missing_doc: string) =>
    observe(agent(), {
      event_type: "compile_miss",
      payload: { target_files: ["src/billing/invoice.ts"], review_comment: "missed", missing_doc },
    }).triage_hint;

  it("says a document that exists and is approved is wired to nothing", () => {
    seed(project.context(), { documents: [doc("money")] });
    expect(miss("money")).toBe(
      "money exists and is approved but nothing wires it to any file: add a path glob (a path_requires edge) covering src/billing/invoice.ts; archon_process_observations proposes one from this observation.",
    );
  });

  it("says a document that does not exist does not", () => {
    expect(miss("money")).toBe(
      "money does not exist: no document has that doc_id, so no edge can deliver it. Write the rule first (archon_import_doc), then observe again with its doc_id.",
    );
  });

  it("names the globs, layers and dependents of a document wired elsewhere", () => {
    seed(project.context(), {
      documents: [
        doc("money", { patterns: ["src/payments/**", "lib/money/*.ts"], layers: ["domain"] }),
        doc("ledger", { patterns: ["src/ledger/**"], depends_on: ["money"] }),
      ],
    });
    expect(miss("money")).toBe(
      "money is wired only by path glob(s) lib/money/*.ts, src/payments/**; layer(s) domain; the documents depending on it (ledger), and none of that reaches src/billing/invoice.ts: widen one of those globs or add one covering these files; archon_process_observations proposes one from this observation.",
    );
  });

  it("says when the document's glob already matches, so the miss is not a missing edge", () => {
    seed(project.context(), { documents: [doc("money", { patterns: ["src/billing/**"] })] });
    expect(miss("money")).toBe(
      "money already matches src/billing/invoice.ts by a path glob: the edge is there, so the miss lies elsewhere (compile with include_debug to see budget drops and relevance).",
    );
  });
});

describe("a manual note stating a standing decision", () => {
  it("creates a pending standing-rule proposal in the same step and asks the agent to get confirmation", () => {
    const ctx = agent();
    const result = observe(ctx, {
      event_type: "manual_note",
      payload: { note: "From now on, don't run tests unless I say so." },
    });
    expect(result).toEqual({
      observation_id: "obs_0001",
      event_type: "manual_note",
      warnings: [],
      proposal_id: "prop_0002",
      doc_id: "rule-dont-run-tests-unless-say",
      conflict_candidates: [],
      next_step:
        'Show the user this rule word for word and ask them to confirm it, on its own: "From now on, don\'t run tests unless I say so.". A plain yes approves proposal prop_0002 (archon_approve_proposal on the admin surface); anything else leaves it pending for a person to decide.',
    });
    expect(getProposal(ctx.db, "prop_0002")).toMatchObject({
      proposal_type: "new_doc",
      status: "pending",
      source: "manual_note",
      rationale: 'Standing decision captured from a manual note (wording "from now on").',
      payload: {
        doc_id: "rule-dont-run-tests-unless-say",
        title: "From now on, don't run tests unless I say so.",
        kind: "guideline",
        content: "From now on, don't run tests unless I say so.",
        origin: "standing",
        edge_hints: [],
        depends_on: [],
        priority: 100,
        source_path: null,
      },
    });
    expect(evidenceOf(ctx.db, "prop_0002")).toEqual(["obs_0001"]);
    expect(ctx.db.prepare("SELECT status FROM observations").pluck().get()).toBe("analyzed");
  });

  it("offers keep both / replace / cancel when the rule may collide with an approved one", () => {
    const admin = project.context();
    seed(admin, {
      documents: [
        doc("rule-tests", { title: "Run tests", content: "Always run the tests before a commit." }),
      ],
    });
    admin.kdb.db.prepare("UPDATE documents SET origin = 'standing' WHERE doc_id = 'rule-tests'").run();
    const result = observe(agent(), {
      event_type: "manual_note",
      payload: { note: "Never run the tests before a commit.", abstract: "No tests before commits" },
    });
    expect(result.conflict_candidates).toEqual([
      {
        doc_id: "rule-tests",
        title: "Run tests",
        overlap: 0.8,
        shared_terms: ["before", "commit", "run", "tests"],
      },
    ]);
    expect(result.next_step).toBe(
      'Show the user this rule word for word and ask them to confirm it, on its own: "Never run the tests before a commit." (summary: "No tests before commits"). A plain yes approves proposal prop_0002 (archon_approve_proposal on the admin surface); anything else leaves it pending for a person to decide. It may collide with existing rule(s) rule-tests ("Run tests"): offer keep both, replace, or cancel, and persist each answer with archon_resolve_conflict (keep_both, supersede or cancel) on the admin surface.',
    );

    // Approval waits for the person's answer; "replace" then retires the old rule in the same version.
    const write = { ...writeContext(admin), ids: admin.ids };
    expect(() => approveProposal(write, { proposal_id: "prop_0002" })).toThrow(
      /unresolved conflict .* "rule-tests"/,
    );
    resolveConflict(write, {
      proposal_id: "prop_0002",
      existing_doc_id: "rule-tests",
      resolution: "supersede",
    });
    const approved = approveProposal(write, { proposal_id: "prop_0002" });
    expect(approved.knowledge_version).toBe(2);
    expect(getDocument(admin.kdb.db, "rule-tests")?.status).toBe("deprecated");
    expect(readFileSync(join(project.root, ".archon/rules.md"), "utf8")).toContain(
      "Never run the tests before a commit.",
    );
  });

  it("cites the pending proposal instead of duplicating it when the same rule is noted twice", () => {
    const ctx = agent();
    const note = { event_type: "manual_note" as const, payload: { note: "We decided: prefer pnpm." } };
    const first = observe(ctx, note);
    const second = observe(ctx, note);
    expect(second).toMatchObject({ proposal_id: first.proposal_id, doc_id: "rule-prefer-pnpm" });
    expect(second.warnings).toEqual([
      `The same rule is already pending as ${first.proposal_id} (rule-prefer-pnpm); this note was added to its evidence.`,
    ]);
    expect(listProposals(ctx.db, "pending")).toHaveLength(1);
    expect(evidenceOf(ctx.db, first.proposal_id as string)).toEqual([
      first.observation_id,
      second.observation_id,
    ]);
  });

  it("records an ordinary note without a proposal", () => {
    const ctx = agent();
    const result = observe(ctx, {
      event_type: "manual_note",
      payload: { note: "The staging database was slow today." },
    });
    expect(result).toEqual({
      observation_id: "obs_0001",
      event_type: "manual_note",
      warnings: [],
      next_step:
        "Recorded. A person triages it on the admin surface (archon_process_observations, then approve or reject).",
    });
    expect(count(ctx, "proposals")).toBe(0);
  });

  it("rolls back the observation when the proposal cannot be stored", () => {
    const ctx = agent();
    ctx.db.exec(
      "CREATE TRIGGER no_proposals BEFORE INSERT ON proposals BEGIN SELECT RAISE(ABORT, 'refused'); END",
    );
    expect(() => observe(ctx, { event_type: "manual_note", payload: { note: "Always use UTC." } })).toThrow(
      "refused",
    );
    expect(count(ctx, "observations")).toBe(0);
  });
});
