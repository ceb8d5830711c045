// apply_edge_scopes: turns the agent's narrower globs into one bundle of remove_edge + add_edge proposals.

import { type Db, type IdGenerator, UserError } from "@archon/core";
import { globProblem } from "../../read/glob.js";
import { type EdgeRow, getEdge } from "../../store/edges.js";
import { createProposal } from "../../store/proposals.js";
import { readVersion } from "../../store/version.js";
import { step } from "../next-step.js";
import { filesByGlob, listProjectFiles } from "../project-files.js";
import { assertAdminSurface } from "../surface.js";
import type { WriteContext } from "../write-context.js";

export interface EdgeScope {
  edge_id: number;
  globs: string[];
}

export interface AppliedScope {
  edge_id: number;
  doc_id: string;
  removed_glob: string;
  remove_proposal_id: string;
  globs: { glob: string; matches: number; proposal_id: string }[];
}

export interface ApplyEdgeScopesResult {
  bundle_id: string;
  knowledge_version: number;
  scopes: AppliedScope[];
  next: string;
}

export const EDGE_SCOPES_SOURCE = "edge_scopes";

export function applyEdgeScopes(
  ctx: WriteContext & { ids: IdGenerator },
  input: { scopes: EdgeScope[] },
): ApplyEdgeScopesResult {
  assertAdminSurface(ctx.surface, "apply_edge_scopes");
  if (input.scopes.length === 0)
    throw new UserError("scopes is empty.", "Give at least one { edge_id, globs }.", "scopes");
  const files = listProjectFiles(ctx.projectRoot).files;
  const wanted = input.scopes.flatMap((s) => s.globs).filter((g) => !globProblem(g));
  const matched = filesByGlob(wanted, files);
  const plans = checkedScopes(ctx.db, input.scopes, matched);
  const bundle_id = ctx.ids.next("bundle");
  // Proposals only, all in one bundle or none: canonical knowledge waits for a person's approval.
  const scopes = ctx.db
    .transaction(() => plans.map((plan) => proposeScope(ctx, bundle_id, plan, matched)))
    .immediate();
  return {
    bundle_id,
    knowledge_version: readVersion(ctx.db),
    scopes,
    next: `Nothing is applied yet: a person reviews bundle ${bundle_id} and approves it with ${step(ctx.channel, "approve_proposal_bundle", { bundle_id })} (or rejects it).`,
  };
}

interface ScopePlan {
  edge: EdgeRow;
  globs: string[];
}

/**
 * Each scope's live path_requires edge and its distinct globs, or one UserError naming every scope that
 * is not a narrowing: a missing or repeated edge, a glob that is broken, matches nothing or is the same.
 */
function checkedScopes(
  db: Db,
  scopes: readonly EdgeScope[],
  matched: ReadonlyMap<string, readonly string[]>,
): ScopePlan[] {
  const problems: string[] = [];
  const seen = new Set<number>();
  const plans = scopes.map((scope) => {
    const edge = getEdge(db, scope.edge_id);
    const name = `edge ${scope.edge_id}`;
    if (seen.has(scope.edge_id))
      problems.push(`${name} appears more than once; give all its globs in one scope`);
    seen.add(scope.edge_id);
    if (!edge) problems.push(`${name} does not exist`);
    else if (edge.edge_type !== "path_requires")
      problems.push(`${name} is ${edge.edge_type}, not path_requires`);
    else if (edge.status !== "approved") problems.push(`${name} is ${edge.status}, not a live edge`);
    if (scope.globs.length === 0) problems.push(`${name} has no globs; leave an edge out to keep it`);
    const globs = [...new Set(scope.globs)];
    for (const glob of globs) {
      const problem = globProblem(glob);
      if (problem) problems.push(`${name}: glob "${glob}" ${problem}`);
      else if ((matched.get(glob)?.length ?? 0) === 0)
        problems.push(`${name}: glob "${glob}" matches no file`);
      else if (glob === edge?.source_value)
        problems.push(`${name}: glob "${glob}" is the current glob, not a narrower one`);
    }
    return { edge, globs };
  });
  if (problems.length > 0) {
    throw new UserError(
      `apply_edge_scopes refused; nothing was proposed: ${problems.join("; ")}.`,
      "Fix those globs (they must match files listed by git ls-files) and call again with every scope.",
      "scopes",
    );
  }
  // No problem means every scope found its edge.
  return plans.map(({ edge, globs }) => ({ edge: edge as EdgeRow, globs }));
}

/** One scope's proposals in the bundle: remove the wide edge, add one edge per narrower glob. */
function proposeScope(
  ctx: WriteContext & { ids: IdGenerator },
  bundle_id: string,
  { edge, globs }: ScopePlan,
  matched: ReadonlyMap<string, readonly string[]>,
): AppliedScope {
  const propose = (proposal_type: "remove_edge" | "add_edge", payload: unknown, rationale: string) =>
    createProposal(
      ctx.db,
      { proposal_type, payload, source: EDGE_SCOPES_SOURCE, rationale, bundle_id },
      ctx.clock,
      ctx.ids,
    ).proposal_id;
  const remove_proposal_id = propose(
    "remove_edge",
    { edge_id: edge.edge_id },
    `Scope review: "${edge.source_value}" attaches ${edge.target_doc_id} to most of the project; replaced by narrower globs.`,
  );
  return {
    edge_id: edge.edge_id,
    doc_id: edge.target_doc_id,
    removed_glob: edge.source_value,
    remove_proposal_id,
    globs: globs.map((glob) => ({
      glob,
      matches: matched.get(glob)?.length ?? 0,
      proposal_id: propose(
        "add_edge",
        { edge_type: "path_requires", source_value: glob, target_doc_id: edge.target_doc_id },
        `Scope review: narrower glob for ${edge.target_doc_id}, replacing "${edge.source_value}".`,
      ),
    })),
  };
}
