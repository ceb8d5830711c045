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
  .option(
    "--project-root <path>",
    "the project's root folder (default: the nearest folder up from here holding .archon/, else the git top level, else the working folder)",
  )
  .option("--templates <dir>", "templates folder for the init_* tools (default: the bundled one)")
  .option(
    "--i-am-human",
    "approve from a shell that carries a coding agent's variables (only in an interactive terminal)",
  )
  .showHelpAfterError()
  .exitOverride()
  .allowExcessArguments()
  .action(async () => (await import("./serve.js")).serve(globals(program)));

const globals = (cmd: Command): GlobalOptions => resolveGlobalOptions(cmd.optsWithGlobals());

/** A hook form is re-run in a child under a deadline before its command's modules load (hook-deadline.ts). */
const hookParent = async (command: string, readsInput: boolean) =>
  (await import("./hook-deadline.js")).deadlineParent(command, readsInput);

/** Commands that approve or decide knowledge refuse inside a coding agent's shell (P-3). */
const requirePerson = async (cmd: Command, command: string) =>
  (await import("./human-check.js")).requirePerson(command, cmd.optsWithGlobals().iAmHuman === true);

program
  .command("setup")
  .description("set archon up in this project, or update it: agents, template, adapters, hooks")
  .option("-y, --yes", "accept the defaults and apply without asking (no terminal needed)")
  .option(
    "--agents <list>",
    "claude,cursor,codex,gemini (default: the ones the project already uses: CLAUDE.md, .claude/ or .mcp.json for claude; .cursor/ for cursor; AGENTS.md, .codex/ or .agents/ for codex; GEMINI.md or .gemini/ for gemini; claude when it shows none)",
  )
  .option("--template <name>", "auto, none, laravel, nextjs, python or go (default: auto)")
  .option("--no-embeddings", "skip the local embeddings step (Ollama detection and embed-docs)")
  .option("--migrate", "then move the rules of CLAUDE.md, AGENTS.md and editor rule files into archon")
  .option("--no-migrate", "leave instruction files as they are (default under --yes: a hint only)")
  .option(
    "--approve-mcp",
    "approve archon's servers of .mcp.json for you in Claude Code (.claude/settings.local.json); asked on a terminal, never done under --yes without it",
  )
  .option("--dry-run", "show what would change; write nothing")
  .option("--json", "print only the result as JSON on stdout (questions, if any, go to stderr)")
  .action(async (opts, cmd: Command) => {
    // --yes bootstraps a new project's rules from its template and --migrate approves moved rules;
    // without either, setup asks at a terminal, which an agent's shell does not have.
    if ((opts.yes || opts.migrate === true) && !opts.dryRun) await requirePerson(cmd, "archon setup --yes");
    return (await import("./setup.command.js")).setupCommand(globals(cmd), opts, {
      input: process.stdin,
      // With --json, stdout carries the JSON alone.
      output: opts.json ? process.stderr : process.stdout,
      json: process.stdout,
      interactive: Boolean(process.stdin.isTTY && (opts.json ? process.stderr : process.stdout).isTTY),
    });
  });

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
  .command("import-rules")
  .description(
    "import the instruction files agents already read (CLAUDE.md, AGENTS.md, GEMINI.md, Cursor, Copilot, Claude, Windsurf, Cline, Continue and Kiro rules) as one bundle of pending proposals",
  )
  .option(
    "--from <formats>",
    "comma-separated: agents, claude, cline, continue, copilot, cursor, gemini, kiro, windsurf (default: all)",
  )
  .option("--dry-run", "print what would be proposed; write nothing")
  .option("--json", "print the plan and the bundle as JSON")
  .option("--approve", "approve the bundle at once")
  .addHelpText(
    "after",
    "\nExit code 1 when a directory walk (outside git) found more instruction files than it reads; nothing is proposed then.",
  )
  .action(
    async (opts: { from?: string; dryRun?: boolean; json?: boolean; approve?: boolean }, cmd: Command) => {
      if (opts.approve) await requirePerson(cmd, "archon import-rules --approve");
      process.exitCode = (await import("./import-rules.command.js")).importRulesCommand(globals(cmd), opts);
    },
  );

program
  .command("migrate")
  .description(
    "move the rules in CLAUDE.md, AGENTS.md and editor rule files into archon, leaving only archon's short block",
  )
  .option("--dry-run", "show what would change; write nothing at all")
  .option("--keep-sources", "import and approve the rules but leave every source file as it is")
  .option("--force", "go ahead even when a source file has uncommitted changes in git")
  .option("-y, --yes", "approve without asking (no terminal needed)")
  .option("--json", "print the plan and the result as JSON (needs --yes unless --dry-run)")
  .action(async (opts, cmd: Command) => {
    // Without --yes, migrate asks at a terminal, which an agent's shell does not have.
    if (opts.yes && !opts.dryRun) await requirePerson(cmd, "archon migrate --yes");
    return (await import("./migrate.command.js")).migrateCommand(globals(cmd), opts, {
      input: process.stdin,
      output: process.stdout,
      interactive: Boolean(process.stdin.isTTY && process.stdout.isTTY),
    });
  });

program
  .command("approve")
  .description("approve a pending proposal, or a whole bundle, by id")
  .argument("<id>", "a proposal_id or a bundle_id")
  .option("--json", "print the result as JSON")
  .action(async (id: string, opts: { json?: boolean }, cmd: Command) => {
    await requirePerson(cmd, "archon approve");
    return (await import("./approve.command.js")).approveCommand(globals(cmd), id, opts);
  });

program
  .command("proposals")
  .description("list proposals for review (pending by default), grouped by bundle")
  .option("--status <status>", "pending, approved, rejected or cancelled (default: pending)")
  .option("--bundle <bundle_id>", "only the proposals of this bundle")
  .option("--json", "print the list as JSON")
  .action(async (opts: { status?: string; bundle?: string; json?: boolean }, cmd: Command) =>
    (await import("./proposals.command.js")).proposalsCommand(globals(cmd), opts),
  );

program
  .command("reject")
  .description("reject a pending proposal, or every pending proposal of a bundle, with a comment")
  .argument("<id>", "a proposal_id or a bundle_id")
  .option("--comment <text>", "why it is rejected (required)")
  .option("--json", "print the result as JSON")
  .action(async (id: string, opts: { comment?: string; json?: boolean }, cmd: Command) => {
    await requirePerson(cmd, "archon reject");
    return (await import("./reject.command.js")).rejectCommand(globals(cmd), id, opts);
  });

program
  .command("status")
  .description(
    "knowledge version, pending proposals, observation backlog, adapter staleness and the next command; writes nothing",
  )
  .option("--json", "print JSON")
  .action(async (opts: { json?: boolean }, cmd: Command) =>
    (await import("./status.command.js")).statusCommand(globals(cmd), opts),
  );

program
  .command("sync-rules-file")
  .description(
    "absorb hand edits to .archon/rules.md into the standing rules (add, update, deprecate; never a wipe)",
  )
  .option("--dry-run", "show what would change; change nothing")
  .option("--json", "print the summary as JSON")
  .action(async (opts: { json?: boolean; dryRun?: boolean }, cmd: Command) => {
    // Absorbing the file approves what it says, so an agent that edited it must not absorb it.
    if (!opts.dryRun) await requirePerson(cmd, "archon sync-rules-file");
    return (await import("./sync-rules-file.command.js")).syncRulesFileCommand(globals(cmd), opts);
  });

program
  .command("deploy-adapters")
  .description("write the editor adapter files, skills and hooks (CLAUDE.md, AGENTS.md, Cursor rules)")
  .option("--targets <list>", "claude,cursor,codex,gemini (default: all)")
  .option("--dry-run", "show what would change; write nothing")
  .option("--json", "print JSON")
  .action(async (opts, cmd: Command) =>
    (await import("./deploy-adapters.command.js")).deployAdaptersCommand(globals(cmd), opts),
  );

program
  .command("export-rules")
  .description("render approved rules into each editor's native rule files, for agents without MCP")
  .option(
    "--targets <list>",
    "cursor,claude,copilot,windsurf,cline,continue,kiro,gemini,agents (default: the agents the project uses, detected as setup detects them)",
  )
  .option("--check", "exit 1 when the files would change; write nothing (for CI)")
  .option("--json", "print JSON")
  .action(async (opts, cmd: Command) => {
    process.exitCode = (await import("./export-rules.command.js")).exportRulesCommand(globals(cmd), opts);
  });

program
  .command("sync-rules")
  .description(
    "absorb .archon/rules.md and shared rules packages into the knowledge base (run by the installed hooks; fail-open)",
  )
  .option("--hook", "run as a Claude Code hook: read the event JSON on stdin, answer with context on stdout")
  .option(
    "--client <agent>",
    "the agent running the hook; gemini gets its answer as the JSON Gemini CLI reads",
  )
  .option("--check-latest", "also ask the npm registry once whether a rules package has a newer version")
  .option("--json", "print the summary as JSON")
  .option("--quiet", "print only what changed or needs attention (the git hooks run it so)")
  .action(
    async (
      opts: { hook?: boolean; client?: string; checkLatest?: boolean; json?: boolean; quiet?: boolean },
      cmd: Command,
    ) => {
      if (await hookParent("sync-rules", opts.hook === true)) return;
      await (await import("./sync-rules.command.js")).syncRulesCommand(() => globals(cmd), opts);
    },
  );

program
  .command("record-read")
  .description(
    "note which project files the agent read, so eval can tell a read rule from an unnecessary one (run by the installed Claude Code, Codex and Cursor read hooks; fail-open, quiet)",
  )
  .option("--client <agent>", "the agent running the hook; cursor gets the answer its events wait for")
  .requiredOption(
    "--hook",
    "run as a read hook: read the event JSON on stdin (Claude Code Read or Bash, Codex Bash, Cursor beforeReadFile or afterShellExecution)",
  )
  .action(async () =>
    (await import("../hooks/record-read-hook.js")).runRecordReadHook(process.argv.slice(2)),
  );

program
  .command("reindex-symbols")
  .description(
    "index the repository's symbols and calls with tree-sitter (TypeScript, JavaScript, Python, Go, PHP); unchanged files are skipped by their git blob sha",
  )
  .option(
    "--hook",
    "run as the SessionStart hook: fail-open, bounded in time, quiet; also announces new document candidates",
  )
  .option(
    "--client <agent>",
    "the agent running the hook; gemini gets its answer as the JSON Gemini CLI reads",
  )
  .option("--json", "print the summary as JSON")
  .action(async (opts: { hook?: boolean; client?: string; json?: boolean }, cmd: Command) => {
    if (opts.hook === true && (await hookParent("reindex-symbols", true))) return;
    await (await import("./reindex-symbols.command.js")).reindexSymbolsCommand(() => globals(cmd), opts);
  });

program
  .command("verify-cache")
  .description("inspect or prune the verify_done cache; --hook restores the last verdict after compaction")
  .option("--status", "show the cached verdicts and the last one (the default)")
  .option("--prune-stale", "remove verdicts made at another knowledge version or index state")
  .option("--hook", "run as the PreCompact / SessionStart hook: fail-open, reads the event JSON on stdin")
  .option("--json", "print the status as JSON")
  .action(
    async (
      opts: { status?: boolean; pruneStale?: boolean; hook?: boolean; json?: boolean },
      cmd: Command,
    ) => {
      if (opts.hook === true && (await hookParent("verify-cache", true))) return;
      await (await import("./verify-cache.command.js")).verifyCacheCommand(() => globals(cmd), opts);
    },
  );

program
  .command("maintenance")
  .description("preview what process_observations would keep or drop; optionally re-queue stale observations")
  .option("--reclaim-observations", "re-queue observations analyzed long ago that no proposal cites")
  .option("--stale-after-days <n>", "age before an analysis may be reclaimed (default 1)")
  .option("--json", "print JSON")
  .action(async (opts, cmd: Command) =>
    (await import("./maintenance.command.js")).maintenanceCommand(globals(cmd), opts),
  );

program
  .command("sync-init-manifest")
  .description(
    "record the newest bundled template version as applied, once its upgrade bundle was decided (setup does this too)",
  )
  .option("--json", "print JSON")
  .action(async (opts: { json?: boolean }, cmd: Command) =>
    (await import("./sync-init-manifest.command.js")).syncInitManifestCommand(globals(cmd), opts),
  );

program
  .command("doctor")
  .description("full workspace health scan; exit code 1 when there are errors (for CI)")
  .option("--json", "print the structured report")
  .option(
    "--repair",
    "rebuild a damaged knowledge database: copy it aside, then restore archon.seed.yaml and .archon/rules.md",
  )
  .action(async (opts: { json?: boolean; repair?: boolean }, cmd: Command) => {
    // Restoring re-approves the committed rules, as sync-rules-file does: a person's command.
    if (opts.repair) await requirePerson(cmd, "archon doctor --repair");
    process.exitCode = (await import("./doctor.command.js")).doctorCommand(globals(cmd), opts);
  });

/** The team's shared store; from the environment by default, so a password stays out of `ps`. */
const databaseUrlOption = () =>
  new Option(
    "--database-url <url>",
    "the team's shared store: postgres://user@host/db, or sqlite:<path> (default $ARCHON_DATABASE_URL)",
  ).env("ARCHON_DATABASE_URL");

program
  .command("serve")
  .description("serve MCP: on stdio (as archon with no command does), or with --http as the team server")
  .option("--http", "serve both surfaces over MCP Streamable HTTP, with bearer tokens (archon token)")
  .option("--listen <host:port>", "where the HTTP server listens (default 127.0.0.1:7420; port 0 picks one)")
  .option(
    "--allow-host <name>",
    "a host name clients use to reach it, beyond loopback (repeatable)",
    collect,
    [],
  )
  .option(
    "--allow-origin <origin>",
    "a browser origin that may call it, e.g. https://archon.example.com (repeatable)",
    collect,
    [],
  )
  .addOption(databaseUrlOption())
  .option(
    "--working-db <path>",
    "with --database-url: this instance's working copy (default: a temporary file, rebuilt from the log at start)",
  )
  .action(
    async (
      opts: {
        http?: boolean;
        listen?: string;
        allowHost: string[];
        allowOrigin: string[];
        databaseUrl?: string;
        workingDb?: string;
      },
      cmd: Command,
    ) => {
      if (!opts.http) {
        if (
          opts.listen ||
          opts.allowHost.length > 0 ||
          opts.allowOrigin.length > 0 ||
          cmd.getOptionValueSource("databaseUrl") === "cli" ||
          opts.workingDb
        )
          throw new UserError(
            "--listen, --allow-host, --allow-origin, --database-url and --working-db only apply with --http.",
          );
        return (await import("./serve.js")).serve(globals(cmd));
      }
      return (await import("./serve-http.command.js")).serveHttpCommand(globals(cmd), opts);
    },
  );

const token = program.command("token").description("bearer tokens for the team server (archon serve --http)");
token
  .command("create")
  .description("create a token for a person; the secret is printed once")
  .option("--person <name>", "who the token is for (recorded on every decision made with it)")
  .addOption(
    new Option("--scope <scope>", "agent: compile and observe; admin: also approve")
      .choices(["agent", "admin"])
      .default("agent"),
  )
  .addOption(databaseUrlOption())
  .option("--json", "print the token as JSON")
  .action(
    async (opts: { person?: string; scope?: string; databaseUrl?: string; json?: boolean }, cmd: Command) => {
      await requirePerson(cmd, "archon token create");
      return (await import("./token.command.js")).tokenCreateCommand(globals(cmd), opts);
    },
  );
token
  .command("list")
  .description("list tokens (never their secrets), revoked ones included")
  .addOption(databaseUrlOption())
  .option("--json", "print the list as JSON")
  .action(async (opts: { databaseUrl?: string; json?: boolean }, cmd: Command) =>
    (await import("./token.command.js")).tokenListCommand(globals(cmd), opts),
  );
token
  .command("revoke")
  .description("revoke a token by id; requests with it are refused from then on")
  .argument("<token_id>", "the id archon token list shows")
  .addOption(databaseUrlOption())
  .option("--json", "print the result as JSON")
  .action(async (id: string, opts: { databaseUrl?: string; json?: boolean }, cmd: Command) => {
    await requirePerson(cmd, "archon token revoke");
    return (await import("./token.command.js")).tokenRevokeCommand(globals(cmd), id, opts);
  });

program
  .command("sync")
  .description(
    "make this database a replica of a team server, or bring it up to date; then push local observations",
  )
  .option("--server <url>", "the team server (archon serve --http); needed on the first run, then kept")
  .option(
    "--token <token>",
    "a bearer token for it (archon token create); kept in your config folder, never in the project",
  )
  .option(
    "--ship-audit",
    "from now on also ship this replica's compile audit rows to the server, for team-wide eval (archon eval --team); remembered",
  )
  .option(
    "--no-ship-audit",
    "stop shipping audit rows: nothing of the audit leaves this machine (a later --ship-audit ships what is still kept and unshipped; a row pruned before it was shipped never is)",
  )
  .option("--json", "print what moved as JSON")
  .action(
    async (opts: { server?: string; token?: string; shipAudit?: boolean; json?: boolean }, cmd: Command) =>
      (await import("./sync.command.js")).syncCommand(globals(cmd), opts),
  );

program
  .command("graph")
  .description("write the knowledge graph as one self-contained HTML page that works offline")
  .argument(
    "[file]",
    "output file, relative to the current folder (default: .archon/graph.html in the project)",
  )
  .option("--json", "print what was written as JSON")
  .action(async (file: string | undefined, opts: { json?: boolean }, cmd: Command) =>
    (await import("./graph.command.js")).graphCommand(globals(cmd), file, opts),
  );

program
  .command("webui")
  .description("serve the local admin panel on 127.0.0.1: browse knowledge, approve and reject in a browser")
  .option("--port <n>", "port to listen on; 0 picks a free one (default: 0)", (v) => port(v))
  .option("--no-open", "print the address instead of opening a browser")
  .action(async (opts: { port?: number; open: boolean }, cmd: Command) => {
    // The panel approves knowledge, and whoever starts it holds its token: a person's command.
    await requirePerson(cmd, "archon webui");
    await (await import("./webui.command.js")).webuiCommand(globals(cmd), opts);
  });

program
  .command("recall")
  .description("episodic memory: recent runs, their compiles and session notes, ranked (as the recall tool)")
  .option("--files <files...>", "only hits on these files or near them")
  .option("--run <run_id>", "one run only")
  .option("--recent-runs <n>", "how many recent runs to look at (default 10, max 50)", (v) =>
    positiveInt(v, "--recent-runs"),
  )
  .option("--search <text>", "free text matched against plans, files and notes")
  .option("--gaps", "add near-miss counts per edge")
  .option("--json", "print JSON")
  .action(async (opts, cmd: Command) =>
    (await import("./recall.command.js")).recallCommand(globals(cmd), opts),
  );

program
  .command("eval")
  .description("delivery quality from the audit log: missed and unnecessary deliveries, budget waste")
  .option(
    "--replay",
    "re-run every logged compile against its own snapshot with today's code; exit 1 on a difference",
  )
  .option(
    "--team",
    "on a team server: also judge the audit records replicas shipped (archon sync --ship-audit), with by_person",
  )
  .addOption(databaseUrlOption())
  .option("--json", "print JSON")
  .action(
    async (
      opts: { replay?: boolean; team?: boolean; databaseUrl?: string; json?: boolean },
      cmd: Command,
    ) => {
      const command = await import("./eval.command.js");
      command.assertEvalFlags({
        ...opts,
        databaseUrlGiven: cmd.getOptionValueSource("databaseUrl") === "cli",
      });
      if (opts.team) return command.teamEvalCommand(globals(cmd), opts);
      process.exitCode = command.evalCommand(globals(cmd), opts);
    },
  );

program
  .command("bench")
  .description(
    "retrieval, DAG-closure, budget and resource benchmark; --external adds real-repository cases, reported apart",
  )
  .option("--external", "also run the real-repository set (rule files and paths of public repositories)")
  .option(
    "--full",
    "also run the LLM-judge A/B on the real-repository cases (needs ANTHROPIC_API_KEY; skipped without it). " +
      "It costs 3 API calls per case, 45 in all; ARCHON_JUDGE_MODEL picks the model, ANTHROPIC_BASE_URL the endpoint",
  )
  .option("--json", "print JSON")
  .action(async (opts: { external?: boolean; full?: boolean; json?: boolean }) => {
    process.exitCode = await (await import("./bench.command.js")).benchCommand(opts);
  });

program
  .command("prune-log")
  .description(
    "fold audit rows older than <days> into daily aggregates, then delete them (no default on purpose)",
  )
  .option("--older-than <days>", "age in days of the rows to fold and delete (required)")
  .option("--json", "print JSON")
  .action(async (opts: { olderThan?: string; json?: boolean }, cmd: Command) =>
    (await import("./prune-log.command.js")).pruneLogCommand(globals(cmd), opts),
  );

program
  .command("embed-docs")
  .description("compute or update the Ollama embeddings behind compile suggestions (only changed documents)")
  .option("--model <name>", "embedding model (default: ARCHON_EMBED_MODEL, else granite-embedding:278m)")
  .option("--ollama-url <url>", "Ollama server (default: ARCHON_OLLAMA_URL, else http://127.0.0.1:11434)")
  .option("--json", "print JSON")
  .action(async (opts: { model?: string; ollamaUrl?: string; json?: boolean }, cmd: Command) =>
    (await import("./embed-docs.command.js")).embedDocsCommand(globals(cmd), opts),
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

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

function positiveInt(value: string, flag: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0)
    throw new UserError(`${flag} must be a positive whole number, not "${value}".`);
  return n;
}

function port(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535)
    throw new UserError(`--port must be a whole number from 0 to 65535, not "${value}".`);
  return n;
}

/**
 * The first word that is not a global option or its value. Checked before commander runs, because
 * commander answers `archon <unknown> --help` with the top-level help and exit 0.
 */
function firstWord(args: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (!arg.startsWith("-")) return arg;
    const option = program.options.find((o) => o.long === arg || o.short === arg);
    if (option && (option.required || option.optional)) i++;
  }
  return undefined;
}

/** A write the database refused because of its file or folder (read-only, say), as what to fix. */
async function explained(error: unknown): Promise<unknown> {
  if (error instanceof UserError) return error;
  try {
    const { databaseWriteError } = await import("../store/database-errors.js");
    return databaseWriteError(error, globals(program).db) ?? error;
  } catch {
    return error;
  }
}

try {
  const word = firstWord(process.argv.slice(2));
  const known = program.commands.flatMap((c) => [c.name(), ...c.aliases()]);
  if (word !== undefined && !known.includes(word)) program.error(`error: unknown command '${word}'`);
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) process.exit(error.exitCode === 0 ? 0 : 1);
  process.stderr.write(`archon: ${describeError(await explained(error))}\n`);
  process.exit(1);
}
