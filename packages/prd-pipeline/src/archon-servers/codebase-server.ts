// The codebase server's PRD tools answered from Archon's own symbol index and rules, in-process.
import { resolve } from "node:path";
import type { ProjectGrounding } from "archon/grounding";
import type { InProcessServer } from "../run-model/in-process.js";
import { MAX_DOCUMENT_CHARS } from "../run-model/limits.js";
import type { ToolCallAction, ToolResult } from "../run-model/protocol.js";
import { backtickedNames } from "../sections/grounding-block.js";
import { detectChanges, ownWorktree, securityGates, semanticDiff } from "./post-impl-tools.js";

/** Names checked against the index per graph validation: bounds the work on a long PRD. */
export const MAX_CHECKED_NAMES = 100;

const ok = (call: ToolCallAction, data: unknown): ToolResult => ({
  kind: "tool_result",
  correlation_id: call.correlation_id,
  success: true,
  data: JSON.parse(JSON.stringify(data)),
});
const refused = (call: ToolCallAction, error: string): ToolResult => ({
  kind: "tool_result",
  correlation_id: call.correlation_id,
  success: false,
  error,
});

/**
 * A file the call names, read through the project's read guard: nothing outside the project, no FIFO, and
 * nothing larger than a PRD document may be.
 */
const readInside = (grounding: ProjectGrounding, path: unknown): string =>
  typeof path === "string" ? (grounding.readText(path, MAX_DOCUMENT_CHARS) ?? "") : "";

/** The names a PRD claims: backticked names of its main file, and the technical specification's affected symbols. */
function claimedNames(grounding: ProjectGrounding, args: Record<string, unknown>): string[] {
  const names = backtickedNames(readInside(grounding, args.prd_path));
  try {
    const symbols = JSON.parse(readInside(grounding, args.affected_symbols_path) || "{}") as {
      symbols?: string[];
      files?: string[];
    };
    names.push(...(symbols.symbols ?? []), ...(symbols.files ?? []));
  } catch {
    // An unreadable affected-symbols file leaves the PRD's own names.
  }
  // The run's own id (the header of every file, and a folder of prd_path) names the run, not the code.
  const own = new Set(String(args.prd_path ?? "").split("/"));
  return [...new Set(names)].filter((n) => !own.has(n)).slice(0, MAX_CHECKED_NAMES);
}

export function archonCodebaseServer(grounding: ProjectGrounding): InProcessServer {
  const root = grounding.projectRoot;
  const isProject = (path: unknown) => typeof path === "string" && resolve(root, path) === resolve(root);
  return {
    answer(call) {
      const args = call.arguments;
      switch (call.tool_name) {
        case "health_check":
          return ok(call, { ok: true, source: "archon", ...grounding.status() });
        case "index_codebase":
          if (!isProject(args.path))
            return refused(call, `Archon's symbol index covers ${root} only, not ${String(args.path)}.`);
          return ok(call, {
            ok: true,
            source: "archon",
            index: grounding.status().index,
            note: "Served from Archon's symbol index; `archon reindex-symbols` refreshes it.",
          });
        case "prepare_prd_input": {
          const feature = typeof args.feature === "string" ? args.feature : "";
          const touches = grounding.touches(feature);
          const rules = grounding.rules(
            touches.files.map((f) => f.path),
            feature,
          );
          return ok(call, {
            source: "archon",
            knowledge_version: rules.knowledge_version,
            ...touches,
            tables: grounding.tables(),
            rules: rules.rules,
          });
        }
        case "validate_prd_against_graph": {
          const checks = grounding.checkNames(claimedNames(grounding, args));
          return ok(call, {
            source: "archon",
            checks,
            missing: checks.filter((c) => !c.exists).map((c) => c.name),
          });
        }
        case "detect_changes":
        case "verify_semantic_diff":
        case "check_security_gates": {
          const worktree = ownWorktree(root, args.path);
          if ("refused" in worktree) return refused(call, `${call.tool_name} refused: ${worktree.refused}.`);
          if (call.tool_name === "detect_changes") return ok(call, detectChanges(root, worktree.dir));
          if (call.tool_name === "verify_semantic_diff")
            return ok(call, semanticDiff(grounding, worktree.dir, args.files));
          return ok(call, securityGates(worktree.dir, args.files));
        }
        case "get_impact":
          return ok(call, { source: "archon", ...grounding.impact(String(args.symbol ?? "")) });
        default:
          return refused(
            call,
            `${call.tool_name} is not served by Archon in-process; start archon-prd with --codebase external and register a codebase server for it.`,
          );
      }
    },
  };
}
