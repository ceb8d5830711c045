// The benchmark's knowledge base: N documents wired to a generated tree the way real seeds are, plus
// 100 layer rules and realistic 5-file requests. Deterministic: same size and seed, same plan.
import type { SeedDocument, SeedPlan } from "../knowledge/seed-file.js";
import { DOC_KINDS } from "../vocabulary/knowledge-model.js";
import { layerRules } from "./layer-rules.js";
import {
  between,
  generateTree,
  NOUNS,
  type ProjectModule,
  type ProjectTree,
  pick,
  type Random,
  seededRandom,
} from "./project-tree.js";

export interface BenchRequest {
  target_files: string[];
  plan: string;
}

export interface GeneratedKnowledge {
  plan: SeedPlan;
  tree: ProjectTree;
  requests: BenchRequest[];
}

/** Broad globs a real base has a handful of, whatever its size: they reach most requests. */
const GLOBAL_PATTERNS = ["**/*.test.ts", "**/*.tsx", "**/README.md", "**/package.json", "**/*.sql"];
const CROSS_CUTTING = [
  "services/*/src/api/**",
  "services/*/src/server/db/**",
  "services/*/src/server/routes/*.route.ts",
  "apps/*/src/components/**/*.tsx",
  "apps/*/src/**/*.{ts,tsx}",
  "packages/*/src/lib/**",
  "packages/*/src/hooks/use*.ts",
];
const COMMANDS = ["test", "lint", "migrate", "deploy", "release", "build"];
const TAGS = ["security", "performance", "logging", "caching", "validation", "accessibility", "i18n"];
const WORDS = (
  "always never validate input before writing to the database use the shared logger return typed errors " +
  "keep handlers thin move logic into services prefer composition wrap external calls with retries and " +
  "timeouts document public functions write a test for every bug fix avoid default exports name files " +
  "after what they hold cache reads not writes check permissions at the route boundary"
).split(" ");

const docId = (i: number) => `doc-${String(i).padStart(6, "0")}`;

/** One path_requires glob of a realistic shape, scoped to the document's module. */
function modulePattern(rand: Random, module: ProjectModule): string {
  const folders = [...module.folders.keys()].filter((f) => f !== "");
  const folder = pick(rand, folders);
  const files = module.folders.get(folder) ?? [];
  const r = rand();
  if (r < 0.25) return `${module.root}/${folder}/${pick(rand, files)}`;
  if (r < 0.45) return `${module.root}/${folder}/**`;
  if (r < 0.6) return `${module.root}/${folder}/*.${folder.endsWith("components") ? "tsx" : "ts"}`;
  if (r < 0.7) return `${module.root}/${folder}/${pick(rand, NOUNS)}*`;
  if (r < 0.78) return `${module.root}/src/**/*.{ts,tsx}`;
  if (r < 0.85) return `${module.root}/tests/**/*.test.ts`;
  if (r < 0.9) return `${module.root}/**`;
  return `${module.root}/${pick(rand, ["package.json", "README.md", "tsconfig.json"])}`;
}

function content(rand: Random, min: number, max: number): string {
  const target = between(rand, min, max);
  let text = "";
  while (text.length < target) text += `${pick(rand, WORDS)}${rand() < 0.1 ? ".\n" : " "}`;
  return text.slice(0, target);
}

/**
 * Broad wiring is capped, not proportional: a base ten times larger has more modules, not ten times the
 * rules that apply everywhere. About 10% of documents carry a layer at 1k; the count stops at 400.
 */
function buildDocument(
  i: number,
  n: number,
  rand: Random,
  tree: ProjectTree,
  layers: string[],
): SeedDocument {
  const module = tree.modules[Math.floor((i * tree.modules.length) / n)] as ProjectModule;
  const patterns = new Set<string>();
  const wanted = pick(rand, [2, 3, 3, 3, 4]);
  for (let k = 0; k < wanted; k++) patterns.add(modulePattern(rand, module));
  if (rand() < 6 / n) patterns.add(pick(rand, GLOBAL_PATTERNS));
  if (rand() < 60 / n) patterns.add(pick(rand, CROSS_CUTTING));
  const withLayer = rand() < Math.min(0.1, 400 / n);
  const fileBacked = withLayer || rand() < 0.9;
  const depends_on: string[] = [];
  // Chains stay acyclic by pointing only at lower-numbered documents of the same neighbourhood.
  if (i > 0 && rand() < 0.3) depends_on.push(docId(Math.max(0, i - between(rand, 1, 30))));
  if (i > 50 && rand() < 0.05) depends_on.push(docId(i - between(rand, 31, 50)));
  const slug = `${module.root.replace(/\//g, "-")}-${i}`;
  const kind =
    rand() < 0.02
      ? "template"
      : pick(
          rand,
          DOC_KINDS.filter((k) => k !== "template"),
        );
  return {
    doc_id: docId(i),
    title: `${module.root} ${pick(rand, NOUNS)} ${kind} ${i}`,
    kind,
    priority: between(rand, 10, 200),
    content: fileBacked ? content(rand, 200, 2000) : content(rand, 200, 500),
    source_path: fileBacked ? `docs/knowledge/${slug}.md` : null,
    description: null,
    patterns: [...patterns],
    layers: withLayer ? [pick(rand, layers)] : [],
    commands: rand() < Math.min(0.05, 300 / n) ? [pick(rand, COMMANDS)] : [],
    depends_on: [...new Set(depends_on)].filter((d) => d !== docId(i)),
    ...(rand() < Math.min(0.1, 300 / n) ? { tags: [pick(rand, TAGS)] } : {}),
  };
}

/** 5 files an agent would touch together: mostly one module, one neighbour or shared file. */
function buildRequest(rand: Random, tree: ProjectTree): BenchRequest {
  const module = pick(rand, tree.modules);
  const own = [...module.folders].flatMap(([folder, names]) =>
    names.map((f) => (folder === "" ? `${module.root}/${f}` : `${module.root}/${folder}/${f}`)),
  );
  const files = new Set<string>();
  while (files.size < 4) files.add(pick(rand, own));
  files.add(rand() < 0.5 ? pick(rand, tree.files) : pick(rand, own));
  while (files.size < 5) files.add(pick(rand, tree.files));
  const noun = pick(rand, NOUNS);
  return {
    target_files: [...files],
    plan: `Add ${noun} validation to ${module.root} and cover it with tests, keeping handlers thin`,
  };
}

export function generateKnowledge(documents: number, seed = 42, requestCount = 64): GeneratedKnowledge {
  const rand = seededRandom(seed);
  const tree = generateTree(rand, documents);
  const rules = layerRules(tree);
  const layers = [...new Set(rules.map((r) => r.layer))].sort();
  const docs: SeedDocument[] = [];
  for (let i = 0; i < documents; i++) docs.push(buildDocument(i, documents, rand, tree, layers));
  const requests: BenchRequest[] = [];
  for (let i = 0; i < requestCount; i++) requests.push(buildRequest(rand, tree));
  return { plan: { documents: docs, layer_rules: rules }, tree, requests };
}
