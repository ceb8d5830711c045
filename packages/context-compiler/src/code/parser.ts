// Tree-sitter in WebAssembly: the runtime, each grammar and its compiled query, loaded once per process on
// first use (no native build, nothing fetched). web-tree-sitter 0.25.10 is the runtime that accepts the
// ABI-15 grammars of @vscode/tree-sitter-wasm 0.3.1; both are pinned exactly for that reason.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { sha256 } from "@archon/core";
import type { Parser, Query, Tree } from "web-tree-sitter";
import { packagePath } from "../package-files.js";
import { type Grammar, LANGUAGES, type Language } from "./languages.js";
import { PARSE_BUDGET_MS } from "./limits.js";

const require = createRequire(import.meta.url);
const grammarFile = (grammar: Grammar) =>
  require.resolve(`@vscode/tree-sitter-wasm/wasm/tree-sitter-${grammar}.wasm`);

export interface LoadedGrammar {
  /** A parser of its own for each parse: parses run in slices, so two can be under way at once. */
  newParser(): Parser;
  query: Query;
}

let runtime: Promise<void> | undefined;
const loaded = new Map<string, Promise<LoadedGrammar>>();

/** The query text archon ships for a language. */
export function queryText(language: Language): string {
  return readFileSync(packagePath("queries", `${language}.scm`), "utf8");
}

/**
 * What the extracted rows are a function of besides the file: the query files and the extraction code's
 * revision. A change re-reads every file, so an upgraded archon never keeps rows an older one wrote.
 */
export const EXTRACTOR_REVISION = 1;
let version: string | undefined;
export function extractorVersion(): string {
  version ??= sha256(
    [String(EXTRACTOR_REVISION), ...LANGUAGES.map((l) => `${l}\n${queryText(l)}`)].join("\0"),
  );
  return version;
}

/** The parser and compiled query for a grammar, loading the runtime and the grammar on first use. */
export function loadGrammar(grammar: Grammar, query: Language): Promise<LoadedGrammar> {
  const key = `${grammar}:${query}`;
  let entry = loaded.get(key);
  if (!entry) {
    entry = (async () => {
      // Imported here, not at the top: a server starts without the runtime until code is first parsed.
      const { Parser, Query, Language: TreeSitterLanguage } = await import("web-tree-sitter");
      runtime ??= Parser.init();
      await runtime;
      const language = await TreeSitterLanguage.load(grammarFile(grammar));
      const newParser = () => new Parser().setLanguage(language);
      return { newParser, query: new Query(language, queryText(query)) };
    })();
    // A failed load is not cached, so a later call can try again.
    entry.catch(() => loaded.delete(key));
    loaded.set(key, entry);
  }
  return entry;
}

/** How long one slice of a parse holds the thread before the event loop gets a turn. */
const SLICE_MS = 20;
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Parses `text`, or gives up after `budgetMs` of parsing and says so with undefined. Nested brackets make
 * tree-sitter's parse super-linear (200 KB of `()` takes about a minute), so a parse is cancelled at each
 * slice's end and resumed after a turn of the event loop: a server answers other requests while it runs,
 * and a file that cannot be parsed in the budget is reported, never waited on. The caller deletes the tree
 * (it lives in WebAssembly memory).
 */
export async function parseWithin(
  grammar: LoadedGrammar,
  text: string,
  budgetMs = PARSE_BUDGET_MS,
): Promise<Tree | undefined> {
  const parser = grammar.newParser();
  try {
    let spent = 0;
    for (;;) {
      const start = performance.now();
      const sliceEnd = start + Math.min(SLICE_MS, budgetMs - spent);
      // A parse cancelled by its callback resumes where it stopped on the next call with the same text.
      const tree = parser.parse(text, null, { progressCallback: () => performance.now() > sliceEnd });
      if (tree) return tree;
      spent += performance.now() - start;
      if (spent >= budgetMs) return undefined;
      await turn();
    }
  } finally {
    parser.delete();
  }
}
