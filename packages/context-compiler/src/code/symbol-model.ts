// What the symbol index holds, as the extractor produces it and the store keeps it.
import type { EdgeType, SymbolKind } from "../store/symbols.js";
import type { Language } from "./languages.js";

/** A stable id a later, precise indexer can keep: `<language> <path> <qualified.name>`. */
export const symbolId = (language: Language, path: string, qualifiedName: string) =>
  `${language} ${path} ${qualifiedName}`;

export interface ExtractedSymbol {
  qualified_name: string;
  name: string;
  kind: SymbolKind;
  /** The class (Go: receiver type) a method or nested function belongs to, as a qualified name. */
  container: string | null;
  start_line: number;
  end_line: number;
}

export interface ExtractedReference {
  edge_type: EdgeType;
  /** The qualified name of the innermost enclosing symbol; null at a file's top level. */
  from: string | null;
  /** The name as written; a PHP name may carry its namespace (`Models\User`). */
  to_name: string;
  /**
   * What a member call is made on: `this` (this, self, $this, a Go method's receiver), `super` (super,
   * parent), a name (`ns`, `User`, `os.path`), or "" for an expression; null for a plain call.
   */
  qualifier: string | null;
  line: number;
}

export interface ExtractedImport {
  line: number;
  /** The module as written: `./util.js`, `os.path`, `example.com/app/db`, `App\Models\User`. */
  source: string;
  /** The member imported (`default` for a default import, `*` for a wildcard); null for the module itself. */
  imported: string | null;
  /** The name it is bound to in the file; null when it binds none. */
  local: string | null;
  /** The line of source that carries it, trimmed: the evidence a forbidden import is reported with. */
  text: string;
}

export interface ExtractedFile {
  language: Language;
  /** PHP namespace or Go package name; null for the others. */
  namespace: string | null;
  symbols: ExtractedSymbol[];
  references: ExtractedReference[];
  imports: ExtractedImport[];
}
