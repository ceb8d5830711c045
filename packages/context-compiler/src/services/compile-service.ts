// compile_context at the edges: keeps the index for the current knowledge version, reads content,
// writes the audit row and adds the time-varying notices.
import { type Clock, canonicalJson, hashCanonical, type IdGenerator, UserError } from "@archon/core";
import type { Channel } from "../knowledge/next-step.js";
import { type CompileOutcome, type CompileRequest, compile } from "../read/compile.js";
import { cachedDocText, type DocText } from "../read/doc-text.js";
import { isAbsoluteTarget, toRepoPath } from "../read/glob.js";
import { buildIndex, type KnowledgeIndex } from "../read/knowledge-index.js";
import { readContent } from "../store/documents.js";
import type { KnowledgeDb } from "../store/knowledge-db.js";
import { loadKnowledgeRows } from "../store/load-knowledge.js";
import { readVersion } from "../store/version.js";
import { AuditQueue } from "./audit-queue.js";
import { collectNotices } from "./notices.js";

export interface CompileResponse extends Omit<CompileOutcome, "debug"> {
  compile_id: string;
  notices: string[];
  debug_info?: CompileOutcome["debug"];
}

export class CompileService {
  #index: KnowledgeIndex | undefined;
  readonly #text: DocText;
  readonly #auditQueue: AuditQueue;

  constructor(
    private readonly kdb: KnowledgeDb,
    private readonly projectRoot: string,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly templatesDir: string,
    private readonly channel: Channel,
  ) {
    this.#text = cachedDocText((hash) => readContent(this.kdb.db, hash) ?? "");
    this.#auditQueue = new AuditQueue(() => this.kdb.db);
  }

  /** Writes audit rows still queued; call before reading the audit log or closing the database. */
  flushAudit(): string | undefined {
    return this.#auditQueue.flush();
  }

  /** The index for the version currently in the database, rebuilt only when the version moved. */
  index(): KnowledgeIndex {
    const version = readVersion(this.kdb.db);
    if (this.#index?.knowledge_version !== version) this.#index = buildIndex(loadKnowledgeRows(this.kdb.db));
    return this.#index;
  }

  compile(request: CompileRequest): CompileResponse {
    const started = performance.now();
    const compile_id = this.ids.next("cmp");
    const lateWarnings: string[] = [];
    if (this.kdb.reopenIfReplaced()) {
      this.#index = undefined;
      lateWarnings.push(
        "The database file was replaced on disk (for example by git pull); the server reopened it for this compile.",
      );
    }
    // Said on the very compile that meets it: the queued audit write would only fail after the answer (INV-5).
    const unwritable = this.kdb.writeRefusal();
    if (unwritable) {
      lateWarnings.push(
        `${unwritable.message} The audit row of this compile is kept in memory until the database can be written again. ${unwritable.hint}`,
      );
    }
    let index: KnowledgeIndex | undefined;
    try {
      index = this.index();
      const { files, warnings } = this.#normalizeFiles(request.target_files);
      const outcome = compile(index, request, files, warnings, this.#text);
      const { debug, ...result } = outcome;
      const auditWarning = this.#recordAudit(compile_id, request, started, index, { outcome });
      const response: CompileResponse = {
        compile_id,
        ...result,
        warnings: [
          ...result.warnings,
          ...lateWarnings,
          ...(auditWarning && !unwritable ? [auditWarning] : []),
        ],
        notices: collectNotices({
          db: this.kdb.db,
          index,
          projectRoot: this.projectRoot,
          templatesDir: this.templatesDir,
          files,
          channel: this.channel,
        }),
        ...(request.include_debug ? { debug_info: debug } : {}),
      };
      return response;
    } catch (error) {
      this.#recordAudit(compile_id, request, started, index, { error });
      throw error;
    }
  }

  /** The part of a response that must be byte-identical for the same request and knowledge version. */
  static deterministicPart(response: CompileResponse): string {
    const { compile_id: _id, notices: _notices, ...rest } = response;
    return canonicalJson(rest);
  }

  #normalizeFiles(targets: readonly string[]): { files: string[]; warnings: string[] } {
    const warnings: string[] = [];
    const files = new Set<string>();
    for (const target of targets) {
      const path = toRepoPath(this.projectRoot, target);
      if (path !== undefined) files.add(path);
      else if (isAbsoluteTarget(target))
        warnings.push(`Target file ${target} is outside the project root and was ignored.`);
      else warnings.push(`Target file "${target}" is not a path inside the project and was ignored.`);
    }
    if (files.size === 0) {
      throw new UserError(
        "target_files names no path inside the project.",
        "Give repo-relative paths such as src/api/users.ts.",
        "target_files",
      );
    }
    return { files: [...files].sort(), warnings };
  }

  /** Queues the audit row; returns a warning instead of failing when the database refuses the write (INV-5). */
  #recordAudit(
    compile_id: string,
    request: CompileRequest,
    started: number,
    index: KnowledgeIndex | undefined,
    outcome: { outcome?: CompileOutcome; error?: unknown },
  ): string | undefined {
    return this.#auditQueue.record({
      compile_id,
      created_at: this.clock.now().toISOString(),
      agent_id: request.agent_id ?? null,
      request,
      knowledge_version: index?.knowledge_version ?? readVersion(this.kdb.db),
      snapshot_id: index?.snapshot_id ?? null,
      outcome: outcome.outcome,
      result_hash: outcome.outcome ? hashCanonical({ ...outcome.outcome, debug: undefined }) : null,
      error:
        outcome.error === undefined
          ? null
          : outcome.error instanceof Error
            ? outcome.error.message
            : String(outcome.error),
      duration_ms: Math.round((performance.now() - started) * 1000) / 1000,
    });
  }
}
