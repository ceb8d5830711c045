// What a server's first compiles would otherwise do on the request path, done in idle time instead
// (idle-work.ts): the index, each document's content and terms, the notices' database reads, and one
// compile and its text so that the read path's code is compiled before an agent waits for it, and the
// embeddings' connection; again whenever the knowledge moves. None of it changes a result: each is a
// cache of what the same knowledge gives anyway.
import { channel } from "node:diagnostics_channel";
import type { CompileRequest } from "../read/compile.js";
import { DOC_TEXT_LIMIT, type DocText } from "../read/doc-text.js";
import type { IndexedDoc, KnowledgeIndex } from "../read/knowledge-index.js";

/** How long a server must have been quiet before it warms up: after start, and after the knowledge moved. */
export const WARM_UP_QUIET_MS = 200;
/**
 * How often an idle server looks at the file's change counter (one 4-byte read) for a change another
 * process made, such as an approval: the index is then rebuilt before the next compile needs it.
 */
export const WARM_UP_POLL_MS = 1000;
/** Documents warmed per slice: a few milliseconds of reads and term extraction at the sizes benched. */
export const WARM_UP_SLICE_DOCS = 64;

/**
 * The most documents warmed: half of what the text caches hold, so that a very large knowledge base
 * leaves room for the documents requests meet, instead of emptying the caches for them.
 */
export const WARM_UP_MAX_DOCS = DOC_TEXT_LIMIT / 2;

/**
 * A repository path the index's first path glob (in pattern order) matches when its stars are read as
 * one name: the compile run on it meets real rules. Without path globs, a file every project may have.
 */
export function samplePath(index: KnowledgeIndex): string {
  const first = index.pathEdges.entries().find(({ pattern }) => /^[\w.*/-]+$/.test(pattern));
  if (!first) return "README.md";
  const segments = first.pattern
    .split("/")
    .filter((segment) => segment !== "**")
    .map((segment) => segment.replaceAll("*", "x"));
  const last = first.pattern.split("/").at(-1);
  return [...segments, ...(last === "**" || segments.length === 0 ? ["x"] : [])].join("/");
}

/**
 * Where a finished round is published, `{ knowledge_version, documents }`: for an observer of a running
 * server (a test, a profiler) to await the warm-up instead of guessing how long it takes. Node's
 * diagnostics channels cost nothing while nobody subscribes.
 */
export const WARM_UP_CHANNEL = "archon:warm-up";
const warmUpDone = channel(WARM_UP_CHANNEL);

/** What the warm-up needs of the compile service it warms. */
export interface WarmUpHooks {
  /** Runs `work` as a compile's reads run: clear of the audit writer's commits, in one read. */
  read<T>(work: () => T): T;
  /**
   * The index a compile would use now. When the file changed since the compile path's last reads (or
   * there were none), the reads such a compile takes are taken with it: the counters, the notices'.
   */
  index(): KnowledgeIndex;
  text(): DocText;
  /** Runs the compile's code and renders its text once, the result dropped. */
  compile(index: KnowledgeIndex, request: CompileRequest): void;
  /**
   * Starts warming the embedding suggestions (Ollama's model, the HTTP client), not awaited: without it a
   * server's first compile waits out their budget while Ollama loads the model (embeddings/suggestions.ts).
   */
  suggestions?(): void;
}

/** The index walked, its documents to warm (in its own order, up to WARM_UP_MAX_DOCS), and the next one. */
interface Place {
  index: KnowledgeIndex;
  docs: readonly IndexedDoc[];
  next: number;
  /** Whether the sample compile has run on this index. */
  sampled: boolean;
}

export class WarmUp {
  #place: Place | undefined;

  constructor(private readonly hooks: WarmUpHooks) {}

  /** Whether the warm-up has taken up `index`: a compile that meets any other has work for it. */
  covers(index: KnowledgeIndex): boolean {
    return this.#place?.index === index;
  }

  /**
   * One slice; true while work is left. It warms the content and terms of `maxDocs` documents of the
   * index now current; once they are all warm, a last slice compiles the sample path.
   */
  slice(maxDocs: number): boolean {
    return this.hooks.read(() => {
      const index = this.hooks.index();
      let place = this.#place;
      if (place?.index !== index) {
        place = { index, docs: [...index.docs.values()].slice(0, WARM_UP_MAX_DOCS), next: 0, sampled: false };
        this.#place = place;
      }
      const text = this.hooks.text();
      if (place.next < place.docs.length) {
        for (const doc of place.docs.slice(place.next, place.next + maxDocs)) {
          text.terms(doc);
          text.sections(doc);
        }
        place.next = Math.min(place.next + maxDocs, place.docs.length);
        return true;
      }
      if (!place.sampled) {
        place.sampled = true;
        try {
          this.hooks.compile(index, { target_files: [samplePath(index)], plan: "warm up" });
        } catch {
          // A sample that fails (a budget it exceeds) has run the code as far as a request would.
        }
        this.hooks.suggestions?.();
        warmUpDone.publish({ knowledge_version: index.knowledge_version, documents: place.docs.length });
      }
      return false;
    });
  }
}
