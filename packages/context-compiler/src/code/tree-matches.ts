// What one query's matches over a syntax tree name: definitions, references (calls, extends, implements),
// import matches and the file's namespace, each read from the captures archon's query files define.
import type { Node, QueryMatch } from "web-tree-sitter";
import type { EdgeType, SymbolKind } from "../store/symbols.js";
import type { Language } from "./languages.js";

/** Calls that are not steps of the program's own code: module loading and the base-class hook. */
const NOT_CALLS: Readonly<Record<Language, ReadonlySet<string>>> = {
  typescript: new Set(["require"]),
  javascript: new Set(["require"]),
  python: new Set(["super"]),
  php: new Set(),
  go: new Set(),
};
const KINDS: ReadonlySet<string> = new Set<SymbolKind>(["class", "interface", "function", "method"]);

export interface Definition {
  kind: SymbolKind;
  name: string;
  start: number;
  end: number;
  start_line: number;
  end_line: number;
  receiver: string | null;
  receiver_name: string | null;
  qualified_name: string;
  container: string | null;
  parent: Definition | null;
}

export interface Reference {
  edge_type: EdgeType;
  at: number;
  line: number;
  to_name: string;
  receiver: string | null;
}

const capturesOf = (match: QueryMatch) => {
  const out = new Map<string, Node>();
  for (const c of match.captures) if (!out.has(c.name)) out.set(c.name, c.node);
  return out;
};

const lineOf = (node: Node) => node.startPosition.row + 1;

/** The definition a match captures; null for one without a name, undefined when it captures none. */
function definitionOf(caps: Map<string, Node>): Definition | null | undefined {
  const definition = [...caps.keys()].find((k) => k.startsWith("definition.") && KINDS.has(k.slice(11)));
  if (!definition) return undefined;
  const node = caps.get(definition) as Node;
  const kind = definition.slice(11) as SymbolKind;
  const name = caps.get(`name.definition.${kind}`)?.text;
  // A definition without a name is no symbol, and no reference either.
  if (!name) return null;
  return {
    kind,
    name,
    start: node.startIndex,
    end: node.endIndex,
    start_line: lineOf(node),
    end_line: node.endPosition.row + 1,
    receiver: caps.get("definition.receiver")?.text ?? null,
    receiver_name: caps.get("definition.receiver_name")?.text ?? null,
    qualified_name: name,
    container: null,
    parent: null,
  };
}

/** The reference a match captures, or undefined for none (and for a module load or base-class hook call). */
function referenceOf(caps: Map<string, Node>, language: Language): Reference | undefined {
  const reference = (["calls", "extends", "implements"] as const).find((edge) =>
    caps.has(`name.reference.${edge === "calls" ? "call" : edge}`),
  );
  if (!reference) return undefined;
  const name = caps.get(`name.reference.${reference === "calls" ? "call" : reference}`) as Node;
  const whole = caps.get("reference.call") ?? name;
  const receiver = caps.get("reference.receiver")?.text ?? null;
  if (reference === "calls" && receiver === null && NOT_CALLS[language].has(name.text)) return undefined;
  return { edge_type: reference, at: whole.startIndex, line: lineOf(whole), to_name: name.text, receiver };
}

/** Every match sorted into what it names; the first namespace wins. */
export function readMatches(matches: Iterable<QueryMatch>, language: Language) {
  const definitions: Definition[] = [];
  const references: Reference[] = [];
  const importMatches: Map<string, Node>[] = [];
  let namespace: string | null = null;
  for (const match of matches) {
    const caps = capturesOf(match);
    const ns = caps.get("namespace");
    if (ns) {
      namespace ??= ns.text;
      continue;
    }
    if (caps.has("reference.import")) {
      importMatches.push(caps);
      continue;
    }
    const definition = definitionOf(caps);
    if (definition !== undefined) {
      if (definition) definitions.push(definition);
      continue;
    }
    const reference = referenceOf(caps, language);
    if (reference) references.push(reference);
  }
  return { definitions, references, importMatches, namespace };
}
