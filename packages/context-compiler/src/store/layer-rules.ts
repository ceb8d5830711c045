// Layer rules: path patterns that put a file in a named layer, for layer_requires edges to reach.
import type { Db } from "@archon/core";

/** Adds one rule; returns false when the same pattern already names the same layer. */
export const addLayerRule = (db: Db, pattern: string, layer: string): boolean =>
  db.prepare("INSERT OR IGNORE INTO layer_rules (path_pattern, layer_name) VALUES (?, ?)").run(pattern, layer)
    .changes > 0;

/** Every layer some rule produces. */
export const layerNames = (db: Db): string[] =>
  db.prepare("SELECT DISTINCT layer_name FROM layer_rules ORDER BY layer_name").pluck().all() as string[];

/** Every layer rule, by pattern then layer. */
export const allLayerRules = (db: Db): { pattern: string; layer: string }[] =>
  db
    .prepare(
      "SELECT path_pattern AS pattern, layer_name AS layer FROM layer_rules ORDER BY path_pattern, layer_name",
    )
    .all() as { pattern: string; layer: string }[];

/** Makes the layer rules exactly `rules`; returns how many were added or removed. */
export function replaceLayerRules(db: Db, rules: readonly { pattern: string; layer: string }[]): number {
  const wanted = new Set(rules.map((r) => `${r.pattern}\u0000${r.layer}`));
  let moved = 0;
  for (const rule of allLayerRules(db)) {
    if (wanted.has(`${rule.pattern}\u0000${rule.layer}`)) continue;
    db.prepare("DELETE FROM layer_rules WHERE path_pattern = ? AND layer_name = ?").run(
      rule.pattern,
      rule.layer,
    );
    moved += 1;
  }
  for (const rule of rules) if (addLayerRule(db, rule.pattern, rule.layer)) moved += 1;
  return moved;
}
