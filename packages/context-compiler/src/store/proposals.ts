// Proposals: changes to canonical knowledge waiting for a person's decision (P-3).
import { type Clock, canonicalJson, type Db, type IdGenerator, UserError } from "@archon/core";
import type { ProposalStatus, ProposalType } from "../vocabulary/lifecycle.js";
import { parsePayload } from "./proposal-payloads.js";
import { statement } from "./statements.js";

export interface ProposalInput {
  proposal_type: ProposalType;
  payload: unknown;
  /** Who or what wrote it: observation, import, manual_note, sync_docs, edge_scopes, upgrade, ... */
  source: string;
  rationale?: string;
  bundle_id?: string;
  evidence_observation_ids?: string[];
}

export interface Proposal {
  proposal_id: string;
  proposal_type: ProposalType;
  payload: Record<string, unknown>;
  status: ProposalStatus;
  bundle_id: string | null;
  source: string;
  rationale: string | null;
  created_at: string;
  decided_at: string | null;
  /** The person who decided, when known: the token holder on the team server; null locally. */
  decided_by: string | null;
  comment: string | null;
  applied_version: number | null;
}

/** Validates and stores a pending proposal. Call inside a transaction when several must land together. */
export function createProposal(db: Db, input: ProposalInput, clock: Clock, ids: IdGenerator): Proposal {
  const payload = parsePayload(input.proposal_type, input.payload);
  const proposal_id = ids.next("prop");
  statement(
    db,
    `INSERT INTO proposals (proposal_id, proposal_type, payload, status, bundle_id, source, rationale, created_at)
     VALUES (?, ?, ?, 'pending', ?, ?, ?, ?)`,
  ).run(
    proposal_id,
    input.proposal_type,
    canonicalJson(payload),
    input.bundle_id ?? null,
    input.source,
    input.rationale ?? null,
    clock.now().toISOString(),
  );
  for (const observation of input.evidence_observation_ids ?? []) {
    if (!db.prepare("SELECT 1 FROM observations WHERE observation_id = ?").get(observation)) {
      throw new UserError(
        `Evidence names unknown observation "${observation}".`,
        undefined,
        "evidence_observation_ids",
      );
    }
    citeEvidence(db, proposal_id, observation);
  }
  return getProposal(db, proposal_id) as Proposal;
}

const fromRow = (row: Record<string, unknown>): Proposal => ({
  ...(row as unknown as Proposal),
  payload: JSON.parse(row.payload as string) as Record<string, unknown>,
});

export function getProposal(db: Db, proposalId: string): Proposal | undefined {
  const row = statement(db, "SELECT * FROM proposals WHERE proposal_id = ?").get(proposalId) as
    | Record<string, unknown>
    | undefined;
  return row ? fromRow(row) : undefined;
}

/** Adds an observation to a proposal's evidence (a no-op when it is there already). */
export function citeEvidence(db: Db, proposalId: string, observationId: string): void {
  db.prepare("INSERT OR IGNORE INTO proposal_evidence (proposal_id, observation_id) VALUES (?, ?)").run(
    proposalId,
    observationId,
  );
}

/** The proposals citing an observation as evidence, whatever their status, by proposal_id. */
export const proposalsCiting = (db: Db, observationId: string): string[] =>
  db
    .prepare("SELECT proposal_id FROM proposal_evidence WHERE observation_id = ? ORDER BY proposal_id")
    .pluck()
    .all(observationId) as string[];

export function evidenceOf(db: Db, proposalId: string): string[] {
  return db
    .prepare("SELECT observation_id FROM proposal_evidence WHERE proposal_id = ? ORDER BY observation_id")
    .pluck()
    .all(proposalId) as string[];
}

/** Proposals with one status, oldest first. */
export function listProposals(db: Db, status: ProposalStatus, limit = 100, bundleId?: string): Proposal[] {
  const rows = db
    .prepare(
      `SELECT * FROM proposals WHERE status = ? AND (? IS NULL OR bundle_id = ?)
       ORDER BY created_at, proposal_id LIMIT ?`,
    )
    .all(status, bundleId ?? null, bundleId ?? null, limit) as Record<string, unknown>[];
  return rows.map(fromRow);
}

/** Pending proposals of one type, oldest first. */
export function pendingProposalsOfType(db: Db, type: ProposalType): Proposal[] {
  const rows = db
    .prepare(
      `SELECT * FROM proposals WHERE status = 'pending' AND proposal_type = ?
       ORDER BY created_at, proposal_id`,
    )
    .all(type) as Record<string, unknown>[];
  return rows.map(fromRow);
}

/** The oldest pending proposal of `type` whose stored payload is exactly `payload` (already parsed). */
export const pendingProposalWithPayload = (
  db: Db,
  type: ProposalType,
  payload: unknown,
): string | undefined =>
  db
    .prepare(
      `SELECT proposal_id FROM proposals WHERE status = 'pending' AND proposal_type = ? AND payload = ?
       ORDER BY created_at, proposal_id LIMIT 1`,
    )
    .pluck()
    .get(type, canonicalJson(payload)) as string | undefined;

export interface PendingNewDoc {
  doc_id: string;
  source_path: string | null;
  proposal_id: string;
}

/** The doc_id and source_path every pending new_doc proposal would create, oldest first. */
export function pendingNewDocs(db: Db): PendingNewDoc[] {
  return db
    .prepare(
      `SELECT json_extract(payload, '$.doc_id') AS doc_id, json_extract(payload, '$.source_path') AS source_path,
         proposal_id FROM proposals WHERE status = 'pending' AND proposal_type = 'new_doc'
       ORDER BY created_at, proposal_id`,
    )
    .all() as PendingNewDoc[];
}

/** Whether a pending new_doc proposal would create `docId`. */
export const docIdProposed = (db: Db, docId: string): boolean =>
  db
    .prepare(
      `SELECT 1 FROM proposals WHERE status = 'pending' AND proposal_type = 'new_doc'
         AND json_extract(payload, '$.doc_id') = ?`,
    )
    .get(docId) !== undefined;

export function bundleProposals(db: Db, bundleId: string): Proposal[] {
  const rows = db
    .prepare("SELECT * FROM proposals WHERE bundle_id = ? ORDER BY created_at, proposal_id")
    .all(bundleId) as Record<string, unknown>[];
  return rows.map(fromRow);
}

/** Replaces a proposal's payload, so history shows what was approved rather than what was first proposed. */
export function storeAppliedPayload(db: Db, proposalId: string, payload: unknown): void {
  db.prepare("UPDATE proposals SET payload = ? WHERE proposal_id = ?").run(
    canonicalJson(payload),
    proposalId,
  );
}

/** Records a decision on a pending proposal; refuses one that was already decided. */
export function decideProposal(
  db: Db,
  proposalId: string,
  decision: {
    status: Exclude<ProposalStatus, "pending">;
    at: Date;
    by?: string;
    comment?: string;
    applied_version?: number;
  },
): void {
  const info = statement(
    db,
    `UPDATE proposals SET status = ?, decided_at = ?, decided_by = ?, comment = ?, applied_version = ?
     WHERE proposal_id = ? AND status = 'pending'`,
  ).run(
    decision.status,
    decision.at.toISOString(),
    decision.by ?? null,
    decision.comment ?? null,
    decision.applied_version ?? null,
    proposalId,
  );
  if (info.changes === 0) {
    const current = getProposal(db, proposalId);
    throw new UserError(
      current ? `Proposal ${proposalId} is already ${current.status}.` : `No proposal "${proposalId}".`,
      undefined,
      "proposal_id",
    );
  }
}

/** Template-upgrade bundles still waiting for a person's decision. */
export const pendingUpgradeBundles = (db: Db): string[] =>
  db
    .prepare(
      `SELECT DISTINCT bundle_id FROM proposals WHERE status = 'pending' AND source = 'upgrade'
         AND bundle_id IS NOT NULL ORDER BY bundle_id`,
    )
    .pluck()
    .all() as string[];

/** Whether any template-upgrade proposal was made at or after `since` (an ISO time), whatever its status. */
export const upgradeProposedSince = (db: Db, since: string): boolean =>
  db.prepare("SELECT 1 FROM proposals WHERE source = 'upgrade' AND created_at >= ? LIMIT 1").get(since) !==
  undefined;

/** How many proposals hold `status`. */
export const countProposals = (db: Db, status: ProposalStatus): number =>
  db.prepare("SELECT COUNT(*) FROM proposals WHERE status = ?").pluck().get(status) as number;
