// The repository the symbol-index benchmark indexes, built reproducibly: this repository's own tracked
// sources (real TypeScript and JavaScript) plus a seeded, generated tree of Python, Go, PHP, JavaScript
// and TypeScript modules that import and call each other, up to the line count asked for. Committed with
// a fixed identity and date, so every run indexes the same blobs.
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { languageOf } from "../code/languages.js";
import { between, NOUNS, pick, type Random, seededRandom } from "./project-tree.js";

const REPO_ROOT = fileURLToPath(new URL("../../../../", import.meta.url));

export interface CodeRepo {
  root: string;
  files: number;
  lines: number;
  /** Lines per language, and how many came from this repository's own sources. */
  lines_by_language: Record<string, number>;
  own_source_lines: number;
}

const DOMAINS = "billing orders users search payments shipping catalog ledger media support".split(" ");
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const countLines = (text: string) => text.split("\n").length - (text.endsWith("\n") ? 1 : 0);

interface Module {
  domain: string;
  noun: string;
  /** The module of the same domain this one imports and calls, if any. */
  uses: { noun: string } | null;
  methods: string[];
}

const VERBS = "load save find check build apply merge split render parse format validate sync fetch".split(
  " ",
);

function body(
  rand: Random,
  lines: number,
  call: (i: number) => string,
  comment: string,
  end: string,
): string[] {
  const out: string[] = [];
  for (let i = 0; i < lines; i++)
    out.push(i % 4 === 0 ? `    ${call(i)}${end}` : `    ${comment} step ${i} of ${between(rand, 10, 99)}`);
  return out;
}

type Emit = (m: Module, rand: Random) => { path: string; text: string };

const typescript: Emit = (m, rand) => {
  const cls = `${cap(m.noun)}Service`;
  const lines = [
    ...(m.uses ? [`import { ${m.uses.noun}Helper } from "./${m.uses.noun}-service.js";`] : []),
    `export interface ${cap(m.noun)}Record { id: string; total: number }`,
    `export class ${cls} {`,
    ...m.methods.flatMap((name, i) => [
      `  ${name}(id: string): string {`,
      ...body(
        rand,
        between(rand, 6, 14),
        (j) =>
          j % 8 === 0 && i + 1 < m.methods.length
            ? `this.${m.methods[i + 1]}(id)`
            : m.uses
              ? `${m.uses.noun}Helper(id)`
              : `normalize(id)`,
        "//",
        ";",
      ),
      "    return id;",
      "  }",
    ]),
    "}",
    `export function ${m.noun}Helper(id: string): string { return normalize(id); }`,
    "function normalize(id: string): string { return id.trim(); }",
  ];
  return { path: `gen/ts/${m.domain}/${m.noun}-service.ts`, text: `${lines.join("\n")}\n` };
};

const javascript: Emit = (m, rand) => {
  const lines = [
    ...(m.uses ? [`import { ${m.uses.noun}Helper } from "./${m.uses.noun}.js";`] : []),
    `export class ${cap(m.noun)}Store {`,
    ...m.methods.flatMap((name, i) => [
      `  ${name}(id) {`,
      ...body(
        rand,
        between(rand, 6, 14),
        (j) =>
          j % 8 === 0 && i + 1 < m.methods.length
            ? `this.${m.methods[i + 1]}(id)`
            : m.uses
              ? `${m.uses.noun}Helper(id)`
              : "tidy(id)",
        "//",
        ";",
      ),
      "    return id;",
      "  }",
    ]),
    "}",
    `export function ${m.noun}Helper(id) { return tidy(id); }`,
    "function tidy(id) { return String(id).trim(); }",
  ];
  return { path: `gen/js/${m.domain}/${m.noun}.js`, text: `${lines.join("\n")}\n` };
};

const python: Emit = (m, rand) => {
  const lines = [
    ...(m.uses ? [`from .${m.uses.noun} import ${m.uses.noun}_helper`] : []),
    "",
    `class ${cap(m.noun)}Repository:`,
    ...m.methods.flatMap((name, i) => [
      `    def ${name}(self, key):`,
      ...body(
        rand,
        between(rand, 6, 14),
        (j) =>
          j % 8 === 0 && i + 1 < m.methods.length
            ? `self.${m.methods[i + 1]}(key)`
            : m.uses
              ? `${m.uses.noun}_helper(key)`
              : "clean(key)",
        "#",
        "",
      ).map((l) => `    ${l}`),
      "        return key",
      "",
    ]),
    `def ${m.noun}_helper(key):`,
    "    return clean(key)",
    "",
    "def clean(key):",
    "    return str(key).strip()",
  ];
  return { path: `gen/py/${m.domain}/${m.noun}.py`, text: `${lines.join("\n")}\n` };
};

const go: Emit = (m, rand) => {
  const typ = `${cap(m.noun)}Handler`;
  const lines = [
    `package ${m.domain}`,
    "",
    `type ${typ} struct{ name string }`,
    "",
    ...m.methods.flatMap((name, i) => [
      `func (h *${typ}) ${cap(name)}(id string) string {`,
      ...body(
        rand,
        between(rand, 6, 14),
        (j) =>
          j % 8 === 0 && i + 1 < m.methods.length
            ? `h.${cap(m.methods[i + 1] as string)}(id)`
            : m.uses
              ? `${cap(m.uses.noun)}Helper(id)`
              : "trim(id)",
        "//",
        "",
      ),
      "\treturn id",
      "}",
      "",
    ]),
    `func ${cap(m.noun)}Helper(id string) string { return trim(id) }`,
  ];
  return { path: `gen/go/${m.domain}/${m.noun}.go`, text: `${lines.join("\n")}\n` };
};

const php: Emit = (m, rand) => {
  const cls = `${cap(m.noun)}Controller`;
  const lines = [
    "<?php",
    `namespace App\\${cap(m.domain)};`,
    "",
    ...(m.uses ? [`use App\\${cap(m.domain)}\\${cap(m.uses.noun)}Controller;`, ""] : []),
    `class ${cls} {`,
    ...m.methods.flatMap((name, i) => [
      `    public function ${name}($id) {`,
      ...body(
        rand,
        between(rand, 6, 14),
        (j) =>
          j % 8 === 0 && i + 1 < m.methods.length
            ? `$this->${m.methods[i + 1]}($id)`
            : m.uses
              ? `${cap(m.uses.noun)}Controller::helper($id)`
              : "trim($id)",
        "//",
        ";",
      ).map((l) => `    ${l}`),
      "        return $id;",
      "    }",
    ]),
    "    public static function helper($id) { return trim($id); }",
    "}",
  ];
  return { path: `gen/php/${m.domain}/${cls}.php`, text: `${lines.join("\n")}\n` };
};

const EMITTERS: readonly Emit[] = [python, go, php, javascript, typescript];

/** Copies this repository's tracked source files under `own/`; returns their line count by language. */
function copyOwnSources(root: string, byLanguage: Record<string, number>): { files: number; lines: number } {
  const listed = execFileSync("git", ["ls-files", "-z"], { cwd: REPO_ROOT, encoding: "utf8" }).split("\0");
  let files = 0;
  let lines = 0;
  for (const path of listed.filter((p) => p !== "" && languageOf(p) !== undefined).sort()) {
    const target = join(root, "own", path);
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(join(REPO_ROOT, path), target);
    const n = countLines(readFileSync(target, "utf8"));
    const language = languageOf(path)?.language as string;
    byLanguage[language] = (byLanguage[language] ?? 0) + n;
    files += 1;
    lines += n;
  }
  return { files, lines };
}

export function buildCodeRepo(root: string, targetLines: number, seed = 7): CodeRepo {
  const rand = seededRandom(seed);
  const byLanguage: Record<string, number> = {};
  const own = copyOwnSources(root, byLanguage);
  let files = own.files;
  let lines = own.lines;
  writeFileSync(join(root, "go.mod"), "module example.com/bench\n\ngo 1.22\n");
  const goDomains = new Set<string>();
  for (let i = 0; lines < targetLines; i++) {
    const emit = EMITTERS[i % EMITTERS.length] as Emit;
    const domain = pick(rand, DOMAINS);
    const noun = `${pick(rand, NOUNS)}${Math.floor(i / EMITTERS.length)}`;
    const previous =
      i >= EMITTERS.length ? `${pick(rand, NOUNS)}${Math.floor(i / EMITTERS.length) - 1}` : null;
    const methods = Array.from(
      { length: between(rand, 4, 12) },
      (_, k) => `${pick(rand, VERBS)}${cap(pick(rand, NOUNS))}${k}`,
    );
    const file = emit(
      { domain, noun, uses: previous && rand() < 0.7 ? { noun: previous } : null, methods },
      rand,
    );
    const target = join(root, file.path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, file.text);
    if (emit === go && !goDomains.has(domain)) {
      goDomains.add(domain);
      writeFileSync(
        join(root, `gen/go/${domain}/trim.go`),
        `package ${domain}\n\nfunc trim(id string) string { return id }\n`,
      );
      byLanguage.go = (byLanguage.go ?? 0) + 3;
      files += 1;
      lines += 3;
    }
    const n = countLines(file.text);
    const language = languageOf(file.path)?.language as string;
    byLanguage[language] = (byLanguage[language] ?? 0) + n;
    files += 1;
    lines += n;
  }
  const env = {
    ...process.env,
    GIT_CONFIG_GLOBAL: "/dev/null",
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_AUTHOR_NAME: "Bench",
    GIT_AUTHOR_EMAIL: "bench@example.com",
    GIT_COMMITTER_NAME: "Bench",
    GIT_COMMITTER_EMAIL: "bench@example.com",
    GIT_AUTHOR_DATE: "2026-01-01T00:00:00Z",
    GIT_COMMITTER_DATE: "2026-01-01T00:00:00Z",
  };
  const git = (...args: string[]) => execFileSync("git", args, { cwd: root, env, stdio: "pipe" });
  git("init", "-q", "-b", "main");
  git("add", "-A");
  git("commit", "-q", "-m", "benchmark repository");
  return { root, files, lines, lines_by_language: byLanguage, own_source_lines: own.lines };
}
