// Placeholder substitution: a template plus placeholder values becomes a seed plan, every glob checked.
import { UserError } from "@archon/core";
import type { SeedPlan } from "../knowledge/seed-file.js";
import { globProblem } from "../read/glob.js";
import { substitute, type TemplateSpec } from "./template-file.js";

/** A placeholder value is a plain repo-relative folder: no glob syntax, no `..`, no leading or trailing slash. */
const PLACEHOLDER_VALUE = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

export interface PlaceholderValue {
  value: string;
  /** Where the value came from: the caller wins over detection, detection over the template's default. */
  source: "caller" | "detected" | "default";
}

/** The value of every declared placeholder; refuses unknown names and unusable values. */
export function resolvePlaceholders(
  spec: TemplateSpec,
  detected: Readonly<Record<string, string>>,
  given: Readonly<Record<string, string>>,
): Record<string, PlaceholderValue> {
  const problems: string[] = [];
  const declared = Object.keys(spec.placeholders).sort();
  for (const key of Object.keys(given).sort()) {
    if (!declared.includes(key)) {
      const known = declared.length > 0 ? `it takes ${declared.join(", ")}` : "it takes none";
      problems.push(`template ${spec.name} has no placeholder "${key}" (${known})`);
    }
  }
  const values: Record<string, PlaceholderValue> = {};
  for (const key of declared) {
    const value: PlaceholderValue =
      given[key] !== undefined
        ? { value: given[key], source: "caller" }
        : detected[key] !== undefined
          ? { value: detected[key], source: "detected" }
          : { value: spec.placeholders[key]?.default ?? "", source: "default" };
    if (!PLACEHOLDER_VALUE.test(value.value) || value.value.split("/").includes("..")) {
      problems.push(
        `placeholder ${key} = "${value.value}" is not a plain repo-relative folder (such as src/app)`,
      );
    }
    values[key] = value;
  }
  if (problems.length > 0)
    throw new UserError(`Placeholders refused: ${problems.join("; ")}.`, undefined, "placeholders");
  return values;
}

/** The seed plan a template gives with these values. Refuses a rendered glob that globProblem refuses. */
export function renderTemplate(spec: TemplateSpec, values: Readonly<Record<string, string>>): SeedPlan {
  const problems: string[] = [];
  const glob = (pattern: string, at: string) => {
    const rendered = substitute(pattern, values);
    const problem = globProblem(rendered);
    if (problem) problems.push(`${at}: pattern "${rendered}" ${problem}`);
    return rendered;
  };
  const documents = spec.documents.map((doc) => ({
    doc_id: doc.doc_id,
    title: substitute(doc.title, values),
    kind: doc.kind,
    priority: doc.priority,
    content: substitute(doc.content, values),
    source_path: null,
    patterns: doc.patterns.map((p) => glob(p, `documents[${doc.doc_id}]`)),
    layers: doc.layers,
    commands: doc.commands,
    depends_on: doc.depends_on,
    ...(doc.tags ? { tags: doc.tags } : {}),
    description: doc.description === undefined ? null : substitute(doc.description, values),
  }));
  const layer_rules = spec.layer_rules.map((rule) => ({
    pattern: glob(rule.pattern, `layer_rules[${rule.layer}]`),
    layer: rule.layer,
  }));
  if (problems.length > 0) {
    throw new UserError(
      `Template ${spec.name} ${spec.version} does not render with these placeholders: ${problems.join("; ")}.`,
      "Give other placeholder values.",
      "placeholders",
    );
  }
  return { documents, layer_rules };
}

/** Just the values, as renderTemplate and the manifest take them. */
export const placeholderValues = (resolved: Readonly<Record<string, PlaceholderValue>>) =>
  Object.fromEntries(Object.entries(resolved).map(([key, v]) => [key, v.value]));
