// Which kind an import unit probably is, decided by small named rules over its wording and shape.
import type { DocKind } from "../../vocabulary/knowledge-model.js";

export interface KindRule {
  name: string;
  kind: DocKind;
  applies(unit: { title: string; content: string }): boolean;
}

/** Share of the non-blank lines inside code fences. */
export function fencedShare(content: string): number {
  let inside = false;
  let fenced = 0;
  let total = 0;
  for (const line of content.split("\n")) {
    const marker = /^\s{0,3}(```|~~~)/.test(line);
    if (marker) inside = !inside;
    if (line.trim() === "") continue;
    total += 1;
    if (inside || marker) fenced += 1;
  }
  return total === 0 ? 0 : fenced / total;
}

/** Share of the non-blank lines that are markdown table rows. */
export function tableShare(content: string): number {
  const lines = content.split("\n").filter((l) => l.trim() !== "");
  if (lines.length === 0) return 0;
  return lines.filter((l) => /^\s*\|.*\|\s*$/.test(l)).length / lines.length;
}

/** Prose only: fenced code is left out, so `// never do this` inside an example does not make a rule. */
function prose(content: string): string {
  return content.replace(/^\s{0,3}(```|~~~)[\s\S]*?^\s{0,3}\1.*$/gm, " ");
}

const TEMPLATE_TITLE = /\b(templates?|scaffold(s|ing)?|boilerplate|skeleton)\b/i;
const SCAFFOLD_WORDING = /\b(scaffold(s|ing)?|use this template|copy this template)\b/i;
const OBLIGATION =
  /\b(never|must|must not|mustn't|do not|don't|shall not|forbidden|not allowed|prohibited|required to)\b/i;
const EXAMPLE = /\b(examples?|for instance|e\.g\.|like this)\b/i;
const REFERENCE = /\b(reference|glossary|cheat ?sheet|lookup|terminology|definitions?)\b/i;

/** Ordered: the first rule that applies decides. Order encodes which signal wins when several show. */
export const KIND_RULES: readonly KindRule[] = [
  {
    name: "template-wording",
    kind: "template",
    applies: (u) => TEMPLATE_TITLE.test(u.title) || SCAFFOLD_WORDING.test(prose(u.content)),
  },
  {
    name: "obligation-wording",
    kind: "constraint",
    applies: (u) => OBLIGATION.test(u.title) || OBLIGATION.test(prose(u.content)),
  },
  {
    name: "example-heavy",
    kind: "pattern",
    applies: (u) => EXAMPLE.test(u.title) || fencedShare(u.content) >= 0.4,
  },
  {
    name: "reference-heavy",
    kind: "reference",
    applies: (u) => REFERENCE.test(u.title) || tableShare(u.content) >= 0.4,
  },
];

export function inferKind(unit: { title: string; content: string }): { kind: DocKind; reason: string } {
  const rule = KIND_RULES.find((r) => r.applies(unit));
  return rule ? { kind: rule.kind, reason: rule.name } : { kind: "guideline", reason: "default" };
}
