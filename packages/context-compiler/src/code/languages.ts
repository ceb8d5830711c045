// The languages the symbol index reads: which files, which grammar, which query file.

/** A language as symbol ids and the coverage table name it; TSX files are TypeScript. */
export const LANGUAGES = ["typescript", "javascript", "python", "go", "php"] as const;
export type Language = (typeof LANGUAGES)[number];

/** A grammar `.wasm` of @vscode/tree-sitter-wasm; TypeScript needs two (TSX is a separate grammar). */
export type Grammar = "typescript" | "tsx" | "javascript" | "python" | "go" | "php";

export interface LanguageOf {
  language: Language;
  grammar: Grammar;
  /** The query file in the package's queries/ folder; TSX shares TypeScript's, its node names being the same. */
  query: Language;
}

const BY_EXTENSION: Readonly<Record<string, LanguageOf>> = {
  ".ts": { language: "typescript", grammar: "typescript", query: "typescript" },
  ".mts": { language: "typescript", grammar: "typescript", query: "typescript" },
  ".cts": { language: "typescript", grammar: "typescript", query: "typescript" },
  ".tsx": { language: "typescript", grammar: "tsx", query: "typescript" },
  ".js": { language: "javascript", grammar: "javascript", query: "javascript" },
  ".jsx": { language: "javascript", grammar: "javascript", query: "javascript" },
  ".mjs": { language: "javascript", grammar: "javascript", query: "javascript" },
  ".cjs": { language: "javascript", grammar: "javascript", query: "javascript" },
  ".py": { language: "python", grammar: "python", query: "python" },
  ".go": { language: "go", grammar: "go", query: "go" },
  ".php": { language: "php", grammar: "php", query: "php" },
};

/** The language of a repo path by its extension; undefined for a file the index does not read. */
export function languageOf(path: string): LanguageOf | undefined {
  // Declaration files describe code that lives elsewhere; indexing them would double every name.
  if (path.endsWith(".d.ts") || path.endsWith(".d.mts") || path.endsWith(".d.cts")) return undefined;
  const dot = path.lastIndexOf(".");
  if (dot < 0 || dot < path.lastIndexOf("/")) return undefined;
  return BY_EXTENSION[path.slice(dot).toLowerCase()];
}
