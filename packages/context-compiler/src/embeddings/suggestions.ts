// The compile result's additive suggestions section: approved documents about the plan's topic in other
// words, which the deterministic resolution did not deliver. From embeddings when vectors exist and Ollama
// answers within the budget, else from FTS5 lexical similarity, labelled as such. Never in `base`, the
// budget, the result hash or the audit row, and it never throws: a failure is a notice and a fallback.
import type { Db } from "@archon/core";
import { documentLabels, lexicalMatches, nearestDocuments, storedDimensions } from "../store/embeddings.js";
import { type EmbeddingConfig, EmbeddingError, OllamaClient } from "./ollama-client.js";
import { OllamaSupervisor, STARTUP_MS } from "./ollama-supervisor.js";

/** How long a compile may wait for the plan's vector; past it the answer is lexical. */
export const SUGGESTION_BUDGET_MS = 300;
const MAX_SUGGESTIONS = 3;
/** Below this cosine similarity a document is not about the same topic. */
export const MIN_SIMILARITY = 0.5;

export interface SuggestedDoc {
  doc_id: string;
  title: string;
  source_path: string | null;
  score: number;
}

export interface SuggestionSection {
  source: "embeddings" | "lexical";
  model: string | null;
  documents: SuggestedDoc[];
}

export interface Suggestions {
  section?: SuggestionSection;
  notices: string[];
}

export interface SuggestionRequest {
  plan: string | undefined;
  /** Every document the compile already returned (base, templates, expanded). */
  delivered: readonly string[];
  knowledge_version: number;
}

const round = (n: number) => Math.round(n * 10_000) / 10_000;

/**
 * How long an idle-time warm-up waits for Ollama's first vector: Ollama loads the model on the first
 * embed it is asked for, which takes seconds, where a compile waits SUGGESTION_BUDGET_MS.
 */
export const WARM_UP_EMBED_MS = 30_000;

export class Suggester {
  readonly #client: OllamaClient;
  readonly #supervisor: OllamaSupervisor;
  /** Whether a warm-up got a vector: then Ollama has the model loaded and this process a connection. */
  #warm = false;
  /** Aborts a warm-up under way when the server closes, so that it never holds the process open. */
  readonly #closing = new AbortController();

  constructor(
    private readonly db: () => Db,
    private readonly config: EmbeddingConfig,
    env: NodeJS.ProcessEnv,
    /** A server may start Ollama and keep it for its lifetime; a one-off CLI command may not. */
    private readonly mayStart: boolean,
    private readonly budgetMs = SUGGESTION_BUDGET_MS,
  ) {
    this.#client = new OllamaClient(config);
    this.#supervisor = new OllamaSupervisor(this.#client, env);
  }

  async suggest(request: SuggestionRequest): Promise<Suggestions> {
    const plan = request.plan?.trim() ?? "";
    if (plan === "") return { notices: [] };
    const db = this.db();
    let dims: number | undefined;
    try {
      dims = storedDimensions(db, this.config.model);
    } catch {
      dims = undefined;
    }
    if (dims === undefined) return this.#lexical(db, plan, request, []);
    try {
      const [vector] = await this.#client.embed([plan], this.budgetMs, dims);
      const near = nearestDocuments(
        db,
        this.config.model,
        vector as number[],
        request.delivered,
        MAX_SUGGESTIONS,
      );
      const kept = near.filter((d) => d.similarity >= MIN_SIMILARITY);
      return {
        section: this.#section(
          db,
          "embeddings",
          kept.map((d) => ({ doc_id: d.doc_id, score: d.similarity })),
        ),
        notices: [],
      };
    } catch (error) {
      return this.#lexical(db, plan, request, [this.#why(error)]);
    }
  }

  /**
   * Asks Ollama for one vector in idle time, so that a server's first compile finds what later ones find:
   * the model loaded and this process's HTTP client ready. Only when the knowledge has vectors of the
   * model (else no compile asks Ollama), until one warm-up got a vector. Fail-open: a failure is dropped,
   * starts nothing, and a compile meets it and says it as it always did.
   */
  async warm(): Promise<void> {
    if (this.#warm || this.#closing.signal.aborted) return;
    try {
      const dims = storedDimensions(this.db(), this.config.model);
      if (dims === undefined) return;
      await this.#client.embed(["warm up"], WARM_UP_EMBED_MS, dims, this.#closing.signal);
      this.#warm = true;
    } catch {
      // Down, slow or wrong: the compile that asks says so.
    }
  }

  /** Stops an Ollama this suggester started; one it found running is left alone. */
  close(): void {
    this.#closing.abort();
    this.#supervisor.stop();
  }

  #why(error: unknown): string {
    const fallback = "Suggestions are lexical (FTS5) for this compile; the rules delivered are unaffected.";
    if (!(error instanceof EmbeddingError))
      return `Embeddings failed (${(error as Error).message}). ${fallback}`;
    if (error.kind === "unreachable" && this.mayStart) {
      // Started in the background: this compile does not wait, a later one finds it up.
      void this.#supervisor.ensure(STARTUP_MS).catch(() => undefined);
      return `${error.message}; archon starts it when it is installed (up to ${STARTUP_MS / 1000} s). ${fallback}`;
    }
    return `${error.message}. ${fallback}`;
  }

  #lexical(db: Db, plan: string, request: SuggestionRequest, notices: string[]): Suggestions {
    try {
      const matches = lexicalMatches(db, plan, request.knowledge_version, request.delivered, MAX_SUGGESTIONS);
      const best = Math.max(0, ...matches.map((m) => m.score));
      const scored = matches.map((m) => ({ doc_id: m.doc_id, score: best > 0 ? m.score / best : 0 }));
      return { section: this.#section(db, "lexical", scored), notices };
    } catch {
      return { notices };
    }
  }

  #section(
    db: Db,
    source: SuggestionSection["source"],
    docs: { doc_id: string; score: number }[],
  ): SuggestionSection {
    const labels = documentLabels(
      db,
      docs.map((d) => d.doc_id),
    );
    return {
      source,
      model: source === "embeddings" ? this.config.model : null,
      documents: docs.flatMap((d) => {
        const label = labels.get(d.doc_id);
        return label
          ? [{ doc_id: d.doc_id, title: label.title, source_path: label.source_path, score: round(d.score) }]
          : [];
      }),
    };
  }
}
