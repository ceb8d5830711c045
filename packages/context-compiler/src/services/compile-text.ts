// The text of a compile_context answer as the model reads it: one header line per document, its content,
// and for a deferred document where to read it (by section when it has them). The JSON stays the
// structuredContent; this is what keeps a compile from costing more than the rules it delivers.
import { AUTO_INLINE_LIMIT, NOT_ABOUT_PLAN } from "../read/allocate-budget.js";
import type { DeliveredDoc } from "../read/compile.js";
import type { ResolutionGroup } from "../read/resolve.js";
import { parseSourceRef } from "../read/source-anchor.js";
import type { CompileResponse } from "./compile-service.js";

type Reason = Pick<ResolutionGroup, "via" | "source_value">;

const VIA_ORDER = { path_requires: 0, layer_requires: 1, command_requires: 2, doc_depends_on: 3 } as const;

/** The longer selector (a narrower glob names the reason better), then text order: never an edge id. */
const moreSpecific = (a: string, b: string) => a.length > b.length || (a.length === b.length && a < b);

/**
 * Each document's reason: the lowest edge type, then its most specific selector. Never the edge id: two
 * databases built from the same rule files number their edges apart (P-1).
 */
function firstReasons(groups: readonly ResolutionGroup[]): Map<string, Reason> {
  const first = new Map<string, Reason>();
  for (const group of groups) {
    for (const doc_id of group.doc_ids) {
      const seen = first.get(doc_id);
      if (
        !seen ||
        VIA_ORDER[group.via] < VIA_ORDER[seen.via] ||
        (group.via === seen.via && moreSpecific(group.source_value, seen.source_value))
      )
        first.set(doc_id, { via: group.via, source_value: group.source_value });
    }
  }
  return first;
}

function why(step: Reason | undefined): string {
  if (!step) return "";
  switch (step.via) {
    case "path_requires":
      return `path ${step.source_value}`;
    case "layer_requires":
      return `layer ${step.source_value}`;
    case "command_requires":
      return `command ${step.source_value}`;
    case "doc_depends_on":
      return `needed by ${step.source_value}`;
  }
}

/** `AGENTS.md#L3-L9` as "AGENTS.md lines 3-9", so the agent can read just that range. */
function where(sourcePath: string): string {
  const ref = parseSourceRef(sourcePath);
  if (!ref.anchor) return ref.path;
  return ref.anchor.kind === "lines"
    ? `${ref.path} lines ${ref.anchor.start}-${ref.anchor.end}`
    : `the section "${ref.anchor.heading}" of ${ref.path}`;
}

function renderDoc(doc: DeliveredDoc, reason: string): string[] {
  const head = `## ${doc.doc_id} (${doc.kind}) ${doc.title}${reason ? ` · ${reason}` : ""}`;
  if (doc.delivery === "inline") return [head, (doc.content ?? "").replace(/\s+$/, ""), ""];
  const path = doc.source_path ?? "";
  if (!doc.sections) return [`${head} · deferred: read ${where(path)} (${doc.content_bytes} bytes)`, ""];
  const lines = [
    `${head} · deferred: ${doc.content_bytes} bytes in ${parseSourceRef(path).path}; read the sections you need:`,
  ];
  for (const s of doc.sections)
    lines.push(`- lines ${s.start}-${s.end}: ${s.heading}${s.content ? " (below)" : ""}`);
  for (const s of doc.sections) if (s.content) lines.push("", s.content.replace(/\s+$/, ""));
  return [...lines, ""];
}

// Why a compile deferred or left out a rule, in words: the reason codes are for programs, and an agent
// told only "over_budget" does not know it still has to read the rule.
const REASON_WORDS: Record<string, string> = {
  over_auto_inline_limit: `over ${AUTO_INLINE_LIMIT} bytes, so never inlined: read it where it says`,
  over_budget:
    "did not fit the inline budget: read it where it says, or ask again with a larger max_inline_bytes",
  content_mode_metadata: "content_mode metadata sends no rule text: read it where it says",
  template_requires_scaffold: 'a template, sent only with command "scaffold"',
  below_min_relevance: "below the min_relevance you asked for",
};

/**
 * One line naming each reason a rule was deferred or left out, in words; undefined when there is none to
 * explain (a deferral "not about your plan" has its own heading in the text). Deferrals are named once
 * per answer (budget.defer_reasons), omissions by each omitted rule.
 */
function reasonsLine(response: CompileResponse, omitted: readonly DeliveredDoc[]): string | undefined {
  const codes = new Set(response.budget.defer_reasons.filter((code) => code !== NOT_ABOUT_PLAN));
  for (const d of omitted) if (d.omit_reason) codes.add(d.omit_reason);
  if (codes.size === 0) return undefined;
  const said = [...codes].sort().map((code) => `${code}: ${REASON_WORDS[code] ?? "see the rule's entry"}`);
  return `Why not inline: ${said.join("; ")}.`;
}

/**
 * Said when a request had no plan and left rules deferred: the agent must read every one of them, and a
 * plan would have the rules and sections it is about take the inline budget first.
 */
export const NO_PLAN_HINT =
  "No plan was given, so the inline budget went by rule order alone and every deferred rule below counts: pass a one-line `plan` to have the rules and sections it is about inlined first.";

function headline(response: CompileResponse, rules: number): string {
  const { budget } = response;
  return `archon ${response.compile_id} · knowledge v${response.knowledge_version} · ${rules} rule(s) · ${budget.inline_bytes} of ${budget.max_inline_bytes} bytes inline`;
}

/**
 * The whole text, for a client whose model reads only structuredContent (tool-call.ts in core): where the
 * rules are, so they cross the pipe once. Nothing of the result is repeated here (its compile_id and
 * budget are in the JSON the model reads); a model that sees this line and no rules is on a client that
 * reads the text after all, and is told how to get it.
 */
export const STRUCTURED_POINTER =
  'The rules are in structuredContent; if you see none, call again with response_format "text".\n';

/** `request` is what was asked, when the caller has it: a request without a plan gets NO_PLAN_HINT. */
export function renderCompileText(response: CompileResponse, request?: { plan?: string }): string {
  const firstStep = firstReasons(response.base.resolution_path);
  const described = new Set(response.expanded?.described ?? []);
  const tagReason = `tag ${response.expanded?.tags.join(", ") ?? ""}`;
  const reached = [
    ...response.base.documents.map((d) => ({ d, reason: why(firstStep.get(d.doc_id)) })),
    ...response.base.templates.map((d) => ({ d, reason: why(firstStep.get(d.doc_id)) })),
    ...(response.expanded?.documents ?? []).map((d) => ({
      d,
      reason: described.has(d.doc_id) ? "the plan matches its description" : tagReason,
    })),
  ];
  // A template's generic rules come after every rule the project wrote (read/order.ts), and say so.
  const all = [
    ...reached.filter(({ d }) => !d.from_template),
    ...reached
      .filter(({ d }) => d.from_template)
      .map(({ d, reason }) => ({ d, reason: reason ? `${reason} · from a template` : "from a template" })),
  ];
  const listed = (d: DeliveredDoc) => d.delivery === "deferred" && d.defer_reason === NOT_ABOUT_PLAN;
  const shown = all.filter(({ d }) => d.delivery !== "omitted" && !listed(d));
  const aside = all.filter(({ d }) => listed(d));
  const omitted = all.filter(({ d }) => d.delivery === "omitted");
  const unplanned =
    request !== undefined && request.plan === undefined && shown.some(({ d }) => d.delivery === "deferred");
  const out = [
    headline(response, shown.length + aside.length),
    ...response.warnings.map((w) => `Warning: ${w}`),
    ...response.notices.map((n) => `Notice: ${n}`),
    ...(unplanned ? [NO_PLAN_HINT] : []),
    "",
    ...shown.flatMap(({ d, reason }) => renderDoc(d, reason)),
  ];
  // One line each: only a tag or a description reached them (never the files), and the plan is not about them.
  if (aside.length > 0)
    out.push(
      "Reached by a tag or a description, not about your plan (read one only if your change concerns it):",
      ...aside.map(
        ({ d }) =>
          `- ${d.doc_id} (${d.kind}) ${d.title}: ${where(d.source_path ?? "")}, ${d.content_bytes} B`,
      ),
      "",
    );
  if (omitted.length > 0)
    out.push(`Omitted: ${omitted.map(({ d }) => `${d.doc_id} (${d.omit_reason ?? "omitted"})`).join(", ")}`);
  const reasons = reasonsLine(
    response,
    omitted.map(({ d }) => d),
  );
  if (reasons) out.push(reasons);
  // Suggestions are not rules for these files: named, never inlined, so they cost a line each.
  if (response.suggestions)
    out.push(
      `Maybe related (${response.suggestions.source} suggestions, not wired to these files): ${response.suggestions.documents.map((d) => `${d.doc_id} (${d.title})`).join(", ")}`,
    );
  if (response.debug_info) out.push("", `Debug: ${JSON.stringify(response.debug_info)}`);
  return `${out.join("\n").replace(/\n+$/, "")}\n`;
}
