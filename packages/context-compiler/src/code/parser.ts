// Tree-sitter in WebAssembly: the runtime, each grammar and its compiled query, loaded once per process on
// first use (no native build, nothing fetched). web-tree-sitter 0.25.10 is the runtime that accepts the
// ABI-15 grammars of @vscode/tree-sitter-wasm 0.3.1; both are pinned exactly for that reason.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { sha256 } from "@archon/core";
import type { Parser, Query, Tree } from "web-tree-sitter";
import { packagePath } from "../package-files.js";
import { type Grammar, LANGUAGES, type Language } from "./languages.js";

const require = createRequire(import.meta.url);
const grammarFile = (grammar: Grammar) =>
  require.resolve(`@vscode/tree-sitter-wasm/wasm/tree-sitter-${grammar}.wasm`);

export interface LoadedGrammar {
  parser: Parser;
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
      const parser = new Parser();
      parser.setLanguage(language);
      return { parser, query: new Query(language, queryText(query)) };
    })();
    // A failed load is not cached, so a later call can try again.
    entry.catch(() => loaded.delete(key));
    loaded.set(key, entry);
  }
  return entry;
}

/** Parses `text`; the caller deletes the tree when done (it lives in WebAssembly memory). */
export function parse(grammar: LoadedGrammar, text: string): Tree {
  const tree = grammar.parser.parse(text);
  if (!tree) throw new Error("tree-sitter returned no tree");
  return tree;
}
