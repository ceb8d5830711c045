import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { PassThrough } from "node:stream";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { resolveGlobalOptions } from "../cli/options.js";
import { type SetupFlags, setupCommand } from "../cli/setup.command.js";
import { writeContext } from "../context/archon-context.js";
import { approveProposalBundle } from "../knowledge/approval/bundle.js";
import { readInitManifest } from "../store/init-manifest.js";
import { listProposals } from "../store/proposals.js";
import { fakeHome } from "../test-support/fake-clients.js";
import { git } from "../test-support/git.js";
import { releasedWithNextjs100 } from "../test-support/init-context.js";
import { type TestProject, tempProject } from "../test-support/project.js";
import { ADMIN_SURFACE_NOTE, GITIGNORE_CONFLICT_NOTE } from "./setup-plan.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject();
  // A small Next.js app with the App Router under src/app.
  project.write(
    "package.json",
    JSON.stringify({ name: "shop", dependencies: { next: "15.0.0", react: "19.0.0" } }),
  );
  project.write("next.config.mjs", "export default {};\n");
  project.write("src/app/page.tsx", "export default function Page() { return null; }\n");
  project.write("src/app/api/orders/route.ts", "export async function GET() { return Response.json([]); }\n");
  git(project.root, "init", "-q", "-b", "main");
});
afterEach(() => project.cleanup());

/** Every file under the project (git internals aside) with its content hash and mode. */
function snapshot(): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      const rel = relative(project.root, path);
      if (rel === ".git/objects" || rel === ".git/logs" || rel === ".git/index") continue;
      const st = statSync(path);
      if (st.isDirectory()) walk(path);
      else out[rel] = `${createHash("sha256").update(readFileSync(path)).digest("hex")} ${st.mode}`;
    }
  };
  walk(project.root);
  return out;
}

// No agent CLIs and no Ollama: the embeddings screen finds nothing, whatever the machine has. A home of the
// test's own: setup edits Codex's and Cursor's global configs, never the person's.
const noHome = mkdtempSync(join(tmpdir(), "archon-setup-test-no-home-"));
afterAll(() => rmSync(noHome, { recursive: true, force: true }));
const NO_CLIENT_CLIS = {
  ...process.env,
  PATH: "",
  ARCHON_OLLAMA_URL: "http://127.0.0.1:9",
  ...fakeHome(noHome),
};

async function setup(
  flags: SetupFlags,
  input = new PassThrough(),
  interactive = false,
  templates?: string,
  json?: PassThrough,
) {
  const output = new PassThrough();
  let screen = "";
  output.on("data", (d) => {
    screen += d.toString();
  });
  const done = setupCommand(resolveGlobalOptions({ projectRoot: project.root, templates }), flags, {
    input,
    output,
    interactive,
    env: NO_CLIENT_CLIS,
    json,
  });
  return { done, screen: () => screen };
}

describe("archon setup --yes (no terminal)", () => {
  it("in a project without archon installed, registers per project outside git, bootstraps the template and deploys", async () => {
    const run = await setup({ yes: true, agents: "claude,cursor" });
    await run.done;
    expect(existsSync(join(project.root, ".mcp.json"))).toBe(false);
    expect(git(project.root, "check-ignore", ".cursor/mcp.json")).toBe(".cursor/mcp.json\n");
    expect(readFileSync(join(project.root, "CLAUDE.md"), "utf8")).toContain("<!-- archon:start -->");
    expect(existsSync(join(project.root, ".cursor/rules/archon-process.mdc"))).toBe(true);
    expect(
      JSON.parse(readFileSync(join(project.root, ".claude/settings.local.json"), "utf8")).hooks,
    ).toBeDefined();
    expect(existsSync(join(project.root, ".claude/settings.json"))).toBe(false);
    const screen = run.screen();
    expect(screen).toContain(
      "claude: archon is not installed in this project (no node_modules/.bin/archon), so its agent surface goes to your personal scope instead: a committed config would hold this machine's paths.",
    );
    expect(screen).toContain(
      "claude: register archon (personal scope) yourself: claude mcp add-json archon '",
    );
    expect(screen).toContain(
      "cursor: archon is not installed in this project (no node_modules/.bin/archon), so its agent entry names this machine's archon and is kept out of git (.git/info/exclude).",
    );
    expect(screen).toContain("claude: archon's hooks go to .claude/settings.local.json");
    expect(screen).toContain("Bootstrapped");
    const ctx = project.context();
    const r = ctx.compiler.compile({ target_files: ["src/app/api/orders/route.ts"] });
    expect(r.base.documents.length).toBeGreaterThan(0);
  });

  it("in a project that installed archon, writes portable agent entries and says Codex needs a trusted project", async () => {
    project.write("node_modules/.bin/archon", "#!/bin/sh\n");
    const run = await setup({ yes: true, agents: "claude,codex" });
    await run.done;
    expect(JSON.parse(readFileSync(join(project.root, ".mcp.json"), "utf8")).mcpServers.archon.command).toBe(
      "npx",
    );
    expect(readFileSync(join(project.root, ".codex/config.toml"), "utf8")).toContain('command = "npx"');
    expect(JSON.parse(readFileSync(join(project.root, ".claude/settings.json"), "utf8")).hooks).toBeDefined();
    expect(run.screen()).toContain(
      `codex: Codex loads the project's .codex/config.toml only in a trusted project, and this one is not trusted yet: start codex in ${project.root} and answer yes when it asks to trust the folder, or add to ~/.codex/config.toml: [projects."${project.root}"] trust_level = "trusted".`,
    );
    expect(run.screen()).not.toContain("personal scope instead");
  });

  it("in a project Codex already trusts, says nothing about trusting it", async () => {
    project.write("node_modules/.bin/archon", "#!/bin/sh\n");
    const codexHome = join(NO_CLIENT_CLIS.HOME, ".codex");
    mkdirSync(codexHome, { recursive: true });
    writeFileSync(join(codexHome, "config.toml"), `[projects."${project.root}"]\ntrust_level = "trusted"\n`);
    try {
      const run = await setup({ yes: true, agents: "codex" });
      await run.done;
      expect(run.screen()).not.toContain("trust");
    } finally {
      rmSync(codexHome, { recursive: true, force: true });
    }
  });

  it("registers the agents the project already uses when --agents is left out", async () => {
    project.write(".cursor/rules/mine.mdc", "x\n");
    project.write("AGENTS.md", "# Agents\n");
    const json = new PassThrough();
    let printed = "";
    json.on("data", (d) => {
      printed += d.toString();
    });
    const run = await setup(
      { yes: true, dryRun: true, json: true },
      new PassThrough(),
      false,
      undefined,
      json,
    );
    await run.done;
    expect(JSON.parse(printed).choices.agents).toEqual(["cursor", "codex"]);
    expect(run.screen()).toBe("");
  });

  it("changes no file when run a second time", async () => {
    await (await setup({ yes: true, agents: "claude,codex" })).done;
    const before = snapshot();
    const again = await setup({ yes: true, agents: "claude,codex" });
    await again.done;
    expect(snapshot()).toEqual(before);
    expect(again.screen()).toContain("Adapters: 0 file(s) written");
  });

  it("writes nothing on a dry run, and refuses to ask questions without a terminal", async () => {
    const dry = await setup({ yes: true, dryRun: true });
    await dry.done;
    expect(dry.screen()).toContain(
      "Dry run; would do:\n  you do (archon, personal scope): claude mcp add-json archon '",
    );
    expect(existsSync(join(project.root, ".archon"))).toBe(false);
    await expect((await setup({})).done).rejects.toThrow("archon setup asks its questions on a terminal.");
  });

  it("names a wrong agent or template", async () => {
    await expect((await setup({ yes: true, agents: "claude,vim" })).done).rejects.toThrow(
      /--agents takes a list of claude, cursor, codex/,
    );
    await expect((await setup({ yes: true, template: "rails" })).done).rejects.toThrow(
      'There is no bundled template "rails".',
    );
  });
});

describe("what archon setup says about the admin surface", () => {
  it("says once, in every run, that no agent gets it and where people approve instead", async () => {
    const run = await setup({ yes: true, agents: "claude,cursor,codex" });
    await run.done;
    expect(run.screen().split(ADMIN_SURFACE_NOTE)).toHaveLength(2);
    expect(run.screen()).not.toMatch(/register[^\n]*archon-admin/);
  });
});

describe("archon's local state and git", () => {
  /** What `git add -A` would stage under .archon/, as `git status --porcelain` lists it. */
  const stagedArchonFiles = () => {
    git(project.root, "add", "-A");
    return git(project.root, "status", "--porcelain", "--untracked-files=all")
      .split("\n")
      .filter((l) => l.includes(".archon/"))
      .map((l) => l.slice(3))
      .sort();
  };
  /** What running archon leaves beside the database: its journal, the PRD runs, the verifier, hook state. */
  const useArchon = () => {
    project.write(".archon/archon.db-wal", "x");
    project.write(".archon/prd.db", "x");
    project.write(".archon/last-verify.json", "{}");
    project.write(".archon/hooks/sessions/s1.json", "{}");
    project.write(".archon/migrate/run-1/CLAUDE.md", "old\n");
    project.write(".archon/rules.md", "# Standing rules\n");
    project.write(".archon/rules/no-any.md", "Never use any.\n");
    project.write(".archon/config.json", '{ "rulesPackages": [] }\n');
  };

  it("keeps the databases and this machine's state out of git add -A, and lets the team's rules in", async () => {
    await (await setup({ yes: true, agents: "claude" })).done;
    useArchon();
    // The template's rules are committed text now: one file each, and the layer rules beside them.
    const staged = stagedArchonFiles();
    expect(staged.filter((path) => !/^\.archon\/rules\/[\w.-]+\.md$/.test(path))).toEqual([
      ".archon/.gitignore",
      ".archon/config.json",
      ".archon/rules.md",
      ".archon/rules/layers.yaml",
    ]);
    expect(staged).toContain(".archon/rules/no-any.md");
    expect(staged).toContain(".archon/rules/nextjs-server-actions.md");
  });

  it("leaves a .archon/.gitignore a person wrote alone, and says what it should hold", async () => {
    project.write(".archon/.gitignore", "archon.db\n");
    const run = await setup({ yes: true, agents: "claude" });
    await run.done;
    expect(readFileSync(join(project.root, ".archon/.gitignore"), "utf8")).toBe("archon.db\n");
    expect(run.screen()).toContain(GITIGNORE_CONFLICT_NOTE);
  });
});

describe("archon setup again (update mode)", () => {
  it("offers a newer template version as a bundle to approve, once", async () => {
    const released = releasedWithNextjs100();
    try {
      await (await setup({ yes: true, agents: "claude" }, new PassThrough(), false, released)).done;
      const first = project.context();
      expect(readInitManifest(first.kdb.db)?.template_version).toBe("1.0.0");
      first.close();

      const update = await setup({ yes: true, agents: "claude" });
      await update.done;
      expect(update.screen()).toMatch(
        /Template upgrade nextjs 1\.0\.0 → 1\.1\.0 proposed as bundle (bundle_\w+): review it with archon proposals, approve it with archon approve \1\./,
      );
      const again = await setup({ yes: true, agents: "claude" });
      await again.done;
      expect(again.screen()).not.toContain("Template upgrade");
      const ctx = project.context();
      const pending = listProposals(ctx.kdb.db, "pending");
      expect(new Set(pending.map((p) => p.bundle_id)).size).toBe(1);

      // Once the bundle is decided, the next setup records the upgrade instead of offering it again.
      approveProposalBundle(writeContext(ctx), { bundle_id: pending[0]?.bundle_id as string });
      ctx.close();
      const after = await setup({ yes: true, agents: "claude" });
      await after.done;
      expect(after.screen()).toContain(
        "Template nextjs 1.1.0 recorded as applied (its upgrade was decided).",
      );
      expect(after.screen()).not.toContain("bundle null");
      const last = await setup({ yes: true, agents: "claude" });
      await last.done;
      expect(last.screen()).not.toContain("Template");
      const final = project.context();
      expect(readInitManifest(final.kdb.db)?.template_version).toBe("1.1.0");
      expect(listProposals(final.kdb.db, "pending")).toEqual([]);
      final.close();
    } finally {
      rmSync(released, { recursive: true, force: true });
    }
  });
});

describe("the migration screen of archon setup", () => {
  const commitRules = () => {
    project.write(
      "AGENTS.md",
      "# Shop\n\n## Testing\n\nRun the tests before pushing.\n\n## Style\n\nPrefer named exports.\n",
    );
    project.write("CLAUDE.md", "@AGENTS.md\n");
    git(project.root, "add", "-A");
    git(project.root, "-c", "user.email=a@b.c", "-c", "user.name=A", "commit", "-qm", "rules");
  };

  it("only hints under --yes without --migrate, and changes no instruction file", async () => {
    commitRules();
    const run = await setup({ yes: true, agents: "codex", template: "none" });
    await run.done;
    expect(run.screen()).toContain("Your instruction files hold 2 rule(s) archon can take over");
    expect(readFileSync(join(project.root, "AGENTS.md"), "utf8")).toContain("Run the tests before pushing.");
    expect(existsSync(join(project.root, ".archon/rules"))).toBe(false);
  });

  it("moves the rules into archon with --migrate, leaving the files archon's block", async () => {
    commitRules();
    const json = new PassThrough();
    let out = "";
    json.on("data", (d) => {
      out += d.toString();
    });
    const run = await setup(
      { yes: true, agents: "codex", template: "none", migrate: true, json: true },
      undefined,
      false,
      undefined,
      json,
    );
    await run.done;
    const result = JSON.parse(out) as { migration: { documents_added: string[] } };
    expect(result.migration.documents_added).toEqual(["agents-style", "agents-testing"]);
    expect(readFileSync(join(project.root, ".archon/rules/agents-testing.md"), "utf8")).toContain(
      "Run the tests before pushing.",
    );
    const agents = readFileSync(join(project.root, "AGENTS.md"), "utf8");
    expect(agents.startsWith("<!-- archon:start -->")).toBe(true);
    expect(agents).not.toContain("Run the tests");
  });

  it("says how Copilot gets its rules back when the migration removes its only instruction file", async () => {
    commitRules();
    project.write(".github/copilot-instructions.md", "Keep handlers thin.\n");
    git(project.root, "add", "-A");
    git(project.root, "-c", "user.email=a@b.c", "-c", "user.name=A", "commit", "-qm", "copilot");
    const run = await setup({ yes: true, agents: "codex", template: "none", migrate: true });
    await run.done;
    expect(existsSync(join(project.root, ".github/copilot-instructions.md"))).toBe(false);
    expect(run.screen()).toContain(
      "copilot keeps nothing of its own: `archon export-rules --targets copilot` writes the approved rules back as its instruction files",
    );
  });

  it("asks on a terminal, and a no leaves every instruction file as it was", async () => {
    commitRules();
    const input = new PassThrough();
    const run = await setup({ agents: "codex", template: "none" }, input, true);
    let next = 0;
    const steps: [string, string][] = [
      ["Apply these changes?", "\r"],
      ["Migrate 2 rule(s) now?", "\r"],
    ];
    const timer = setInterval(() => {
      const step = steps[next];
      if (step && run.screen().includes(step[0])) {
        input.write(step[1]);
        next += 1;
      }
    }, 10);
    await run.done.finally(() => clearInterval(timer));
    expect(run.screen()).toContain("Migration skipped; run archon migrate when you are ready.");
    expect(readFileSync(join(project.root, "AGENTS.md"), "utf8")).toContain("Run the tests before pushing.");
  });
});

describe("archon setup on a terminal", () => {
  /** Answers each screen once its question shows up. */
  function drive(run: Awaited<ReturnType<typeof setup>>, input: PassThrough, steps: [string, string][]) {
    let next = 0;
    const timer = setInterval(() => {
      const step = steps[next];
      if (step && run.screen().includes(step[0])) {
        input.write(step[1]);
        next += 1;
      }
    }, 10);
    return run.done.finally(() => clearInterval(timer));
  }

  it("asks one screen at a time and shows the summary before writing", async () => {
    const input = new PassThrough();
    const run = await setup({}, input, true);
    await drive(run, input, [
      ["Which agents do you use", "\r"],
      ["This looks like a nextjs project", "\r"],
      ["Apply these changes?", "\r"],
    ]);
    const screen = run.screen();
    expect(screen.indexOf("Summary")).toBeGreaterThan(screen.indexOf("Local embeddings (optional)"));
    expect(screen.indexOf("Local embeddings (optional)")).toBeGreaterThan(
      screen.indexOf("This looks like a nextjs project"),
    );
    expect(screen).toContain("Ollama is not installed");
    expect(screen).toContain("bootstrap");
    expect(existsSync(join(project.root, "CLAUDE.md"))).toBe(true);
  });

  it("writes nothing when the person cancels", async () => {
    const input = new PassThrough();
    const run = await setup({}, input, true);
    await drive(run, input, [["Which agents do you use", "\x03"]]);
    expect(run.screen()).toContain("Setup cancelled; nothing was written.");
    expect(existsSync(join(project.root, ".archon"))).toBe(false);
    expect(existsSync(join(project.root, ".mcp.json"))).toBe(false);
  });
});

describe("the template on a project that has rules of its own", () => {
  beforeEach(() => {
    project.write(
      "CLAUDE.md",
      "# Shop\n\n## Data fetching\n\nFetch on the server with the shop client; never call fetch in a component.\n",
    );
    git(project.root, "add", "-A");
    git(project.root, "-c", "user.email=a@b.c", "-c", "user.name=A", "commit", "-qm", "rules");
  });

  it("is not applied under --yes without --template, which says where the rules are and how to add it", async () => {
    const run = await setup({ yes: true, agents: "codex" });
    await run.done;
    expect(run.screen()).not.toContain("Bootstrapped");
    expect(run.screen()).toContain(
      "This project has rules of its own (CLAUDE.md), so no template was applied: a template's generic rules would arrive beside yours. To add the nextjs template's",
    );
    expect(run.screen()).toContain("run archon setup --template nextjs.");
    expect(readInitManifest(project.context().kdb.db)?.template).toBeNull();
  });

  it("is applied when named afterwards, as the note says", async () => {
    await (await setup({ yes: true, agents: "codex" })).done;
    const named = await setup({ yes: true, agents: "codex", template: "nextjs" });
    await named.done;
    expect(named.screen()).toContain("Bootstrapped");
    expect(readInitManifest(project.context().kdb.db)?.template).toBe("nextjs");
  });

  it("is offered on a terminal with keeping to the project's own rules as the default", async () => {
    const input = new PassThrough();
    const run = await setup({ agents: "codex" }, input, true);
    let answered = 0;
    const timer = setInterval(() => {
      const question = [
        "This project has rules of its own. Add the nextjs template's",
        "Apply these changes?",
        "now? The files are backed up",
      ][answered];
      if (question && run.screen().includes(question)) {
        input.write("\r");
        answered += 1;
      }
    }, 10);
    await run.done.finally(() => clearInterval(timer));
    expect(run.screen()).toContain("Keep to your own rules");
    expect(run.screen()).not.toContain("bootstrap");
    expect(readInitManifest(project.context().kdb.db)?.template).toBeNull();
  });
});
