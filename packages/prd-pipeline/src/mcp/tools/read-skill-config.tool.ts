// read_skill_config: the frontmatter of the shipped SKILL.md, and where to read the whole protocol.
import { defineTool, readOnly } from "@archon/core";
import { z } from "zod";
import type { ServerContext } from "../server-context.js";
import { readSkill, SKILL_RESOURCE_URI, skillFrontmatter, skillPath } from "../skill-file.js";

export const readSkillConfigTool = defineTool({
  name: "read_skill_config",
  title: "Read the skill configuration",
  description:
    "The host protocol's metadata (name, version, contexts, tools) from SKILL.md, plus its resource URI.",
  input: {},
  output: z
    .object({
      name: z.string(),
      version: z.string(),
      mcp_tools: z.array(z.string()),
      path: z.string(),
      resource_uri: z.string(),
    })
    .catchall(z.union([z.string(), z.array(z.string())])),
  annotations: readOnly,
  run: (_args, ctx: ServerContext) => ({
    ...skillFrontmatter(readSkill(ctx.toolPrefix)),
    path: skillPath(),
    resource_uri: SKILL_RESOURCE_URI,
  }),
});
