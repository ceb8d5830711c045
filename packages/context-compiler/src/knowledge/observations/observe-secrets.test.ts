import { readFileSync } from "node:fs";
import { sha256 } from "@archon/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { observationsContext } from "../../mcp/agent/observe.tool.js";
import { getObservation } from "../../store/observations.js";
import { evidenceOf, getProposal, listProposals } from "../../store/proposals.js";
import { type TestProject, tempProject } from "../../test-support/project.js";
import { observe } from "./observe.js";

// The agent is the attacker here, or the careless messenger: whatever it pastes into observe, the
// database file never holds the secret, and nothing derived from the note (doc_id, title) does either.
const TOKEN = "ghp_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8";
const OTHER = "ghp_Z9y8X7w6V5u4T3s2R1q0P9o8N7m6L5k4J3i2";
const MARK = `[redacted: GitHub token sha256:${sha256(TOKEN).slice(0, 8)}]`;

let project: TestProject;
beforeEach(() => {
  project = tempProject();
});
afterEach(() => project.cleanup());

const agent = () => observationsContext(project.context("agent"));
/** The raw bytes of the SQLite file: what a copy of the database, or a commit of it, would hand out. */
const databaseHolds = (text: string) => readFileSync(project.dbPath).includes(Buffer.from(text));

describe("observe redacts a secret from every field before storing the observation", () => {
  it("keeps a GitHub token out of a captured decision, its proposal, its doc_id and its next step", () => {
    const ctx = agent();
    const result = observe(ctx, {
      event_type: "manual_note",
      payload: { note: `From now on, publish with ${TOKEN} only from CI.`, hints: [`token ${TOKEN}`] },
    });
    const content = `From now on, publish with ${MARK} only from CI.`;
    expect(result).toEqual({
      observation_id: "obs_0001",
      event_type: "manual_note",
      warnings: [
        "Possible GitHub token in payload.hints.0; it was redacted before it was stored.",
        "Possible GitHub token in payload.note; it was redacted before it was stored.",
      ],
      proposal_id: "prop_0002",
      doc_id: "rule-publish-with-redacted-github-token",
      conflict_candidates: [],
      next_step: `Show the user this rule word for word and ask them to confirm it, on its own: "${content}". Tell them beside it: "This rule looked like it contained a secret (GitHub token); it was redacted: the stored text keeps a [redacted: …] marker in its place, never the secret." A plain yes approves proposal prop_0002 (archon_approve_proposal on the admin surface); anything else leaves it pending for a person to decide.`,
    });
    expect(getObservation(ctx.db, "obs_0001")?.payload).toEqual({ note: content, hints: [`token ${MARK}`] });
    expect(getProposal(ctx.db, "prop_0002")?.payload).toMatchObject({ title: content, content });
    expect(databaseHolds(TOKEN)).toBe(false);
  });

  it("redacts a plan, tags, nested sections and keys of a free-form payload", () => {
    const ctx = agent();
    const result = observe(ctx, {
      event_type: "session_note",
      payload: {
        plan: `Rotate ${TOKEN} after the release.`,
        tags: ["ci", TOKEN],
        sections: [{ body: `export GH_TOKEN=${TOKEN}` }],
        [TOKEN]: "seen in the log",
      },
    });
    expect(result.warnings).toEqual([
      "Possible GitHub token in a key of payload; it was redacted before it was stored.",
      "Possible GitHub token in payload.plan; it was redacted before it was stored.",
      "Possible GitHub token in payload.sections.0.body; it was redacted before it was stored.",
      "Possible GitHub token in payload.tags.1; it was redacted before it was stored.",
    ]);
    expect(getObservation(ctx.db, result.observation_id)?.payload).toEqual({
      plan: `Rotate ${MARK} after the release.`,
      tags: ["ci", MARK],
      sections: [{ body: `export GH_TOKEN=${MARK}` }],
      [MARK]: "seen in the log",
    });
    expect(databaseHolds(TOKEN)).toBe(false);
  });

  it("redacts the agent_id and the target files of a compile miss", () => {
    const ctx = agent();
    const result = observe(ctx, {
      event_type: "compile_miss",
      payload: { target_files: [`src/${TOKEN}.ts`], review_comment: `missed, key ${TOKEN}` },
      agent_id: `claude ${TOKEN}`,
    });
    expect(result.warnings).toEqual([
      "Possible GitHub token in payload.review_comment; it was redacted before it was stored.",
      "Possible GitHub token in payload.target_files.0; it was redacted before it was stored.",
      "Possible GitHub token in agent_id; it was redacted before it was stored.",
    ]);
    expect(getObservation(ctx.db, result.observation_id)).toMatchObject({
      agent_id: `claude ${MARK}`,
      payload: { target_files: [`src/${MARK}.ts`], review_comment: `missed, key ${MARK}` },
    });
    expect(databaseHolds(TOKEN)).toBe(false);
  });

  it("names a misspelt key holding a secret only redacted in its error", () => {
    expect(() => observe(agent(), { event_type: "manual_note", payload: { note: "x", [TOKEN]: 1 } })).toThrow(
      expect.objectContaining({
        message: `Invalid manual_note payload: payload.${MARK}: Unrecognized key: "${MARK}".`,
        field: `payload.${MARK}`,
      }),
    );
  });

  it("leaves a payload without a secret exactly as it came", () => {
    const ctx = agent();
    const payload = {
      title: "Deploy",
      sections: [{ body: "Tag releases from 3f2c1a9b8e7d6c5b4a39281706f5e4d3c2b1a098." }],
    };
    const result = observe(ctx, { event_type: "document_import", payload, agent_id: "claude-code" });
    expect(result.warnings).toEqual([]);
    expect(getObservation(ctx.db, result.observation_id)).toMatchObject({ payload, agent_id: "claude-code" });
  });
});

describe("two observations holding the same secret still deduplicate", () => {
  it("cites the pending proposal for the same note, and keeps a note with another secret apart", () => {
    const ctx = agent();
    const note = (token: string) => ({
      event_type: "manual_note" as const,
      payload: { note: `Never paste ${token} into a commit message.` },
    });
    const first = observe(ctx, note(TOKEN));
    const second = observe(ctx, note(TOKEN));
    const other = observe(ctx, note(OTHER));
    expect(second.proposal_id).toBe(first.proposal_id);
    expect(evidenceOf(ctx.db, first.proposal_id as string)).toEqual([
      first.observation_id,
      second.observation_id,
    ]);
    expect(other.proposal_id).not.toBe(first.proposal_id);
    expect(listProposals(ctx.db, "pending").map((p) => p.payload.content)).toEqual([
      `Never paste ${MARK} into a commit message.`,
      `Never paste [redacted: GitHub token sha256:${sha256(OTHER).slice(0, 8)}] into a commit message.`,
    ]);
    expect(databaseHolds(TOKEN) || databaseHolds(OTHER)).toBe(false);
  });
});
