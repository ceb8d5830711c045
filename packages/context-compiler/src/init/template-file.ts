// A bundled template file (templates/<name>/<version>.yaml): its shape, parsed and checked before any use.
import { createRequire } from "node:module";
import { cycleWalk, findCycles, UserError } from "@archon/core";
import { z } from "zod";
import { layerRuleSchema, seedDocumentSchema } from "../knowledge/seed-file.js";
import { globProblem } from "../read/glob.js";

const require = createRequire(import.meta.url);
/** yaml loads with the first template read, not at import: a server starts without it. */
const yamlLibrary = () => require("yaml") as typeof import("yaml");

const name = z.string().trim().min(1);
export const SEMVER_PATTERN = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/;
/** `{{app_root}}`: a placeholder reference inside a glob, a title or content. */
export const PLACEHOLDER_REF = /\{\{\s*([a-z][a-z0-9_]*)\s*\}\}/g;

const templateSchema = z
  .object({
    name: z.string().regex(/^[a-z][a-z0-9-]*$/, "lower-case letters, digits and '-'"),
    version: z.string().regex(SEMVER_PATTERN, "a semantic version such as 1.0.0"),
    description: name,
    placeholders: z
      .record(
        z.string().regex(/^[a-z][a-z0-9_]*$/, "lower-case letters, digits and '_'"),
        z.object({ description: name, default: z.string().min(1) }).strict(),
      )
      .default({}),
    documents: z
      .array(
        // Templates ship no project files, so every document carries its content inline.
        seedDocumentSchema
          .omit({ file: true })
          .extend({ content: z.string().min(1) })
          .strict(),
      )
      .min(1),
    layer_rules: z.array(layerRuleSchema).default([]),
  })
  .strict();

export type TemplateSpec = z.infer<typeof templateSchema>;
export type TemplateDocument = TemplateSpec["documents"][number];

/** Parses one template file's text; `origin` names it in errors. Structural problems are listed together. */
export function parseTemplateText(text: string, origin: string): TemplateSpec {
  const yaml = yamlLibrary().parseDocument(text, { prettyErrors: true });
  if (yaml.errors.length > 0) {
    throw new UserError(
      `Template ${origin} is not valid YAML:\n${yaml.errors.map((e) => `  - ${e.message}`).join("\n")}`,
    );
  }
  const parsed = templateSchema.safeParse(yaml.toJS() ?? {});
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join(".") || "(top level)"}: ${i.message}`);
    throw new UserError(`Template ${origin} does not have the expected shape:\n${lines.join("\n")}`);
  }
  const problems = templateProblems(parsed.data);
  if (problems.length > 0) {
    throw new UserError(
      `Template ${origin} has ${problems.length} problem(s):\n${problems.map((p) => `  - ${p}`).join("\n")}`,
      "Templates are bundled data: fix the file, or point --templates at a folder with valid ones.",
    );
  }
  return parsed.data;
}

/** `text` with each placeholder reference replaced by its value; unknown references stay as they are. */
export const substitute = (text: string, values: Readonly<Record<string, string>>) =>
  text.replace(PLACEHOLDER_REF, (whole, key: string) => values[key] ?? whole);

/** Placeholder names referenced by a string. */
export const referencedPlaceholders = (text: string) => [...text.matchAll(PLACEHOLDER_REF)].map((m) => m[1]);

/** Problems of a template: ids, dependencies, cycles, undeclared placeholders, globs (rendered with defaults). */
export function templateProblems(spec: TemplateSpec): string[] {
  const problems: string[] = [];
  const ids = new Set<string>();
  for (const doc of spec.documents) {
    if (ids.has(doc.doc_id)) problems.push(`documents[${doc.doc_id}]: doc_id appears more than once`);
    ids.add(doc.doc_id);
  }
  const declared = new Set(Object.keys(spec.placeholders));
  const used = (text: string, at: string) => {
    for (const ref of referencedPlaceholders(text))
      if (ref !== undefined && !declared.has(ref))
        problems.push(`${at}: placeholder {{${ref}}} is not declared`);
  };
  const defaults = Object.fromEntries(Object.entries(spec.placeholders).map(([key, p]) => [key, p.default]));
  const glob = (pattern: string, at: string) => {
    const problem = globProblem(substitute(pattern, defaults));
    if (problem) problems.push(`${at}: pattern "${pattern}" ${problem}`);
  };
  for (const doc of spec.documents) {
    const at = `documents[${doc.doc_id}]`;
    for (const text of [doc.title, doc.content, ...doc.patterns]) used(text, at);
    for (const pattern of doc.patterns) glob(pattern, at);
    for (const dep of doc.depends_on)
      if (!ids.has(dep)) problems.push(`${at}: depends_on names unknown document "${dep}"`);
    if (doc.patterns.length + doc.layers.length + doc.commands.length === 0 && !dependedOn(spec, doc.doc_id))
      problems.push(`${at}: no pattern, layer, command or dependent reaches it`);
  }
  for (const rule of spec.layer_rules) {
    used(rule.pattern, `layer_rules[${rule.layer}]`);
    glob(rule.pattern, `layer_rules[${rule.layer}]`);
  }
  const layers = new Set(spec.layer_rules.map((r) => r.layer));
  for (const doc of spec.documents)
    for (const layer of doc.layers)
      if (!layers.has(layer)) problems.push(`documents[${doc.doc_id}]: layer "${layer}" has no layer rule`);
  problems.push(...dependencyCycles(spec));
  return problems;
}

const dependedOn = (spec: TemplateSpec, docId: string) =>
  spec.documents.some((d) => d.depends_on.includes(docId));

function dependencyCycles(spec: TemplateSpec): string[] {
  const graph = new Map(spec.documents.map((d) => [d.doc_id, d.depends_on]));
  const next = (node: string) => graph.get(node) ?? [];
  return findCycles(graph.keys(), next).map(
    (group) => `depends_on cycle: ${cycleWalk(group, next).join(" → ")}`,
  );
}
