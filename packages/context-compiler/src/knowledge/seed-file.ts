// archon.seed.yaml: parsing and validation into a plan, with every problem listed; nothing is written here.
import { readFileSync } from "node:fs";
import { cycleWalk, type Db, findCycles, UserError } from "@archon/core";
import { z } from "zod";
import { globProblem } from "../read/glob.js";
import { documentExists } from "../store/documents.js";
import { liveDependencyEdges } from "../store/edges.js";
import { DOC_ID_PATTERN, DOC_KINDS } from "../vocabulary/knowledge-model.js";
import { readProjectFile } from "./project-path.js";
import { parseSeedYaml } from "./seed-yaml.js";

const name = z.string().trim().min(1);

/** One document of a seed file; bundled templates use the same shape without `file`. */
export const seedDocumentSchema = z
  .object({
    doc_id: z
      .string()
      .regex(DOC_ID_PATTERN, "letters, digits, '.', '_' or '-', starting with a letter or digit"),
    title: name,
    kind: z.enum(DOC_KINDS).default("guideline"),
    priority: z.number().int().default(100),
    content: z.string().optional(),
    file: z.string().optional(),
    patterns: z.array(z.string()).default([]),
    layers: z.array(name).default([]),
    commands: z.array(name).default([]),
    depends_on: z.array(z.string()).default([]),
    tags: z.array(name).optional(),
    /** A plan matching it brings the document in, without any glob (see read/description-match.ts). */
    description: name.optional(),
  })
  .strict();

export const layerRuleSchema = z.object({ pattern: z.string(), layer: name }).strict();

const seedSchema = z
  .object({
    documents: z.array(seedDocumentSchema).default([]),
    layer_rules: z.array(layerRuleSchema).default([]),
  })
  .strict();

export interface SeedDocument {
  doc_id: string;
  title: string;
  kind: (typeof DOC_KINDS)[number];
  priority: number;
  content: string;
  source_path: string | null;
  patterns: string[];
  layers: string[];
  commands: string[];
  depends_on: string[];
  tags?: string[];
  /** The file is the truth: null clears a description given before. */
  description: string | null;
}

export interface SeedPlan {
  documents: SeedDocument[];
  layer_rules: { pattern: string; layer: string }[];
}

/**
 * Reads and checks a seed file. File references resolve against `projectRoot` (and must stay inside it).
 * Throws one UserError listing every problem found.
 */
export function readSeedFile(db: Db, path: string, projectRoot: string): SeedPlan {
  const seed = parseSeedFile(path);
  const problems: string[] = [];
  // Seeds repeat their folder globs across many documents; each distinct one is checked once.
  const globChecks = new Map<string, string | undefined>();
  const patternProblem = (p: string) => {
    if (!globChecks.has(p)) globChecks.set(p, globProblem(p));
    return globChecks.get(p);
  };
  const seen = new Set<string>();
  const documents = seed.documents.map((doc) => {
    const at = `documents[${doc.doc_id}]`;
    if (seen.has(doc.doc_id)) problems.push(`${at}: doc_id appears more than once`);
    seen.add(doc.doc_id);
    if ((doc.content === undefined) === (doc.file === undefined))
      problems.push(`${at}: give exactly one of content or file`);
    for (const p of doc.patterns) {
      const problem = patternProblem(p);
      if (problem) problems.push(`${at}: pattern "${p}" ${problem}`);
    }
    return seedDocument(doc, projectRoot, (problem) => problems.push(`${at}: ${problem}`));
  });
  problems.push(...dependencyProblems(db, documents));
  for (const rule of seed.layer_rules) {
    const problem = patternProblem(rule.pattern);
    if (problem) problems.push(`layer_rules[${rule.layer}]: pattern "${rule.pattern}" ${problem}`);
  }
  if (problems.length > 0) {
    throw new UserError(
      `Seed file ${path} was rejected; nothing was changed. ${problems.length} problem(s):\n${problems.map((p) => `  - ${p}`).join("\n")}`,
    );
  }
  return { documents, layer_rules: seed.layer_rules };
}

/** The file's text as YAML of the seed's shape; an unreadable file, bad YAML or a wrong shape each stop here. */
function parseSeedFile(path: string): z.infer<typeof seedSchema> {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new UserError(
      `Cannot read seed file ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}.`,
    );
  }
  const yaml = parseSeedYaml(text);
  if (yaml.errors.length > 0) {
    throw new UserError(
      `Seed file ${path} is not valid YAML:\n${yaml.errors.map((e) => `  - ${e}`).join("\n")}`,
    );
  }
  const parsed = seedSchema.safeParse(yaml.value);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join(".") || "(top level)"}: ${i.message}`);
    throw new UserError(`Seed file ${path} does not have the expected shape:\n${lines.join("\n")}`);
  }
  return parsed.data;
}

/** One entry as a document to write: its `file` read from inside the project (or a problem), else its `content`. */
function seedDocument(
  doc: z.infer<typeof seedDocumentSchema>,
  projectRoot: string,
  problem: (text: string) => void,
): SeedDocument {
  let content = doc.content ?? "";
  let source_path: string | null = null;
  if (doc.file !== undefined) {
    try {
      const file = readProjectFile(projectRoot, doc.file, "file");
      content = file.text;
      source_path = file.relative;
    } catch (error) {
      problem(error instanceof UserError ? error.message : String(error));
    }
  }
  const { file: _file, content: _content, description, ...rest } = doc;
  return { ...rest, content, source_path, description: description ?? null };
}

type Dependent = Pick<SeedDocument, "doc_id" | "depends_on">;

/**
 * What is wrong with the dependencies of `documents` as one change: a target that is neither among them
 * nor in the knowledge base, and cycles (their edges replace those the documents have now).
 */
export function dependencyProblems(db: Db, documents: readonly Dependent[]): string[] {
  const listed = new Set(documents.map((d) => d.doc_id));
  const problems = documents.flatMap((doc) =>
    doc.depends_on
      .filter((dep) => !listed.has(dep) && !documentExists(db, dep))
      .map((dep) => `documents[${doc.doc_id}]: depends_on names unknown document "${dep}"`),
  );
  return [...problems, ...dependencyCycles(db, documents)];
}

function dependencyCycles(db: Db, documents: readonly Dependent[]): string[] {
  const graph = new Map<string, string[]>();
  const seeded = new Set(documents.map((d) => d.doc_id));
  const targets = (node: string) => {
    const list = graph.get(node) ?? [];
    if (list.length === 0) graph.set(node, list);
    return list;
  };
  for (const r of liveDependencyEdges(db))
    if (!seeded.has(r.source_value)) targets(r.source_value).push(r.target_doc_id);
  for (const d of documents) targets(d.doc_id).push(...d.depends_on);
  const next = (node: string) => graph.get(node) ?? [];
  return findCycles(graph.keys(), next).map(
    (group) => `depends_on cycle: ${cycleWalk(group, next).join(" → ")}`,
  );
}
