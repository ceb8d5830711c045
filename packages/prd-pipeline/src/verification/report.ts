// 10-verification-report.md: policy, sections, distribution, per-claim verdicts, cross-model agreement, graph.
import type { RunState } from "../run-model/state.js";
import { indexChecks } from "./index-evidence.js";
import type { Policy } from "./policy.js";
import { VERDICTS } from "./types.js";

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

export function verificationReport(state: RunState, policy: Policy): string {
  const v = state.verification;
  const result = v?.result;
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
    "| Section | Status | Score | Violations |",
    "|---|---|---|---|",
    ...state.sections.map(
      (s) =>
        `| ${s.type} | ${s.status} | ${s.score === null ? "-" : s.score.toFixed(2)} | ${
          s.violations.length === 0 ? "none" : cell(s.violations.map((x) => x.rule).join(", "))
        } |`,
    ),
    "",
    "## Distribution",
    "",
    `Claims extracted: ${v?.claims.length ?? 0}; evaluated: ${result?.claims_evaluated ?? 0}; judges invoked: ${
      result?.judges_invoked ?? 0
    }; suspicious: ${result?.distribution_suspicious ? "yes (every claim PASS)" : "no"}.`,
    "",
    "| Verdict | Claims |",
    "|---|---|",
    ...VERDICTS.map((x) => `| ${x} | ${result?.distribution[x] ?? 0} |`),
    "",
    "## Claims",
    "",
    "| Claim | Type | Verdict | Confidence | Judges | Note |",
    "|---|---|---|---|---|---|",
    ...(result?.claims ?? []).map((c) => {
      const note = c.clamped_from
        ? `clamped from ${c.clamped_from}${c.measurement_method ? ` (method: ${c.measurement_method})` : " (no method named)"}`
        : c.judges === 0
          ? "rule tier"
          : "";
      return `| ${c.claim_id} | ${c.claim_type} | ${c.verdict} | ${c.confidence.toFixed(2)} | ${c.judges} | ${note} |`;
    }),
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
