// check_health: is the database reachable, is the skill file shipped, how many runs are stored.
import { existsSync } from "node:fs";
import { defineTool, readOnly } from "@archon/core";
import type { ServerContext } from "../server-context.js";
import { skillPath } from "../skill-file.js";

export const checkHealthTool = defineTool({
  name: "check_health",
  title: "Check server health",
  description:
    "Reports whether the run database and the skill file are usable, and the runs stored by status.",
  input: {},
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
