// Recall for the PRD pipeline from Archon's episodic memory (past compiles' plans and session notes),
// beside approved knowledge: one RecallSource over both, the better-scoring hits first.
import { type Clock, type Db, systemClock } from "@archon/core";
import { recall } from "../memory/recall.js";
import type { RecallHit, RecallSource } from "./recall-source.js";

/** Past compiles and session notes that match the query, as pointers a prompt can cite. */
export function episodicRecall(db: () => Db, clock: Clock = systemClock): RecallSource {
  return {
    name: "archon-memory",
    recall(query, limit) {
      if (query.trim() === "" || limit <= 0) return [];
      let hits: ReturnType<typeof recall>["hits"];
      try {
        hits = recall(db(), { search: query }, clock).hits;
      } catch {
        // A database from before episodic memory (not migrated, opened read-only) has none to give.
        return [];
      }
      return hits.slice(0, limit).map(
        (h): RecallHit => ({
          content: `[${h.kind} ${h.id}${h.outcome ? `, ${h.outcome}` : ""}] ${h.excerpt}`,
          score: h.score,
          cite: `${h.kind}:${h.id}`,
        }),
      );
    },
  };
}

/** Every source's hits, by score then cite, the first `limit`. */
export function combinedRecall(sources: readonly RecallSource[]): RecallSource {
  return {
    name: sources.map((s) => s.name).join("+"),
    recall(query, limit) {
      return sources
        .flatMap((s) => s.recall(query, limit))
        .sort((a, b) => b.score - a.score || (a.cite < b.cite ? -1 : a.cite > b.cite ? 1 : 0))
        .slice(0, limit);
    },
  };
}
