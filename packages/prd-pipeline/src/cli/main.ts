#!/usr/bin/env node
// archon-prd: serves the PRD pipeline over stdio, or validates a PRD file for CI.
import { Command, Option } from "commander";
import { VERSION } from "../mcp/build-server.js";
import { PROFILES } from "../mcp/profiles.js";
import { runValidateCommand } from "./validate-command.js";

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
  .showHelpAfterError()
  .action(
    async (options: { projectRoot: string; profile: (typeof PROFILES)[number]; evidenceDb?: string }) => {
      const { serve } = await import("./serve.js");
      await serve(options.projectRoot, options.profile, options.evidenceDb);
    },
  );

program
  .command("validate")
  .description("validate a PRD markdown file; exits 1 on critical violations")
  .argument("<file>", "markdown file to validate")
  .option("--section <type>", "validate the whole file as one section of this type")
  .option("--json", "print the result as JSON")
  .action((file: string, options: { section?: string; json?: boolean }) => {
    process.exitCode = runValidateCommand(
      file,
      options,
      (text) => process.stdout.write(text),
      (text) => process.stderr.write(text),
    );
  });

program.parseAsync(process.argv).catch((error: unknown) => {
  process.stderr.write(`archon-prd: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
