// 10-verification-report.md: policy, sections, distribution, per-claim verdicts, cross-model agreement, graph.
import type { RunState } from "../run-model/state.js";
import { indexChecks } from "./index-evidence.js";
import type { Policy } from "./policy.js";
import { type DocumentResult, type JudgeVerdict, VERDICTS } from "./types.js";

function cell(text: string): string {
  return text.replace(/\|/g, "\\|").replace(/\s+/g, " ").slice(0, 160);
}

function graphSummary(graph: unknown): string {
  if (graph === null || graph === undefined)
    return "No codebase graph: the PRD was not checked against code.";
  const checks = indexChecks(graph);
  if (checks.length > 0 || (graph as { source?: unknown }).source === "archon") {
    const missing = checks.filter((c) => !c.exists).length;
    return [
      `Checked against Archon's symbol index: ${checks.length} names the PRD cites, ${missing} not in the index. Judges saw the checks of the names their claim cites.`,
      "",
      "| Name | Kind | In the index | Where |",
      "|---|---|---|---|",
      ...checks.map(
        (c) =>
          `| \`${cell(c.name)}\` | ${c.kind} | ${c.exists ? "yes" : "no"} | ${c.where ? cell(c.where) : "-"} |`,
      ),
    ].join("\n");
  }
  const text = JSON.stringify(graph);
  return `The codebase server answered:\n\n\`\`\`json\n${text.slice(0, 2000)}${text.length > 2000 ? "\n..." : ""}\n\`\`\``;
}

function suspicion(result: DocumentResult | null | undefined): string {
  if (!result?.distribution_suspicious) return "no";
  const panels = result.suspicious_panels;
  return panels.length > 0
    ? `yes (panels that passed every claim unanimously: ${panels.join(", ")})`
    : "yes (every claim PASS)";
}

function unjudgedLine(unjudged: readonly string[]): string {
  return unjudged.length === 0
    ? "Every claim that needs a judge was judged."
    : `Left unjudged (${unjudged.length}): ${unjudged.join(", ")}.`;
}

/** The first contradiction a judge cited per claim (kept as a `contradiction:` caveat). */
function contradictionsOf(verdicts: readonly JudgeVerdict[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const v of verdicts) {
    const cited = v.caveats.find((c) => c.startsWith("contradiction: "));
    if (cited && !out.has(v.claim_id)) out.set(v.claim_id, cited);
  }
  return out;
}

function sectionsTable(state: RunState): string[] {
  return [
    "| Section | Status | Score | Violations |",
    "|---|---|---|---|",
    ...state.sections.map(
      (s) =>
        `| ${s.type} | ${s.status} | ${s.score === null ? "-" : s.score.toFixed(2)} | ${
          s.violations.length === 0 ? "none" : cell(s.violations.map((x) => x.rule).join(", "))
        } |`,
    ),
  ];
}

function distribution(claims: number, result: DocumentResult | null | undefined): string[] {
  return [
    `Claims extracted: ${claims}; evaluated: ${result?.claims_evaluated ?? 0}; judges invoked: ${
      result?.judges_invoked ?? 0
    }; suspicious: ${suspicion(result)}.`,
    "",
    unjudgedLine(result?.unjudged ?? []),
    "",
    "| Verdict | Claims |",
    "|---|---|",
    ...VERDICTS.map((x) => `| ${x} | ${result?.distribution[x] ?? 0} |`),
  ];
}

/** One row per claim, its note saying why a verdict was clamped or came from the rule tier, and what it contradicts. */
function claimsTable(result: DocumentResult | null | undefined, verdicts: readonly JudgeVerdict[]): string[] {
  const contradictions = contradictionsOf(verdicts);
  return [
    "| Claim | Type | Verdict | Judge confidence | Consensus share | Judges | Note |",
    "|---|---|---|---|---|---|---|",
    ...(result?.claims ?? []).map((c) => {
      const clamp = c.clamped_from
        ? `clamped from ${c.clamped_from}${c.measurement_method ? ` (method: ${c.measurement_method})` : " (no method named)"}`
        : c.judges === 0
          ? "rule tier"
          : "";
      const cited = contradictions.get(c.claim_id);
      const note = [clamp, cited ? cell(cited) : ""].filter((x) => x !== "").join("; ");
      return `| ${c.claim_id} | ${c.claim_type} | ${c.verdict} | ${c.confidence.toFixed(2)} | ${c.consensus_share.toFixed(2)} | ${c.judges} | ${note} |`;
    }),
  ];
}

export function verificationReport(state: RunState, policy: Policy): string {
  const v = state.verification;
  const lines = [
    `# Verification Report: ${state.feature_description}`,
    "",
    `Run \`${state.run_id}\`, PRD context: ${state.prd_context ?? "unknown"}.`,
    "",
    "## Policy",
    "",
    `Decision: **${policy.decision}**. Judge sample: ${v?.choice ?? "none"}.`,
    "",
    ...policy.reasons.map((r) => `- ${r}`),
    "",
    "## Sections",
    "",
    ...sectionsTable(state),
    "",
    "## Distribution",
    "",
    ...distribution(v?.claims.length ?? 0, v?.result),
    "",
    "## Claims",
    "",
    "Judge confidence is what the judges who gave the verdict said of it (their mean); consensus share is " +
      "the verdict's part of the panel's weight.",
    "",
    ...claimsTable(v?.result, v?.verdicts ?? []),
    "",
    "## Cross-model agreement",
    "",
    policy.model_disagreements.length === 0
      ? "Judges on different models agreed on every claim they shared."
      : `Judges on different models disagreed on: ${policy.model_disagreements.join(", ")}.`,
    "",
    "## Codebase evidence",
    "",
    graphSummary(v?.graph_validation ?? null),
    "",
  ];
  return lines.join("\n");
}
