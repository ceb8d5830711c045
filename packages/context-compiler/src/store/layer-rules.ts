// Layer rules: path patterns that put a file in a named layer, for layer_requires edges to reach.
import type { Db } from "@archon/core";

/** Adds one rule; returns false when the same pattern already names the same layer. */
export const addLayerRule = (db: Db, pattern: string, layer: string): boolean =>
  db.prepare("INSERT OR IGNORE INTO layer_rules (path_pattern, layer_name) VALUES (?, ?)").run(pattern, layer)
    .changes > 0;

/** Every layer some rule produces. */
export const layerNames = (db: Db): string[] =>
  db.prepare("SELECT DISTINCT layer_name FROM layer_rules ORDER BY layer_name").pluck().all() as string[];
