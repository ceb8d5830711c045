// The shapes of a migration: the plan a person confirms and the pieces it is made of.
import type { Db } from "@archon/core";
import type { AdapterConfig } from "../adapters/adapter-config.js";
import type { ImportFlag } from "../knowledge/imports/import-item.js";
import type { RuleImportPlan } from "../knowledge/imports/import-rules.js";
import type { NativeAgent, NativeContext } from "./native-context.js";

export interface MigrationOptions {
  /** Leave every source file as it is; the rules still move into the knowledge base and .archon/rules/. */
  keep_sources?: boolean;
  /** Rewrite sources git has uncommitted changes to (the backup still keeps their bytes). */
  force?: boolean;
  /** What the managed blocks are rendered from; by default what deploy-adapters renders from. */
  config?: AdapterConfig;
  /**
   * Agents that do not reach archon (setup only printed their registration), and why: every file they
   * read natively stays as it is, so no agent is left with a block naming a tool it does not have.
   */
  unreached?: readonly UnreachedAgent[];
}

export interface UnreachedAgent {
  agent: NativeAgent;
  reason: string;
}

/** A rule that becomes a document, file-backed by its own markdown file. */
export interface MigratedDocument {
  doc_id: string;
  title: string;
  /** Where the text came from (file and anchor). */
  from: string;
  rule_file: string;
  /** Edge hints as `glob` or `edge_type:value`; empty means only its description can reach it, if it has one. */
  scope: string[];
  /** A rule applied "when relevant": a plan matching this reaches it. */
  description?: string;
  bytes: number;
  flags: ImportFlag[];
}

/** An approved document imported earlier from a source this migration changes: it moves to its own file. */
export interface RelocatedDocument {
  doc_id: string;
  from: string;
  rule_file: string;
  base_content_hash: string;
}

export type SourceAction =
  | { path: string; action: "rewrite"; text: string }
  | { path: string; action: "remove" }
  | { path: string; action: "unchanged" }
  | {
      path: string;
      action: "keep";
      reason: string /** Kept because this agent does not reach archon. */;
      agent?: NativeAgent;
    };

export interface Blocker {
  path: string;
  reason: string;
  /** Whether --force may go ahead anyway. */
  forceable: boolean;
}

export interface RuleFile {
  path: string;
  content: string;
}

export interface MigrationPlan {
  keep_sources: boolean;
  force: boolean;
  /** The import with every item's source_path already pointing at its rule file. */
  import: RuleImportPlan;
  documents: MigratedDocument[];
  relocated: RelocatedDocument[];
  /** Rule files to write: their text is exactly the document content. */
  rule_files: RuleFile[];
  sources: SourceAction[];
  blockers: Blocker[];
  /** Worth telling the person, never a reason to stop. */
  warnings: string[];
  always_loaded: { before: NativeContext[]; after: NativeContext[] };
}

export interface MigrationContext {
  db: Db;
  projectRoot: string;
}
