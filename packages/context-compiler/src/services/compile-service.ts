// compile_context at the edges: keeps the index for the current knowledge version and tag catalog, reads
// content, writes the audit row, adds the time-varying notices, and replays a logged compile.
import { type Clock, type IdGenerator, UserError } from "@archon/core";
import type { Suggester, SuggestionSection } from "../embeddings/suggestions.js";
import type { Channel } from "../knowledge/next-step.js";
import { redactSecrets } from "../knowledge/secret-scan.js";
import type { RunRecorder } from "../memory/run-recorder.js";
import { answeredDocs, type CompileOutcome, type CompileRequest, compile } from "../read/compile.js";
import { cachedDocText, type DocText } from "../read/doc-text.js";
import { buildIndex, type KnowledgeIndex, withTags } from "../read/knowledge-index.js";
import { normalizeTargets } from "../read/target-files.js";
import type { CompileAudit } from "../store/audit.js";
import { AuditTerms } from "../store/audit-terms.js";
import { readContent } from "../store/documents.js";
import type { KnowledgeDb } from "../store/knowledge-db.js";
import { loadKnowledge, loadSnapshotRows, loadTags } from "../store/load-knowledge.js";
import { inOneRead } from "../store/one-read.js";
import { type Revisions, readRevisions, readVersion } from "../store/version.js";
import { resultHash } from "./audit-entry.js";
import { AuditQueue } from "./audit-queue.js";
import { ChangeStamp } from "./change-stamp.js";
import { renderCompileText } from "./compile-text.js";
import { type IdleTimers, IdleWork, nodeTimers } from "./idle-work.js";
import { collectNotices, type NoticeInput, NoticeReads, prefetchSharedNotices } from "./notices.js";
import { WARM_UP_POLL_MS, WARM_UP_QUIET_MS, WARM_UP_SLICE_DOCS, WarmUp } from "./warm-up.js";

export interface CompileResponse extends Omit<CompileOutcome, "debug"> {
  compile_id: string;
  notices: string[];
  debug_info?: CompileOutcome["debug"];
  /** Additive, time-varying: documents about the plan's topic the resolution did not deliver. */
  suggestions?: SuggestionSection;
}

/** A logged compile run again against its own snapshot and tag catalog, with today's code. */
export interface CompileReplay {
  snapshot_id: string | null;
  tag_catalog_hash: string;
  /** The knowledge the replay compiled against, by content: what a row logged before migration 21 lacks. */
  knowledge_hash: string;
  result_hash: string | null;
  error: string | null;
  /** The replay gave the logged result_hash again (or, for a failed compile, the same error). */
  same_result: boolean;
}

/** Whether an index built at `a` holds the rows of `b`: the same version and template documents (tags aside). */
const sameRowsIndexed = (a: Revisions, b: Revisions) =>
  a.knowledge_version === b.knowledge_version && a.template_rev === b.template_rev;

export class CompileService {
  #index: KnowledgeIndex | undefined;
  /** The counters #index was read at. */
  #revisions: Revisions | undefined;
  readonly #text: DocText;
  readonly #auditQueue: AuditQueue;
  /** The audit's interned terms as this connection has read them; dropped when the file is replaced. */
  readonly #terms: AuditTerms;
  /** Whether the file changed since the index's counters and the notices' reads were taken. */
  readonly #stamp: ChangeStamp;
  readonly #noticeReads = new NoticeReads();
  /** The idle-time warm-up, when this service runs in a server (warmWhenIdle). */
  #idle: IdleWork | undefined;
  readonly #warmUp = new WarmUp({
    read: (work) => this.#auditQueue.serving(() => inOneRead(this.kdb.db, work)),
    index: () => {
      if (this.#index !== undefined && this.#stamp.unchanged()) return this.#index;
      // The reads a compile takes when the file changed since the last (see #compileNow), in its order.
      this.#stamp.settle();
      this.#noticeReads.clear();
      const index = this.index();
      prefetchSharedNotices(this.#noticeInput(index, []));
      return index;
    },
    text: () => this.#text,
    compile: (index, request) => {
      const { debug: _debug, ...result } = this.#compileWith(index, request).outcome;
      renderCompileText({ compile_id: "warm-up", ...result, notices: [] });
    },
    suggestions: () => void this.extras.suggester?.warm(),
  });

  constructor(
    private readonly kdb: KnowledgeDb,
    private readonly projectRoot: string,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly templatesDir: string,
    private readonly channel: Channel,
    private readonly extras: {
      /** Write audit rows in a background thread (the server); off for one-shot commands and tests. */
      backgroundAudit?: boolean;
      /** Episodic memory's record of this run; absent where compiles are not part of a run (replays, tools). */
      run?: RunRecorder;
      suggester?: Suggester;
      /** The committed rule files' cheap check (knowledge/rule-files/rule-files-watch.ts); absent for another database. */
      ruleFiles?: { check(): string | undefined };
    } = {},
  ) {
    this.#text = cachedDocText((hash) => readContent(this.kdb.db, hash) ?? "");
    this.#terms = new AuditTerms(() => this.kdb.db);
    this.#auditQueue = new AuditQueue(() => this.kdb.db, this.#terms, {
      path: kdb.path,
      refusal: () => this.kdb.writeRefusal(),
      background: extras.backgroundAudit ?? false,
    });
    this.#stamp = new ChangeStamp(() => this.kdb.db);
  }

  /** Writes audit rows still queued; call before reading the audit log. */
  flushAudit(): string | undefined {
    return this.#auditQueue.flush();
  }

  /** Writes what is queued and stops the background writer; call before closing the database. */
  closeAudit(): string | undefined {
    this.#idle?.stop();
    this.#idle = undefined;
    return this.#auditQueue.close();
  }

  /**
   * Does a fresh server's first-compile work in idle time (warm-up.ts): after start, after a compile met
   * knowledge the warm-up had not seen, and when a look at the file while idle finds that another
   * process changed it. A long-running server's choice; stopped by closeAudit.
   */
  warmWhenIdle(timers: IdleTimers = nodeTimers): void {
    this.#idle ??= new IdleWork(
      () => this.#warmUp.slice(WARM_UP_SLICE_DOCS),
      WARM_UP_QUIET_MS,
      timers,
      WARM_UP_POLL_MS,
    );
  }

  /**
   * The index for the knowledge version, template documents and tag catalog currently in the database.
   * One read of the counters per compile; the index is rebuilt when the version or the template documents
   * moved, and only its tags are when another process (or this one) wrote tags since.
   */
  index(): KnowledgeIndex {
    const now = readRevisions(this.kdb.db);
    const seen = this.#revisions;
    if (this.#index && seen && sameRowsIndexed(seen, now)) {
      if (seen.tag_catalog_rev === now.tag_catalog_rev) return this.#index;
      const { revisions, tags } = loadTags(this.kdb.db);
      if (sameRowsIndexed(seen, revisions)) {
        this.#index = withTags(this.#index, tags);
        this.#revisions = revisions;
        return this.#index;
      }
    }
    const { revisions, rows } = loadKnowledge(this.kdb.db);
    this.#index = buildIndex(rows);
    this.#revisions = revisions;
    return this.#index;
  }

  /** Drops the cached index: a write it may have been read during was rolled back. */
  forgetIndex(): void {
    this.#index = undefined;
    this.#revisions = undefined;
    this.#stamp.forget();
  }

  /**
   * Runs while the audit writer holds its commits back (commit-gate.ts); while nothing was committed since
   * the last compile's reads (change-stamp.ts), the index and the notices' reads come from memory.
   */
  compile(input: CompileRequest): CompileResponse {
    this.#idle?.touch();
    try {
      return this.#auditQueue.serving(() => this.#compileNow(input));
    } finally {
      this.#idle?.touch();
      if (this.#index && !this.#warmUp.covers(this.#index)) this.#idle?.wake();
    }
  }

  /**
   * What a compile meets before it reads: a database file replaced on disk (reopened), one it cannot
   * write (its audit row waits in memory), committed rule files changed since the last compile (absorbed).
   * Each is a warning on this compile's answer.
   */
  #meetDatabase(): { lateWarnings: string[]; unwritable: ReturnType<KnowledgeDb["writeRefusal"]> } {
    const lateWarnings: string[] = [];
    const replaced = this.kdb.reopenIfReplaced();
    if (replaced) {
      this.forgetIndex();
      this.#terms.reset();
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
    // A pull or a checkout since the last compile: the committed rule files are absorbed before it reads.
    const absorbed = unwritable ? undefined : this.extras.ruleFiles?.check();
    if (absorbed) lateWarnings.push(absorbed);
    return { lateWarnings, unwritable };
  }

  #compileNow(input: CompileRequest): CompileResponse {
    // The plan is compiled as the audit stores it, a pasted secret already redacted, so that a replay
    // from the audit row gives the same bytes.
    const request =
      input.plan === undefined ? input : { ...input, plan: redactSecrets(input.plan, "plan").text };
    const started = performance.now();
    const compile_id = this.ids.next("cmp");
    const { lateWarnings, unwritable } = this.#meetDatabase();
    const cached = this.#index !== undefined && this.#stamp.unchanged() ? this.#index : undefined;
    if (!cached) {
      // Taken before the reads: a commit landing during them makes the next compile read again.
      this.#stamp.settle();
      this.#noticeReads.clear();
    }
    let index: KnowledgeIndex | undefined;
    let read: { index: KnowledgeIndex; outcome: CompileOutcome; files: string[] };
    try {
      // The counters, the index's rows and every document content the compile meets, in one read.
      read = inOneRead(this.kdb.db, () => {
        index = cached ?? this.index();
        return { index, ...this.#compileWith(index, request) };
      });
    } catch (error) {
      // A failed compile is audited too; its id lets the caller read that record. Only here: a failure
      // after the compile's own row was queued would give a second row the same compile_id.
      this.#recordAudit(compile_id, request, started, index, { error });
      if (error instanceof UserError)
        throw new UserError(`${error.message} (compile_id ${compile_id})`, error.hint, error.field);
      throw error;
    }
    const { outcome, files } = read;
    const { debug, ...result } = outcome;
    const auditWarning = this.#recordAudit(compile_id, request, started, read.index, { outcome, files });
    return {
      compile_id,
      ...result,
      warnings: [...result.warnings, ...lateWarnings, ...(auditWarning && !unwritable ? [auditWarning] : [])],
      notices: collectNotices(this.#noticeInput(read.index, files)),
      ...(request.include_debug ? { debug_info: debug } : {}),
    };
  }

  /**
   * compile() plus the additive suggestions section. Computed after the audit row was queued and the
   * result hashed, so it can never change base, the budget, the hash or the row.
   */
  async compileWithSuggestions(input: CompileRequest): Promise<CompileResponse> {
    const response = this.compile(input);
    const suggester = this.extras.suggester;
    if (!suggester) return response;
    const delivered = answeredDocs(response);
    const { section, notices } = await suggester.suggest({
      plan: input.plan === undefined ? undefined : redactSecrets(input.plan, "plan").text,
      delivered: delivered.map((d) => d.doc_id),
      knowledge_version: response.knowledge_version,
    });
    return {
      ...response,
      notices: [...response.notices, ...notices],
      ...(section && section.documents.length > 0 ? { suggestions: section } : {}),
    };
  }

  /**
   * Compiles the logged request against the snapshot and tag catalog it used (so tags set since do
   * not leak in). Undefined when that snapshot is not in the database.
   */
  replay(audit: CompileAudit): CompileReplay | undefined {
    const live = this.index();
    const index =
      audit.snapshot_id === live.snapshot_id && audit.tag_catalog_hash === live.tag_catalog_hash
        ? live
        : this.#snapshotIndex(audit);
    if (!index) return undefined;
    let result_hash: string | null = null;
    let error: string | null = null;
    try {
      result_hash = resultHash(this.#compileWith(index, audit.request).outcome);
    } catch (failure) {
      error = failure instanceof Error ? failure.message : String(failure);
    }
    return {
      snapshot_id: index.snapshot_id,
      tag_catalog_hash: index.tag_catalog_hash,
      knowledge_hash: index.knowledge_hash,
      result_hash,
      error,
      same_result: result_hash === audit.result_hash && error === audit.error,
    };
  }

  #snapshotIndex(audit: CompileAudit): KnowledgeIndex | undefined {
    const rows = loadSnapshotRows(this.kdb.db, audit.snapshot_id, audit.tag_catalog_hash);
    return rows ? buildIndex(rows) : undefined;
  }

  #compileWith(index: KnowledgeIndex, request: CompileRequest): { outcome: CompileOutcome; files: string[] } {
    const { files, warnings } = normalizeTargets(this.projectRoot, request.target_files);
    return { outcome: compile(index, request, files, warnings, this.#text), files };
  }

  #noticeInput(index: KnowledgeIndex, files: readonly string[]): NoticeInput & { reads: NoticeReads } {
    return {
      db: this.kdb.db,
      index,
      projectRoot: this.projectRoot,
      templatesDir: this.templatesDir,
      files,
      channel: this.channel,
      clock: this.clock,
      reads: this.#noticeReads,
    };
  }

  /** Queues the audit row; returns a warning instead of failing when the database refuses the write (INV-5). */
  #recordAudit(
    compile_id: string,
    request: CompileRequest,
    started: number,
    index: KnowledgeIndex | undefined,
    outcome: { outcome?: CompileOutcome; files?: string[]; error?: unknown },
  ): string | undefined {
    const created_at = this.clock.now().toISOString();
    const run = this.extras.run;
    return this.#auditQueue.record({
      compile_id,
      created_at,
      agent_id: request.agent_id ?? null,
      request,
      knowledge_version: index?.knowledge_version ?? readVersion(this.kdb.db),
      snapshot_id: index?.snapshot_id ?? null,
      tag_catalog: index ? { hash: index.tag_catalog_hash, bytes: index.tag_catalog_bytes } : null,
      knowledge_hash: index?.knowledge_hash ?? null,
      outcome: outcome.outcome,
      error:
        outcome.error === undefined
          ? null
          : outcome.error instanceof Error
            ? outcome.error.message
            : String(outcome.error),
      duration_ms: Math.round((performance.now() - started) * 1000) / 1000,
      // A run remembers the compiles that answered, with the files they were normalized to.
      ...(run && outcome.files ? { memory: run.compile(compile_id, outcome.files, created_at) } : {}),
    });
  }
}
