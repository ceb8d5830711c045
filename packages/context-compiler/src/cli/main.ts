// The `archon` command line: with no command it serves MCP on stdio; commands load lazily.
import { describeError, UserError } from "@archon/core";
import { Command, CommanderError, Option } from "commander";
import { VERSION } from "../version.js";
import { DEFAULT_DB, type GlobalOptions, resolveGlobalOptions } from "./options.js";

const program = new Command("archon")
  .description("Deterministic context compiler for AI coding agents.\nWith no command, serves MCP on stdio.")
  .version(VERSION)
  .addOption(
    new Option("--surface <surface>", "MCP surface to serve").choices(["agent", "admin"]).default("agent"),
  )
  .option("--db <path>", "knowledge database; relative paths resolve against --project-root", DEFAULT_DB)
  .option("--project-root <path>", "the project's root folder (pass it explicitly)", process.cwd())
  .showHelpAfterError()
  .exitOverride()
  .allowExcessArguments()
  .action(async (_opts: unknown, cmd: Command) => {
    if (cmd.args.length > 0) cmd.error(`error: unknown command '${cmd.args[0]}'`);
    await (await import("./serve.js")).serve(globals(program));
  });

const globals = (cmd: Command): GlobalOptions => resolveGlobalOptions(cmd.optsWithGlobals());

program
  .command("seed")
  .description("load a YAML seed file (archon.seed.yaml) in one transaction")
  .argument("<file>", "seed file, relative to the current folder")
  .option("--json", "print the summary as JSON")
  .action(async (file: string, opts: { json?: boolean }, cmd: Command) =>
    (await import("./seed.command.js")).seedCommand(globals(cmd), file, opts),
  );

program
  .command("stats")
  .description("row counts at a glance")
  .option("--json", "print JSON")
  .action(async (opts: { json?: boolean }, cmd: Command) =>
    (await import("./stats.command.js")).statsCommand(globals(cmd), opts),
  );

program
  .command("export")
  .description("write a JSON backup of the whole database")
  .argument("<file>", "output file")
  .action(async (file: string, _opts: unknown, cmd: Command) =>
    (await import("./export.command.js")).exportCommand(globals(cmd), file),
  );

program
  .command("import")
  .description("restore a JSON backup; fully replaces the database, atomically")
  .argument("<file>", "a file written by `archon export`")
  .action(async (file: string, _opts: unknown, cmd: Command) =>
    (await import("./import.command.js")).importCommand(globals(cmd), file),
  );

program
  .command("compile")
  .description("compile context for files, as compile_context does")
  .argument("<files...>", "repo-relative target files")
  .option("--command <command>", "feeds command_requires; scaffold unlocks templates")
  .option("--plan <plan>", "what you are about to do; enables relevance")
  .option("--max-inline-bytes <n>", "inline budget in bytes", (v) => positiveInt(v, "--max-inline-bytes"))
  .addOption(new Option("--content-mode <mode>", "delivery policy").choices(["auto", "always", "metadata"]))
  .option("--debug", "include near misses, layer classification and budget drops")
  .option("--json", "print the result as JSON")
  .action(async (files: string[], opts, cmd: Command) =>
    (await import("./compile.command.js")).compileCommand(globals(cmd), files, opts),
  );

function positiveInt(value: string, flag: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0)
    throw new UserError(`${flag} must be a positive whole number, not "${value}".`);
  return n;
}

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) process.exit(error.exitCode === 0 ? 0 : 1);
  process.stderr.write(`archon: ${describeError(error)}\n`);
  process.exit(1);
}
