// The spawn_subagents batch a judge plan dispatches: one invocation per planned judge, in plan order.
import { InternalError } from "@archon/core";
import type { SpawnSubagents } from "../run-model/protocol.js";
import { evidenceFor, type IndexCheck } from "./index-evidence.js";
import { judgePrompt } from "./judge-prompt.js";
import type { Claim, JudgePlan } from "./types.js";

/**
 * `checks` are Archon's index checks of the PRD's names; each judge sees those its claim mentions.
 * `prdFolder` is where the run wrote the PRD, so a judge may cite a contradiction with another section.
 */
export function judgeBatch(
  batchId: string,
  plan: JudgePlan,
  claims: readonly Claim[],
  feature: string,
  checks: readonly IndexCheck[] = [],
  prdFolder?: string,
): SpawnSubagents {
  const byId = new Map(claims.map((c) => [c.claim_id, c]));
  return {
    kind: "spawn_subagents",
    purpose: "judge",
    batch_id: batchId,
    invocations: plan.judges.map((j) => {
      const claim = byId.get(j.claim_id);
      if (!claim) throw new InternalError(`plan names unknown claim ${j.claim_id}`);
      return {
        invocation_id: j.invocation_id,
        subagent_type: j.judge.subagent_type,
        description: `Judge ${j.claim_id} (${j.judge.name})`,
        prompt: judgePrompt(
          claim,
          j.judge,
          feature,
          evidenceFor(`${claim.text}\n${claim.evidence}`, checks),
          prdFolder,
        ),
        isolation: "none",
      };
    }),
  };
}
