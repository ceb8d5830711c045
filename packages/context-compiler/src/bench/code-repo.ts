// The repository the symbol-index benchmark indexes, built reproducibly: this repository's own tracked
// sources (real TypeScript and JavaScript) plus a seeded, generated tree of Python, Go, PHP, JavaScript
// and TypeScript modules that import and call each other, up to the line count asked for. Committed with
// a fixed identity and date, so every run indexes the same blobs.
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { languageOf } from "../code/languages.js";
import { cap, EMITTERS, type Emit, go, VERBS } from "./code-templates.js";
import { between, NOUNS, pick, seededRandom } from "./project-tree.js";

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
const countLines = (text: string) => text.split("\n").length - (text.endsWith("\n") ? 1 : 0);

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
