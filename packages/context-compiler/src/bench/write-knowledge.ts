// Writes a generated plan into a fresh database through the same applySeed an `archon seed` uses,
// so the benchmark measures the rows the product itself writes (one transaction, one snapshot).
import { systemClock } from "@archon/core";
import { applySeed, type SeedSummary } from "../knowledge/apply-seed.js";
import type { SeedPlan } from "../knowledge/seed-file.js";
import { KnowledgeDb } from "../store/knowledge-db.js";
import { toolPrefix } from "../vocabulary/tool-prefix.js";

export function writeKnowledge(dbPath: string, projectRoot: string, plan: SeedPlan): SeedSummary {
  const kdb = new KnowledgeDb(dbPath);
  try {
    return applySeed(
      {
        surface: "admin",
        channel: { kind: "cli", prefix: toolPrefix() },
        db: kdb.db,
        projectRoot,
        clock: systemClock,
      },
      plan,
    );
  } finally {
    kdb.close();
  }
}
