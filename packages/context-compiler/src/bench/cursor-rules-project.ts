// The import benchmark's project: N Cursor rule files (`.cursor/rules/**/*.mdc`) in the shapes teams write
// them (globs, alwaysApply, description only, no frontmatter; a few several KB long), next to unrelated
// source files; or the same frontmatter over bodies that are all near-duplicates, or all identical, the
// shapes that make an overlap check compare everything with everything. Deterministic: same count and
// seed, same bytes.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { between, NOUNS, pick, type Random, seededRandom } from "./project-tree.js";

const AREAS = "api web db auth billing search infra mobile docs testing".split(" ");
const VERBS = "validate log cache retry wrap document test name guard index paginate escape".split(" ");
const COMMON = (
  "always never prefer avoid keep use the a shared typed error handler service route component hook " +
  "query schema migration request response timeout boundary permission input output module function " +
  "export import default named file folder test fixture mock database transaction index cache retry"
).split(" ");
const SYLLABLES = "ka lo mi ne ru ta vi so pe da gu fi ho ze ly bo wa ci je xu".split(" ");

/**
 * Words drawn as real text draws them (Zipf: the r-th most common word r times rarer than the first):
 * the common words above, then thousands of names (modules, functions, libraries) made of syllables.
 */
function vocabulary(size: number): { words: string[]; draw(rand: Random): string } {
  const words = [...COMMON];
  for (let i = 0; words.length < size; i++) {
    let word = "";
    for (let n = i; word.length < 4 || n > 0; n = Math.floor(n / SYLLABLES.length))
      word += SYLLABLES[n % SYLLABLES.length];
    words.push(word);
  }
  const cumulative: number[] = [];
  let total = 0;
  for (let r = 1; r <= words.length; r++) {
    total += 1 / r;
    cumulative.push(total);
  }
  return {
    words,
    draw(rand) {
      const x = rand() * total;
      let lo = 0;
      let hi = cumulative.length - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if ((cumulative[mid] as number) < x) lo = mid + 1;
        else hi = mid;
      }
      return words[lo] as string;
    },
  };
}

const VOCABULARY = vocabulary(8000);

/** varied: bodies as teams write them; near-duplicate: one body with a line of its own added; identical: one body. */
export const RULE_SHAPES = ["varied", "near-duplicate", "identical"] as const;
export type RuleShape = (typeof RULE_SHAPES)[number];

/** What a rule file says about where it applies, and its size. */
export interface WrittenRule {
  globs: string[];
  alwaysApply: boolean;
  bytes: number;
}

export interface CursorRulesProject {
  /** Rule files written, one rule each. */
  rules: number;
  /** Unrelated files written next to them. */
  otherFiles: number;
  /** Bytes of rule text written. */
  ruleBytes: number;
  /** Each rule's globs and size, in the order written. */
  written: WrittenRule[];
  /** The unrelated files' repo-relative paths. */
  otherPaths: string[];
}

function sentence(rand: Random): string {
  const words = [pick(rand, VERBS), pick(rand, NOUNS)];
  for (let n = between(rand, 6, 16); n > 0; n--) words.push(VOCABULARY.draw(rand));
  return `${words.join(" ")}.`;
}

function body(rand: Random, i: number, large: boolean): string {
  const lines = [`# ${pick(rand, VERBS)} ${pick(rand, NOUNS)} rule ${i}`, ""];
  const sections = large ? between(rand, 6, 14) : 1;
  for (let s = 0; s < sections; s++) {
    if (large) lines.push(`## ${pick(rand, NOUNS)} ${pick(rand, VERBS)}`, "");
    for (let n = between(rand, large ? 4 : 2, large ? 9 : 5); n > 0; n--) lines.push(`- ${sentence(rand)}`);
    lines.push("");
  }
  return lines.join("\n");
}

function globs(rand: Random, area: string): string[] {
  const noun = pick(rand, NOUNS);
  const shapes = [
    `src/${area}/**/*.ts`,
    `src/${area}/${noun}/**`,
    `**/*.${pick(rand, ["tsx", "sql", "test.ts", "md"])}`,
    `packages/${area}/src/${noun}*.ts`,
    `apps/${area}/**/*.{ts,tsx}`,
  ];
  const out = new Set<string>();
  for (let n = between(rand, 1, 3); n > 0; n--) out.add(pick(rand, shapes));
  return [...out];
}

/** A varied body: most written afresh, and some copied to a second folder with a line edited. */
function variedBody(rand: Random, i: number, earlier: string[]): string {
  const large = rand() < 0.08;
  const copied = earlier.length > 0 && rand() < 0.04 ? pick(rand, earlier) : undefined;
  const text = copied ? `${copied}- ${sentence(rand)}\n` : body(rand, i, large);
  if (!copied) earlier.push(text);
  return text;
}

/** The text of rule `i`: frontmatter in one of the four shapes, then its body. */
function ruleText(
  rand: Random,
  i: number,
  area: string,
  bodyOf: (i: number) => string,
): { text: string; globs: string[]; alwaysApply: boolean } {
  const text = bodyOf(i);
  const description = `${pick(rand, VERBS)} ${pick(rand, NOUNS)} in ${area} code (${i})`;
  const tags = rand() < 0.1 ? `tags: [${pick(rand, ["security", "performance", "logging"])}]\n` : "";
  const r = rand();
  if (r < 0.45) {
    const list = globs(rand, area);
    // Cursor writes globs unquoted and comma-separated; some teams use a YAML list.
    const line =
      rand() < 0.5 ? `globs: ${list.join(",")}` : `globs:\n${list.map((g) => `  - "${g}"`).join("\n")}`;
    return {
      text: `---\ndescription: ${description}\n${line}\nalwaysApply: false\n${tags}---\n${text}`,
      globs: list,
      alwaysApply: false,
    };
  }
  if (r < 0.6)
    return {
      text: `---\ndescription: ${description}\nglobs:\nalwaysApply: true\n${tags}---\n${text}`,
      globs: [],
      alwaysApply: true,
    };
  if (r < 0.88)
    return {
      text: `---\ndescription: ${description}\nglobs:\nalwaysApply: false\n${tags}---\n${text}`,
      globs: [],
      alwaysApply: false,
    };
  return { text, globs: [], alwaysApply: false };
}

const write = (root: string, rel: string, text: string) => {
  mkdirSync(dirname(join(root, rel)), { recursive: true });
  writeFileSync(join(root, rel), text);
};

/**
 * Writes the rules (a third nested one folder down, as a monorepo's areas keep theirs) and `otherFiles`
 * source files, as shallow as the nested rules, under `root`.
 */
export function writeCursorRulesProject(
  root: string,
  rules: number,
  otherFiles: number,
  shape: RuleShape = "varied",
  seed = 17,
): CursorRulesProject {
  const rand = seededRandom(seed);
  let ruleBytes = 0;
  const bodies: string[] = [];
  // Drawn from its own generator, so the varied shape's files stay the bytes they were.
  const shared = body(seededRandom(seed + 1), 0, false);
  const bodyOf = {
    varied: (i: number) => variedBody(rand, i, bodies),
    "near-duplicate": () => `${shared}- ${sentence(rand)}\n`,
    identical: () => shared,
  }[shape];
  const written: WrittenRule[] = [];
  const otherPaths: string[] = [];
  for (let i = 0; i < rules; i++) {
    const area = pick(rand, AREAS);
    const name = `${pick(rand, VERBS)}-${pick(rand, NOUNS)}-${String(i).padStart(5, "0")}.mdc`;
    const rel = rand() < 0.33 ? `.cursor/rules/${area}/${name}` : `.cursor/rules/${name}`;
    const { text, globs: ruleGlobs, alwaysApply } = ruleText(rand, i, area, bodyOf);
    ruleBytes += Buffer.byteLength(text);
    written.push({ globs: ruleGlobs, alwaysApply, bytes: Buffer.byteLength(text) });
    write(root, rel, text);
  }
  for (let i = 0; i < otherFiles; i++) {
    const area = AREAS[i % AREAS.length] as string;
    const path = `src/${area}/${pick(rand, NOUNS)}-${i}.ts`;
    otherPaths.push(path);
    write(root, path, `export const n${i} = ${i};\n`);
  }
  write(root, "package.json", `${JSON.stringify({ name: "rules-bench", private: true })}\n`);
  return { rules, otherFiles, ruleBytes, written, otherPaths };
}
