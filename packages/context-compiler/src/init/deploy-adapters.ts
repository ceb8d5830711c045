// The one place init_confirm deploys the editor adapters: to the targets already deployed, or to the agents
// the project uses (the detection setup and export-rules share), never to every agent there is.

import { defaultAgents } from "../adapters/agents-in-use.js";
import { deployAdapters } from "../adapters/deploy-adapters.js";
import { TARGETS } from "../adapters/render-targets.js";
import type { WriteContext } from "../knowledge/write-context.js";
import { listAdapterMeta } from "../store/adapter-meta.js";

export interface AdapterDeployment {
  deployed: boolean;
  /** What happened, in words for the caller. */
  detail: string;
}

/** Called once the knowledge is committed; a failure here never undoes the bootstrap (init_confirm warns). */
export function deployAdaptersAfterInit(ctx: WriteContext): AdapterDeployment {
  const already = new Set(listAdapterMeta(ctx.db).map((r) => r.target));
  const targets = already.size > 0 ? TARGETS.filter((t) => already.has(t)) : defaultAgents(ctx.projectRoot);
  const result = deployAdapters(ctx, { targets });
  const conflicts = result.conflicts > 0 ? `, ${result.conflicts} hand-written file(s) left alone` : "";
  return {
    deployed: true,
    detail: `Editor adapters deployed for ${targets.join(", ")}: ${result.written} file(s) written${conflicts}.`,
  };
}
