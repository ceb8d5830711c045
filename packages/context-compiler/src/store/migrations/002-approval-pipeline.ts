// Migration 2: observations, proposals with their evidence, conflict answers, and where a document came from.
import type { Migration } from "@archon/core";
import { OBSERVATION_EVENTS, PROPOSAL_STATUSES, PROPOSAL_TYPES } from "../../vocabulary/lifecycle.js";
import { sqlList as list } from "../schema.js";

export const approvalPipeline: Migration = {
  id: 2,
  name: "approval-pipeline",
  up(db) {
    db.exec(`
      -- 'standing' marks a captured decision (a standing rule); NULL is an ordinary document.
      ALTER TABLE documents ADD COLUMN origin TEXT;

      CREATE TABLE observations (
        observation_id TEXT PRIMARY KEY,
        event_type TEXT NOT NULL CHECK (event_type IN (${list(OBSERVATION_EVENTS)})),
        payload TEXT NOT NULL,
        agent_id TEXT,
        created_at TEXT NOT NULL,
        status TEXT NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'analyzed', 'archived')),
        analyzed_at TEXT
      );
      CREATE INDEX observations_status ON observations (status, created_at);

      CREATE TABLE proposals (
        proposal_id TEXT PRIMARY KEY,
        proposal_type TEXT NOT NULL CHECK (proposal_type IN (${list(PROPOSAL_TYPES)})),
        payload TEXT NOT NULL,
        status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN (${list(PROPOSAL_STATUSES)})),
        bundle_id TEXT,
        source TEXT NOT NULL,
        rationale TEXT,
        created_at TEXT NOT NULL,
        decided_at TEXT,
        comment TEXT,
        applied_version INTEGER
      );
      CREATE INDEX proposals_status ON proposals (status, created_at);
      CREATE INDEX proposals_bundle ON proposals (bundle_id);

      CREATE TABLE proposal_evidence (
        proposal_id TEXT NOT NULL REFERENCES proposals (proposal_id),
        observation_id TEXT NOT NULL REFERENCES observations (observation_id),
        PRIMARY KEY (proposal_id, observation_id)
      );

      CREATE TABLE conflicts (
        conflict_id TEXT PRIMARY KEY,
        proposal_id TEXT NOT NULL REFERENCES proposals (proposal_id),
        existing_doc_id TEXT NOT NULL REFERENCES documents (doc_id),
        resolution TEXT CHECK (resolution IN ('keep_both', 'supersede', 'cancel')),
        created_at TEXT NOT NULL,
        resolved_at TEXT,
        UNIQUE (proposal_id, existing_doc_id)
      );
    `);
  },
};
