#!/usr/bin/env node
// archon-prd: serves the PRD pipeline over stdio, or validates a PRD file for CI.
import { UserError } from "@archon/core";
import { Command, Option } from "commander";
import { VERSION } from "../mcp/build-server.js";
import { PROFILES } from "../mcp/profiles.js";
import { SOURCE_MODES } from "../run-model/sources.js";
import { DEFAULT_SUBAGENT_NAMESPACE, subagentType } from "../sections/subagents.js";
import type { ServeOptions } from "./serve.js";
import { runValidateCommand, type ValidateOptions } from "./validate-command.js";

const program = new Command()
  .name("archon-prd")
  .description("PRD pipeline MCP server (stdio). Run without a command to serve.")
  .version(VERSION)
  .option(
    "--project-root <path>",
    "project directory (runs are kept in <root>/.archon/prd.db)",
    process.cwd(),
  )
  .addOption(new Option("--profile <profile>", "tools to expose").choices(PROFILES).default("full"))
  .option("--evidence-db <path>", "strategy evidence database (default ~/.archon/evidence.db)")
  .addOption(
    new Option(
      "--codebase <source>",
      "codebase grounding: Archon's symbol index and rules, an external codebase server, or none (default: archon when the project has .archon/archon.db, else external)",
    ).choices(SOURCE_MODES),
  )
  .addOption(
    new Option(
      "--memory <source>",
      "recall: Archon's knowledge, an external memory server, or none (default: archon when the project has .archon/archon.db, else external)",
    ).choices(SOURCE_MODES),
  )
  .option("--archon-db <path>", "the project's Archon database (default <root>/.archon/archon.db)")
  .option(
    "--subagent-namespace <ns>",
    `subagent types of another suite, as <ns>:<role> (default: Archon's own, installed by \`archon deploy-adapters\`: ${subagentType(DEFAULT_SUBAGENT_NAMESPACE, "engineer")}, ...)`,
  )
  .showHelpAfterError()
  .action(async (options: ServeOptions) => {
    const { serve } = await import("./serve.js");
    await serve(options);
  });

program
  .command("validate")
  .description("validate a PRD markdown file; exits 1 on critical violations")
  .argument("<file>", "markdown file to validate")
  .option("--section <type>", "validate the whole file as one section of this type")
  .option("--json", "print the result as JSON")
  .addHelpText(
    "after",
    "\nThe project's tables and rules come from --project-root (and --archon-db), as in the run that wrote the PRD.",
  )
  .action((file: string, _options: unknown, command: Command) => {
    // --project-root and --archon-db are the program's options: read them wherever they were written.
    const options = command.optsWithGlobals<ValidateOptions>();
    process.exitCode = runValidateCommand(
      file,
      options,
      (text) => process.stdout.write(text),
      (text) => process.stderr.write(text),
    );
  });

program.parseAsync(process.argv).catch((error: unknown) => {
  process.stderr.write(
    `archon-prd: ${error instanceof UserError ? error.describe() : error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(error instanceof UserError ? 2 : 1);
});
