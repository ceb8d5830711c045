// Reads CREATE TABLE names and their REFERENCES targets from DDL, statement by statement.
import type { SectionDoc } from "../markdown.js";

export interface DdlTable {
  name: string;
  line: number;
  references: string[];
}

function nameAfter(lower: string, from: number): string {
  let rest = lower.slice(from, from + 200).trimStart();
  if (rest.startsWith("if not exists")) rest = rest.slice("if not exists".length).trimStart();
  let end = 0;
  while (end < rest.length && !" (\t,;".includes(rest[end] as string)) end += 1;
  const qualified = rest.slice(0, end).replace(/["`[\]]/g, "");
  return qualified.slice(qualified.lastIndexOf(".") + 1);
}

/** Tables in order of definition; references made inside a CREATE TABLE are attributed to it. */
export function readDdl(doc: SectionDoc): DdlTable[] {
  const tables: DdlTable[] = [];
  let current: DdlTable | null = null;
  doc.lines.forEach((raw, index) => {
    const lower = raw.toLowerCase();
    const create = lower.indexOf("create table");
    if (create !== -1) {
      current = { name: nameAfter(lower, create + "create table".length), line: index + 1, references: [] };
      tables.push(current);
    }
    let ref = lower.indexOf("references ");
    while (ref !== -1) {
      const target = nameAfter(lower, ref + "references ".length);
      if (current && target) current.references.push(target);
      ref = lower.indexOf("references ", ref + 1);
    }
    if (lower.includes(";")) current = null;
  });
  return tables;
}

/** Each CREATE ... INDEX statement's text (lines joined until the closing semicolon). */
export function indexStatements(doc: SectionDoc): { text: string; line: number }[] {
  const statements: { text: string; line: number }[] = [];
  let open: { parts: string[]; line: number } | null = null;
  doc.lines.forEach((raw, index) => {
    const lower = raw.toLowerCase();
    if (!open && lower.includes("create") && lower.includes("index")) open = { parts: [], line: index + 1 };
    if (open) {
      open.parts.push(lower);
      if (lower.includes(";") || open.parts.length > 20) {
        statements.push({ text: open.parts.join(" "), line: open.line });
        open = null;
      }
    }
  });
  if (open !== null)
    statements.push({
      text: (open as { parts: string[] }).parts.join(" "),
      line: (open as { line: number }).line,
    });
  return statements;
}
