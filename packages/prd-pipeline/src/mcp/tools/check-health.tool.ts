// check_health: is the database reachable, is the skill file shipped, how many runs are stored.
import { existsSync } from "node:fs";
import { defineTool, readOnly } from "@archon/core";
import { z } from "zod";
import type { ServerContext } from "../server-context.js";
import { skillPath } from "../skill-file.js";

export const checkHealthTool = defineTool({
  name: "check_health",
  title: "Check server health",
  description:
    "Reports whether the run database and the skill file are usable, and the runs stored by status.",
  input: {},
  output: {
    ok: z.boolean(),
    version: z.string(),
    database: z.object({ path: z.string(), ok: z.boolean() }),
    skill_file: z.object({ path: z.string(), ok: z.boolean() }),
    runs: z.record(z.string(), z.number().int()),
  },
  annotations: readOnly,
  run: (_args, ctx: ServerContext) => {
    const skill = existsSync(skillPath());
    return {
      ok: skill,
      version: ctx.version,
      database: { path: ctx.dbPath, ok: true },
      skill_file: { path: skillPath(), ok: skill },
      runs: ctx.service.counts(),
    };
  },
});
