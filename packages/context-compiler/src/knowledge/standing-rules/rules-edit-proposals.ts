// Uncommitted edits to .archon/rules.md as pending proposals: shown to a person, never approved knowledge.
import { type Clock, canonicalJson, type Db, type IdGenerator } from "@archon/core";
import { parsePayload } from "../../store/proposal-payloads.js";
import { createProposal, decideProposal, listProposals, type Proposal } from "../../store/proposals.js";
import type { ProposalType } from "../../vocabulary/lifecycle.js";
import { normalizeRuleText, normalizeRuleTitle, RULES_FILE, type RuleSection } from "./rules-file.js";
import { diffRules, type RulesOnDisk, standingRules } from "./rules-on-disk.js";

/** The `source` of these proposals, so nothing mistakes them for a decision the agent captured. */
export const RULES_EDIT_SOURCE = "rules_file_edit";
/** More pending proposals than any project holds; listProposals needs a bound. */
const ALL = 100_000;

interface Edit {
  proposal_type: ProposalType;
  payload: Record<string, unknown>;
  rationale: string;
}

const quoted = (prefix: string, text: string) =>
  normalizeRuleText(text)
    .split("\n")
    .map((line) => `${prefix} ${line}`)
    .join("\n");

/** A diff a person can read in `archon proposals`: the rule as it is, then as the edit would make it. */
function diffText(before: RuleSection | undefined, after: RuleSection | undefined): string {
  const side = (prefix: string, r: RuleSection) =>
    `${prefix} title: ${r.title}\n${quoted(prefix, r.content)}`;
  return [before ? side("-", before) : "", after ? side("+", after) : ""].filter((s) => s !== "").join("\n");
}

function editsOf(file: RulesOnDisk, rules: readonly RuleSection[]): Edit[] {
  const current = new Map(rules.map((r) => [r.doc_id, r]));
  const diff = diffRules(file, rules);
  const why = (what: string, before: RuleSection | undefined, after: RuleSection | undefined) =>
    `Uncommitted edit to ${RULES_FILE} (${what}); not reviewed yet, so not absorbed:\n${diffText(before, after)}`;
  return [
    ...diff.added.map((s) => ({
      proposal_type: "new_doc" as const,
      payload: {
        doc_id: s.doc_id,
        title: s.title,
        content: s.content,
        kind: "guideline",
        origin: "standing",
      },
      rationale: why(`new rule ${s.doc_id}`, undefined, s),
    })),
    ...diff.updated.map((s) => ({
      proposal_type: "update_doc" as const,
      payload: { doc_id: s.doc_id, title: s.title, content: s.content },
      rationale: why(`changes rule ${s.doc_id}`, current.get(s.doc_id), s),
    })),
    ...diff.deprecated.map((id) => ({
      proposal_type: "deprecate_doc" as const,
      payload: { doc_id: id, reason: `removed from ${RULES_FILE}` },
      rationale: why(`removes rule ${id}`, current.get(id), undefined),
    })),
  ];
}

/** Pending proposals made from uncommitted edits, oldest first. */
export const pendingRulesEdits = (db: Db): Proposal[] =>
  listProposals(db, "pending", ALL).filter((p) => p.source === RULES_EDIT_SOURCE);

/** Compared as stored: parsing fills the defaults the stored payload carries. */
const sameChange = (p: Proposal, e: Edit) =>
  p.proposal_type === e.proposal_type &&
  canonicalJson(p.payload) === canonicalJson(parsePayload(e.proposal_type, e.payload));

/**
 * One pending proposal per rule the working file changes against the knowledge base, except those an
 * identical pending proposal already holds (the same edit seen on every prompt is one proposal).
 * Returns the ids it created.
 */
export function proposeRulesEdits(db: Db, file: RulesOnDisk, clock: Clock, ids: IdGenerator): string[] {
  const waiting = pendingRulesEdits(db);
  const fresh = editsOf(file, standingRules(db)).filter((e) => !waiting.some((p) => sameChange(p, e)));
  return db
    .transaction(() =>
      fresh.map(
        (e) =>
          createProposal(
            db,
            {
              proposal_type: e.proposal_type,
              payload: e.payload,
              source: RULES_EDIT_SOURCE,
              rationale: e.rationale,
            },
            clock,
            ids,
          ).proposal_id,
      ),
    )
    .immediate();
}

/** The proposal's change is already what the knowledge base says (a commit or a person brought it). */
function alreadyTrue(p: Proposal, rules: ReadonlyMap<string, RuleSection>): boolean {
  const id = p.payload.doc_id as string;
  const rule = rules.get(id);
  if (p.proposal_type === "deprecate_doc") return rule === undefined;
  return (
    rule !== undefined &&
    normalizeRuleTitle(rule.title) === p.payload.title &&
    normalizeRuleText(rule.content) === p.payload.content
  );
}

/** Cancels the pending edit proposals the knowledge base has caught up with; returns their ids. */
export function retireSettledEdits(db: Db, clock: Clock): string[] {
  const rules = new Map(standingRules(db).map((r) => [r.doc_id, r]));
  const settled = pendingRulesEdits(db).filter((p) => alreadyTrue(p, rules));
  db.transaction(() => {
    for (const p of settled) {
      decideProposal(db, p.proposal_id, {
        status: "cancelled",
        at: clock.now(),
        comment: `The knowledge base already says this (absorbed from the committed ${RULES_FILE}).`,
      });
    }
  }).immediate();
  return settled.map((p) => p.proposal_id);
}
