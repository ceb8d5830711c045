// One rule file of .archon/rules/: front matter with everything a compile needs, then the rule's text byte
// for byte. Rendered the same way on every machine, and parsed back to exactly what was rendered.
import { createRequire } from "node:module";
import { z } from "zod";
import { globProblem } from "../../read/glob.js";
import { DOC_ID_PATTERN, DOC_KINDS, type DocKind } from "../../vocabulary/knowledge-model.js";
import { frontmatterBlock } from "../imports/frontmatter-block.js";

const require = createRequire(import.meta.url);
/** The YAML library, loaded when a rule file is first written or read: a server starts without it. */
const yaml = () => require("yaml") as typeof import("yaml");

export const RULE_FILES_DIR = ".archon/rules";
export const ruleFilePath = (docId: string) => `${RULE_FILES_DIR}/${docId}.md`;

/** Everything canonical about one approved document, as its rule file states it. */
export interface RuleFileDoc {
  doc_id: string;
  title: string;
  kind: DocKind;
  priority: number;
  description: string | null;
  globs: string[];
  layers: string[];
  commands: string[];
  depends_on: string[];
  tags: string[];
  /** Where the text came from (a source anchor such as `docs/api.md#Errors`), or null. */
  source: string | null;
  /** The template that bootstrapped the rule, or null for the project's own. */
  template: string | null;
  /**
   * What the template installed, so that a clone can rebuild the upgrade's baseline without the database;
   * null for the project's own rules, and in files an older archon wrote (their baseline is then unknown).
   */
  installed: TemplateInstalled | null;
  content: string;
}

export interface TemplateInstalled {
  /** The template version whose text the rule was given (the init manifest's). */
  version: string;
  /** sha256 of that text, as the template rendered it with the placeholders below. */
  sha256: string;
  placeholders: Record<string, string>;
}

/** One placeholder as a rule file states it: the template's name for it, `=`, the value the project gave. */
const PLACEHOLDER_ENTRY = /^([a-z][a-z0-9_]*)=(.+)$/;

// Values are kept as written (no trimming), so a file renders back to the same bytes.
const text = z.string().refine((s) => s.trim() !== "", "must not be empty");
const list = z.array(text).default([]);

const frontSchema = z
  .object({
    doc_id: z
      .string()
      .regex(DOC_ID_PATTERN, "letters, digits, '.', '_' or '-', starting with a letter or digit"),
    title: text,
    kind: z.enum(DOC_KINDS).default("guideline"),
    priority: z.number().int().default(100),
    description: text.optional(),
    globs: list,
    layers: list,
    commands: list,
    depends_on: list,
    tags: list,
    source: text.optional(),
    template: text.optional(),
    template_version: z
      .string()
      .regex(/^\d+\.\d+\.\d+$/, "a version such as 1.2.0")
      .optional(),
    template_sha256: z
      .string()
      .regex(/^[0-9a-f]{64}$/, "64 lowercase hex digits")
      .optional(),
    template_placeholders: z
      .array(z.string().regex(PLACEHOLDER_ENTRY, "name=value, such as app_root=src/app"))
      .default([]),
  })
  .strict();

/** What the template installed, as the front matter states it; null unless both version and hash are there. */
function installedOf(front: {
  template_version?: string;
  template_sha256?: string;
  template_placeholders: string[];
}): TemplateInstalled | null {
  if (front.template_version === undefined || front.template_sha256 === undefined) return null;
  const placeholders: Record<string, string> = {};
  for (const entry of front.template_placeholders) {
    const [, key, value] = PLACEHOLDER_ENTRY.exec(entry) as RegExpExecArray;
    placeholders[key as string] = value as string;
  }
  return { version: front.template_version, sha256: front.template_sha256, placeholders };
}

const sorted = (values: readonly string[]) => [...new Set(values)].sort();

/** A value YAML reads back as this very string when written bare: nothing it could take for syntax or another type. */
const PLAIN = /^[A-Za-z_.][A-Za-z0-9 _./()*{},+@#:-]*$/;
/** Bare words YAML reads as booleans, null or numbers (`.5`, `.inf`, `.nan`). */
const RESERVED = /^(?:true|false|null|yes|no|on|off|y|n|\.\d.*|\.inf|\.nan)$/i;
/** What ends a bare value early in YAML: a comment (" #"), a mapping (": ", a final ":"), a trailing space. */
const BREAKS = / #|: |:$| $/;

/** One scalar: bare when that is safe, else JSON's double-quoted form, which YAML reads the same. */
const scalar = (value: string): string =>
  PLAIN.test(value) && !BREAKS.test(value) && !RESERVED.test(value) ? value : JSON.stringify(value);

/**
 * The file for `doc`: keys in one order, lists sorted, empty lists and absent values left out. Written
 * by hand rather than by the YAML library (ten times faster on a 10,000-rule seed); parseRuleFile reads
 * it back to the same document, which rule-file-text.test.ts checks over random values.
 */
export function renderRuleFile(doc: RuleFileDoc): string {
  const lines = [
    "---",
    `doc_id: ${scalar(doc.doc_id)}`,
    `title: ${scalar(doc.title)}`,
    `kind: ${doc.kind}`,
    `priority: ${doc.priority}`,
  ];
  if (doc.description !== null) lines.push(`description: ${scalar(doc.description)}`);
  for (const key of ["globs", "layers", "commands", "depends_on", "tags"] as const)
    if (doc[key].length > 0) lines.push(`${key}:`, ...sorted(doc[key]).map((v) => `  - ${scalar(v)}`));
  if (doc.source !== null) lines.push(`source: ${scalar(doc.source)}`);
  if (doc.template !== null) lines.push(`template: ${scalar(doc.template)}`);
  if (doc.template !== null && doc.installed !== null) {
    const { version, sha256, placeholders } = doc.installed;
    // Quoted: YAML would read a bare version or an all-digit hash as a number.
    lines.push(`template_version: ${JSON.stringify(version)}`, `template_sha256: ${JSON.stringify(sha256)}`);
    const entries = Object.keys(placeholders)
      .sort()
      .map((key) => `  - ${scalar(`${key}=${placeholders[key]}`)}`);
    if (entries.length > 0) lines.push("template_placeholders:", ...entries);
  }
  lines.push("---");
  return `${lines.join("\n")}\n${doc.content}`;
}

export type ParsedRuleFile = { ok: true; doc: RuleFileDoc } | { ok: false; problems: string[] };

/** The 1-based line of `key:` in the front matter (which starts on line 2 of the file), or 1. */
function keyLine(front: string, key: string | undefined): number {
  if (key === undefined) return 1;
  const index = front.split("\n").findIndex((line) => line.startsWith(`${key}:`));
  return index < 0 ? 1 : index + 2;
}

/** Reads one rule file; each problem is `<path>:<line>: <what is wrong>`. */
export function parseRuleFile(path: string, fileText: string): ParsedRuleFile {
  const block = frontmatterBlock(fileText);
  if (!block)
    return {
      ok: false,
      problems: [`${path}:1: a rule file starts with a --- front matter block (doc_id, title, ...)`],
    };
  const parsed = yaml().parseDocument(block.yaml, { uniqueKeys: true });
  if (parsed.errors.length > 0)
    return {
      ok: false,
      problems: parsed.errors.map(
        (e) => `${path}:${(e.linePos?.[0].line ?? 0) + 1}: ${e.message.split("\n")[0]}`,
      ),
    };
  if (!yaml().isMap(parsed.contents) || parsed.contents.items.some((item) => !yaml().isScalar(item.key)))
    return { ok: false, problems: [`${path}:2: the front matter is not a list of key: value lines`] };
  const result = frontSchema.safeParse(parsed.toJS());
  if (!result.success)
    return {
      ok: false,
      problems: result.error.issues.map((issue) => {
        const key = issue.path[0] === undefined ? undefined : String(issue.path[0]);
        return `${path}:${keyLine(block.yaml, key)}: ${issue.path.join(".") || "front matter"}: ${issue.message}`;
      }),
    };
  const front = result.data;
  const problems = front.globs.flatMap((glob) => {
    const problem = globProblem(glob);
    return problem ? [`${path}:${keyLine(block.yaml, "globs")}: glob "${glob}" ${problem}`] : [];
  });
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    doc: {
      doc_id: front.doc_id,
      title: front.title,
      kind: front.kind,
      priority: front.priority,
      description: front.description ?? null,
      globs: sorted(front.globs),
      layers: sorted(front.layers),
      commands: sorted(front.commands),
      depends_on: sorted(front.depends_on),
      tags: sorted(front.tags),
      source: front.source ?? null,
      template: front.template ?? null,
      installed: front.template === undefined ? null : installedOf(front),
      content: block.body,
    },
  };
}

/** The text of a rule file without its front matter; any other file as it is. */
export const ruleFileBody = (fileText: string): string => frontmatterBlock(fileText)?.body ?? fileText;

/**
 * Whether a file holds exactly `content`: alone (as an older archon, or migrate before approving, wrote
 * it) or under front matter. Replacing such a file loses no one's text.
 */
export const holdsRuleText = (fileText: string, content: string): boolean =>
  fileText === content || ruleFileBody(fileText) === content;
