// deploy_adapters: write the editor adapter files, skills and hooks; what a stale-adapter notice asks for.
import { defineTool, destructiveWrite } from "@archon/core";
import { z } from "zod";
import { deployAdapters } from "../../adapters/deploy-adapters.js";
import { TARGETS } from "../../adapters/render-targets.js";
import { type ArchonContext, writeContext } from "../../context/archon-context.js";
import { LIMITS, list } from "../input-limits.js";

export const deployAdaptersTool = defineTool({
  name: "deploy_adapters",
  title: "Deploy editor adapters",
  description:
    "Writes archon's process rules into the files editors read (claude: CLAUDE.md block, .claude/skills, .claude/settings.json hooks, or .claude/settings.local.json when archon is not installed in the project, and git hooks; cursor: .cursor/rules/archon-process.mdc and .cursor/skills; codex: AGENTS.md block and .agents/skills, where Codex reads repository skills; gemini: GEMINI.md block and .gemini/skills) and records what it wrote so compiles can flag a stale deploy. Text outside the <!-- archon:start --> / <!-- archon:end --> block and the user's own hooks are never touched. Each file comes back created, updated, unchanged, conflict (a hand-written file where archon would write: left alone, tell the user) or skipped. Broken markers stop the whole deploy with the file named. Run with dry_run: true first and show the user the list. Does not change knowledge.",
  input: {
    targets: list(z.enum(TARGETS), LIMITS.choices)
      .min(1)
      .optional()
      .describe("Default: claude, cursor and codex"),
    dry_run: z.boolean().optional().describe("Report what would change; write nothing"),
  },
  // It overwrites archon's own blocks and files; the user's text is never touched.
  output: {
    dry_run: z.boolean(),
    archon_version: z.string(),
    targets: z.array(z.enum(TARGETS)),
    files: z.array(
      z.object({
        target: z.enum(TARGETS),
        piece: z.string(),
        path: z.string(),
        action: z.enum(["created", "updated", "unchanged", "conflict", "skipped"]),
        reason: z.string().optional(),
      }),
    ),
    conflicts: z.number().int(),
    written: z.number().int(),
  },
  annotations: { ...destructiveWrite, idempotentHint: true },
  run: (args, ctx: ArchonContext) =>
    deployAdapters(writeContext(ctx), {
      targets: args.targets ? TARGETS.filter((t) => args.targets?.includes(t)) : [...TARGETS],
      dry_run: args.dry_run,
    }),
});
