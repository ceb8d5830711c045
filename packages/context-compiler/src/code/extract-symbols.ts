// One file's symbols, references and imports, read from its syntax tree through archon's query files. Pure
// over the tree: names are qualified by nesting (Go methods by their receiver), and every list is sorted.
import { importsOf } from "./import-bindings.js";
import { type Language, languageOf } from "./languages.js";
import { type LoadedGrammar, loadGrammar, parseWithin } from "./parser.js";
import type { ExtractedFile, ExtractedReference, ExtractedSymbol } from "./symbol-model.js";
import { type Definition, type Reference, readMatches } from "./tree-matches.js";

/** Receivers that mean "this object" and "the base class", as each language writes them. */
const SELF: Readonly<Record<Language, ReadonlySet<string>>> = {
  typescript: new Set(["this"]),
  javascript: new Set(["this"]),
  python: new Set(["self", "cls"]),
  php: new Set(["$this", "self", "static"]),
  go: new Set(),
};
const SUPER: Readonly<Record<Language, ReadonlySet<string>>> = {
  typescript: new Set(["super"]),
  javascript: new Set(["super"]),
  python: new Set(["super()"]),
  php: new Set(["parent"]),
  go: new Set(),
};
/** A receiver worth naming: a name or a dotted (PHP: backslashed) chain of names, not an expression. */
const NAMED_RECEIVER = /^[\w$\\]+(\.[\w$]+)*$/;

/** What a file that could not be parsed within the budget yields instead of its rows. */
export const TIMED_OUT = "timed_out";

/** The symbols, references and imports of `text`, parsed with a loaded grammar. */
export async function extractFromTree(
  grammar: LoadedGrammar,
  language: Language,
  text: string,
  budgetMs?: number,
): Promise<ExtractedFile | typeof TIMED_OUT> {
  const tree = await parseWithin(grammar, text, budgetMs);
  if (!tree) return TIMED_OUT;
  try {
    const { definitions, references, importMatches, namespace } = readMatches(
      grammar.query.matches(tree.rootNode),
      language,
    );
    nest(definitions);
    const symbols = symbolsOf(definitions);
    return {
      language,
      namespace,
      symbols,
      references: referencesOf(language, definitions, references),
      imports: importsOf(language, importMatches, text),
    };
  } finally {
    tree.delete();
  }
}

/** Parents, qualified names and containers, from how definitions nest (sorted outermost first). */
function nest(definitions: Definition[]): void {
  definitions.sort((a, b) => a.start - b.start || b.end - a.end);
  const open: Definition[] = [];
  for (const def of definitions) {
    while (open.length > 0 && (open[open.length - 1] as Definition).end <= def.start) open.pop();
    const parent = open[open.length - 1] ?? null;
    def.parent = parent;
    // A function defined directly in a class body is a method (Python writes both the same way).
    if (def.kind === "function" && parent?.kind === "class") def.kind = "method";
    if (def.receiver !== null) {
      def.qualified_name = `${def.receiver}.${def.name}`;
      def.container = def.receiver;
    } else {
      def.qualified_name = parent ? `${parent.qualified_name}.${def.name}` : def.name;
      let at = parent;
      while (at && at.kind !== "class" && at.kind !== "interface") at = at.parent;
      def.container = at?.qualified_name ?? parent?.container ?? null;
    }
    open.push(def);
  }
}

/** One symbol per qualified name (the first one written wins: a getter and its setter are one symbol). */
function symbolsOf(definitions: readonly Definition[]): ExtractedSymbol[] {
  const seen = new Set<string>();
  const out: ExtractedSymbol[] = [];
  for (const d of definitions) {
    if (seen.has(d.qualified_name)) continue;
    seen.add(d.qualified_name);
    out.push({
      qualified_name: d.qualified_name,
      name: d.name,
      kind: d.kind,
      container: d.container,
      start_line: d.start_line,
      end_line: d.end_line,
    });
  }
  return out.sort((a, b) => a.start_line - b.start_line || cmp(a.qualified_name, b.qualified_name));
}

function referencesOf(
  language: Language,
  definitions: readonly Definition[],
  references: Reference[],
): ExtractedReference[] {
  references.sort((a, b) => a.at - b.at);
  const open: Definition[] = [];
  let next = 0;
  const out: ExtractedReference[] = [];
  const seen = new Set<string>();
  for (const ref of references) {
    while (next < definitions.length && (definitions[next] as Definition).start <= ref.at) {
      const def = definitions[next++] as Definition;
      while (open.length > 0 && (open[open.length - 1] as Definition).end <= def.start) open.pop();
      open.push(def);
    }
    while (open.length > 0 && (open[open.length - 1] as Definition).end <= ref.at) open.pop();
    const from = open[open.length - 1] ?? null;
    const reference: ExtractedReference = {
      edge_type: ref.edge_type,
      from: from?.qualified_name ?? null,
      to_name: ref.to_name,
      qualifier: qualifierOf(language, ref.receiver, receiverNameOf(from)),
      line: ref.line,
    };
    // The same call twice on a line (a closure repeating it) is one edge.
    const key = JSON.stringify(reference);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(reference);
  }
  return out.sort(
    (a, b) =>
      a.line - b.line ||
      cmp(a.edge_type, b.edge_type) ||
      cmp(a.to_name, b.to_name) ||
      cmp(a.qualifier ?? "", b.qualifier ?? ""),
  );
}

/** The receiver variable of the Go method a reference sits in (closures inside it see it too). */
function receiverNameOf(def: Definition | null): string | null {
  for (let at = def; at; at = at.parent) if (at.receiver_name !== null) return at.receiver_name;
  return null;
}

function qualifierOf(language: Language, receiver: string | null, goReceiver: string | null): string | null {
  if (receiver === null) return null;
  if (SELF[language].has(receiver) || receiver === goReceiver) return "this";
  if (SUPER[language].has(receiver)) return "super";
  return receiver.length <= 200 && NAMED_RECEIVER.test(receiver) ? receiver : "";
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Extracts a repo file by its extension; undefined for a language the index does not read. `budgetMs`
 * bounds the parse (by default PARSE_BUDGET_MS).
 */
export async function extractFile(
  path: string,
  text: string,
  budgetMs?: number,
): Promise<ExtractedFile | typeof TIMED_OUT | undefined> {
  const of = languageOf(path);
  if (!of) return undefined;
  return extractFromTree(await loadGrammar(of.grammar, of.query), of.language, text, budgetMs);
}
