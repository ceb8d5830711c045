// The benchmark's 100 layer rules: the broad architectural layers, then per-module layers for the first
// modules, the way a real project classifies its busiest areas more finely.
import type { ProjectTree } from "./project-tree.js";

export const LAYER_RULE_COUNT = 100;

const GENERIC: [pattern: string, layer: string][] = [
  ["apps/**", "frontend"],
  ["packages/**", "library"],
  ["services/**", "backend"],
  ["docs/**", "docs"],
  [".github/**", "ci"],
  ["**/src/components/**", "ui"],
  ["**/src/components/**/*.tsx", "ui-component"],
  ["**/src/hooks/**", "ui-state"],
  ["**/src/pages/**", "routing"],
  ["**/src/api/**", "api-client"],
  ["**/src/server/routes/**", "api"],
  ["**/src/server/services/**", "domain"],
  ["**/src/server/db/**", "data"],
  ["**/src/server/db/*.sql", "migrations"],
  ["**/src/lib/**", "shared"],
  ["**/tests/**", "test"],
  ["**/*.test.ts", "test"],
  ["**/*.spec.ts", "test"],
  ["**/*.integration.test.ts", "integration-test"],
  ["**/package.json", "manifest"],
  ["**/tsconfig.json", "build"],
  ["**/README.md", "docs"],
  ["**/*.types.ts", "types"],
  ["**/*.schema.ts", "data"],
  ["**/*.repository.ts", "data"],
];

/** Exactly LAYER_RULE_COUNT rules, deterministic for a given tree. */
export function layerRules(tree: ProjectTree): { pattern: string; layer: string }[] {
  const rules = GENERIC.map(([pattern, layer]) => ({ pattern, layer }));
  for (const module of tree.modules) {
    if (rules.length >= LAYER_RULE_COUNT) break;
    const name = module.root.split("/")[1] ?? module.root;
    const inner = module.group === "services" ? "src/server/**" : "src/**";
    rules.push({ pattern: `${module.root}/${inner}`, layer: `${name}-core` });
  }
  for (let i = 0; rules.length < LAYER_RULE_COUNT; i++) {
    rules.push({ pattern: `tools/script-${i}/**`, layer: "tooling" });
  }
  return rules;
}
