// What a run's codebase grounding tells the drafters: the files, symbols, callers and tests the feature
// touches and the project's own rules for them (Archon), or a bounded excerpt of an external server's answer.
import { z } from "zod";

/** The grounding block of one draft prompt stays under this many characters. */
export const MAX_GROUNDING_CHARS = 6_000;

const ruleSchema = z.object({ doc_id: z.string(), title: z.string(), excerpt: z.string() });
const archonGroundingSchema = z.object({
  source: z.literal("archon"),
  files: z.array(z.object({ path: z.string(), reasons: z.array(z.string()).default([]) })).default([]),
  files_left_out: z.number().default(0),
  symbols: z
    .array(
      z.object({
        name: z.string(),
        kind: z.string(),
        path: z.string(),
        line: z.number(),
        callers: z.array(z.object({ path: z.string(), line: z.number() })).default([]),
      }),
    )
    .default([]),
  affected_tests: z.array(z.object({ path: z.string() })).default([]),
  tables: z.array(z.string()).default([]),
  rules: z.array(ruleSchema).default([]),
});
export type ArchonGrounding = z.infer<typeof archonGroundingSchema>;
export type ProjectRuleRef = z.infer<typeof ruleSchema>;

/** The grounding as Archon's in-process server shaped it; null for an external server's or none. */
export function archonGrounding(grounding: unknown): ArchonGrounding | null {
  const parsed = archonGroundingSchema.safeParse(grounding);
  return parsed.success ? parsed.data : null;
}

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 20)}\n[... cut to fit]`;
}

/** The `<codebase_grounding>` and `<project_rules>` blocks of a draft prompt; "" when the run has none. */
export function groundingBlock(grounding: unknown): string {
  if (grounding === null || grounding === undefined) return "";
  const archon = archonGrounding(grounding);
  if (!archon) {
    const text = JSON.stringify(grounding);
    return `<codebase_grounding source="codebase server">\n${cut(text, 2_000)}\n</codebase_grounding>`;
  }
  const lines: string[] = [];
  if (archon.files.length > 0) {
    lines.push(
      "Files the feature touches, best evidence first (why each was picked):",
      ...archon.files.map((f) => `- ${f.path}${f.reasons.length > 0 ? ` (${f.reasons.join("; ")})` : ""}`),
    );
    if (archon.files_left_out > 0)
      lines.push(`(${archon.files_left_out} more files with weaker evidence left out)`);
  }
  if (archon.symbols.length > 0) {
    lines.push("Symbols there (name, kind, where, callers):");
    for (const s of archon.symbols) {
      const callers = s.callers.map((c) => `${c.path}:${c.line}`).join(", ");
      lines.push(
        `- \`${s.name}\` ${s.kind} at ${s.path}:${s.line}${callers ? `; called from ${callers}` : ""}`,
      );
    }
  }
  if (archon.affected_tests.length > 0)
    lines.push("Tests to run first:", ...archon.affected_tests.map((t) => `- ${t.path}`));
  if (archon.tables.length > 0)
    lines.push(`Existing tables (from the project's schema files): ${archon.tables.join(", ")}`);
  const parts: string[] = [];
  if (lines.length > 0) {
    parts.push(
      `<codebase_grounding source="archon">\n${cut(lines.join("\n"), MAX_GROUNDING_CHARS / 2)}\n</codebase_grounding>`,
    );
  }
  if (archon.rules.length > 0) {
    const rules = archon.rules.map((r) => `[${r.doc_id}] ${r.title}: ${r.excerpt}`).join("\n");
    parts.push(
      "The project's own rules for these files (cite them by doc_id; they beat any generic mandate below):",
      `<project_rules>\n${cut(rules, MAX_GROUNDING_CHARS / 2)}\n</project_rules>`,
    );
  }
  return parts.join("\n");
}

/** Names written in backticks that look like code: no spaces, at most 120 characters, in first-seen order. */
export function backtickedNames(text: string): string[] {
  const names = new Set<string>();
  const parts = text.split("`");
  for (let i = 1; i < parts.length; i += 2) {
    const token = (parts[i] ?? "").trim();
    if (token === "" || token.length > 120 || /\s/.test(token.replace(/^[A-Z]+ \//, "/"))) continue;
    if (/^[\w./:{}[\]()-]+$/.test(token) || /^[A-Z]+ \/[\w./:{}[\]-]*$/.test(token)) names.add(token);
  }
  return [...names];
}
