import { execFile, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { promisify } from "node:util";
import { openDatabase } from "@archon/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createArchonContext } from "../context/archon-context.js";
import { observe } from "../knowledge/observations/observe.js";
import { renderRulesFile } from "../knowledge/standing-rules/rules-file.js";
import { observationsContext } from "../mcp/agent/observe.tool.js";
import { listProposals } from "../store/proposals.js";
import { readVersion } from "../store/version.js";
import { commitAll } from "../test-support/git.js";
import { personEnv } from "../test-support/person-env.js";
import { type TestProject, tempProject } from "../test-support/project.js";
import { ARCHON_BIN } from "../test-support/stdio-client.js";

// Each hook is fed the JSON Claude Code sends on stdin, through the built `archon` command.
let project: TestProject;
beforeEach(() => {
  project = tempProject();
  project.write(
    ".archon/rules.md",
    renderRulesFile([
      {
        doc_id: "rule-no-tests",
        title: "Tests only on request",
        content: "Do not run the test suite unless the user asks for tests.",
      },
      { doc_id: "rule-pnpm", title: "Use pnpm", content: "Install packages with pnpm, never npm or yarn." },
      {
        doc_id: "rule-migrations",
        title: "Migrations",
        content: "Never edit a database migration after it was merged; add a new migration.",
      },
    ]),
  );
  // The team's rules.md is committed, as a clone or a pull brings it; archon's own state is not.
  project.write(".gitignore", ".archon/archon.db*\n.archon/hooks/\n");
  commitAll(project.root, "standing rules", true);
});
afterEach(() => project.cleanup());

function archon(args: string[], stdin?: unknown, env: NodeJS.ProcessEnv = personEnv()) {
  const r = spawnSync(process.execPath, [ARCHON_BIN, "--project-root", project.root, ...args], {
    input: stdin === undefined ? "" : JSON.stringify(stdin),
    encoding: "utf8",
    env,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
const hook = (event: Record<string, unknown>) =>
  archon(["sync-rules", "--hook"], {
    session_id: "sess-1",
    cwd: project.root,
    transcript_path: "/tmp/t.jsonl",
    ...event,
  });

describe("SessionStart", () => {
  it("absorbs the rules file a teammate committed, and says so", () => {
    const r = hook({ hook_event_name: "SessionStart", source: "startup" });
    expect(r).toMatchObject({ code: 0, stderr: "" });
    expect(r.stdout).toBe("archon absorbed 3 committed edit(s) to .archon/rules.md (knowledge_version 1).\n");
    expect(hook({ hook_event_name: "SessionStart", source: "resume" }).stdout).toBe("");
  });
});

describe("UserPromptSubmit", () => {
  it("injects the standing rules the prompt is about, once per session", () => {
    const first = hook({
      hook_event_name: "UserPromptSubmit",
      prompt: "please run the test suite for the parser",
    });
    expect(first.stdout).toBe(
      [
        "archon absorbed 3 committed edit(s) to .archon/rules.md (knowledge_version 1).",
        "Standing rules from archon that apply to this request (decisions the team made; follow them):",
        "- Tests only on request [rule-no-tests]: Do not run the test suite unless the user asks for tests.",
        "",
      ].join("\n"),
    );
    const again = hook({ hook_event_name: "UserPromptSubmit", prompt: "run the test suite again" });
    expect(again.stdout).toBe("");
    const other = archon(["sync-rules", "--hook"], {
      session_id: "sess-2",
      hook_event_name: "UserPromptSubmit",
      prompt: "run the test suite",
    });
    expect(other.stdout).toContain("[rule-no-tests]");
  });

  it("says nothing for a prompt no rule is about", () => {
    hook({ hook_event_name: "SessionStart" });
    expect(hook({ hook_event_name: "UserPromptSubmit", prompt: "rename the header component" }).stdout).toBe(
      "",
    );
  });

  it("commits a decision the person confirms in their very next prompt, and nothing else", () => {
    // The agent captures a decision during its turn (observe manual_note on the agent surface).
    const capture = (note: string) => {
      const ctx = createArchonContext({
        surface: "agent",
        dbPath: project.dbPath,
        projectRoot: project.root,
      });
      const tool_input = { event_type: "manual_note", payload: { note } } as const;
      const answer = observe(observationsContext(ctx), tool_input);
      ctx.close();
      // Claude Code then runs the PostToolUse hook of this session with the tool's answer.
      const posted = hook({
        hook_event_name: "PostToolUse",
        tool_name: "mcp__archon__archon_observe",
        tool_input,
        tool_response: { content: [{ type: "text", text: JSON.stringify(answer) }] },
      });
      expect(posted).toMatchObject({ code: 0, stdout: "", stderr: "" });
      return answer.proposal_id as string;
    };
    hook({ hook_event_name: "UserPromptSubmit", prompt: "let us talk about commits" });
    const declined = capture("From now on, squash every commit before pushing.");
    expect(
      hook({ hook_event_name: "UserPromptSubmit", prompt: "hmm, not sure about that" }).stdout,
    ).not.toContain("recorded");
    const confirmed = capture("From now on, keep commits small and focused.");
    const reply = hook({ hook_event_name: "UserPromptSubmit", prompt: "Yes, do it." });
    expect(reply.stdout).toContain(
      `archon recorded the confirmed standing rule (${confirmed}, knowledge_version 2): "From now on, keep commits small and focused."`,
    );

    const after = project.context();
    expect(listProposals(after.kdb.db, "pending").map((p) => p.proposal_id)).toEqual([declined]);
    expect(readVersion(after.kdb.db)).toBe(2);
    expect(readFileSync(join(project.root, ".archon/rules.md"), "utf8")).toContain(
      "keep commits small and focused",
    );
  });
});

describe("every hook is fail-open", () => {
  it("gives up at its deadline when the database stays locked, exits 0 and says so", () => {
    project.context().close();
    const holder = openDatabase(project.dbPath);
    holder.exec("BEGIN EXCLUSIVE");
    try {
      const r = archon(
        ["sync-rules", "--hook"],
        { session_id: "s", hook_event_name: "UserPromptSubmit", prompt: "run the tests" },
        personEnv({ ARCHON_HOOK_DEADLINE_MS: "1000" }),
      );
      expect(r).toEqual({
        code: 0,
        stdout: "",
        stderr:
          "archon sync-rules: gave up after 1000 ms; the session, commit or merge goes on without it.\n",
      });
      const git = archon(["sync-rules"], undefined, personEnv({ ARCHON_HOOK_DEADLINE_MS: "1000" }));
      expect(git.code).toBe(0);
      expect(git.stderr).toContain("gave up after 1000 ms");
    } finally {
      holder.exec("ROLLBACK");
      holder.close();
    }
  });

  it("exits 0 with the error on stderr for a broken rules file, bad JSON, or a missing project", () => {
    project.write(".archon/rules.md", "## rule: Not A Valid Id!\ntitle: x\n\ntext\n");
    commitAll(project.root, "a broken rules file");
    const broken = hook({ hook_event_name: "SessionStart" });
    expect(broken.code).toBe(0);
    expect(broken.stderr).toMatch(/^archon sync-rules: /);
    const garbage = spawnSync(
      process.execPath,
      [ARCHON_BIN, "--project-root", project.root, "sync-rules", "--hook"],
      {
        input: "{not json",
        encoding: "utf8",
      },
    );
    expect(garbage.status).toBe(0);
    const missing = spawnSync(
      process.execPath,
      [ARCHON_BIN, "--project-root", "/nonexistent/x", "sync-rules", "--hook"],
      {
        input: "{}",
        encoding: "utf8",
      },
    );
    expect(missing.status).toBe(0);
    expect(missing.stderr).toContain("is not a directory");
  });
});

describe("shared rules packages (git hooks)", () => {
  let registry: Server;
  let url: string;
  beforeEach(async () => {
    project.write(".archon/config.json", JSON.stringify({ rulesPackages: ["@acme/archon-rules"] }));
    project.write(
      "node_modules/@acme/archon-rules/package.json",
      JSON.stringify({ name: "@acme/archon-rules", version: "1.0.0" }),
    );
    project.write(
      "node_modules/@acme/archon-rules/rules/http.md",
      "Every HTTP handler validates its input.\n",
    );
    project.write(
      "node_modules/@acme/archon-rules/archon.seed.yaml",
      "documents:\n  - doc_id: acme-http\n    title: HTTP input validation\n    file: rules/http.md\n    patterns: ['src/routes/**']\n",
    );
    // A small local fake of the npm registry's package document; the real registry is not contacted.
    registry = createServer((req, res) => {
      res.setHeader("content-type", "application/json");
      if (req.url?.includes("archon-rules")) {
        res.end(
          JSON.stringify({
            name: "@acme/archon-rules",
            "dist-tags": { latest: "1.3.0" },
            versions: {
              "1.0.0": { name: "@acme/archon-rules", version: "1.0.0" },
              "1.3.0": { name: "@acme/archon-rules", version: "1.3.0" },
            },
          }),
        );
      } else {
        res.statusCode = 404;
        res.end("{}");
      }
    });
    await new Promise<void>((resolve) => registry.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(registry.address() as AddressInfo).port}/`;
  });
  afterEach(() => new Promise<void>((resolve) => registry.close(() => resolve())));

  it("pre-commit: seeds the package's rules with source paths inside node_modules", () => {
    const r = archon(["sync-rules"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("@acme/archon-rules@1.0.0: synced");
    const compiled = JSON.parse(archon(["compile", "src/routes/users.ts", "--json"]).stdout);
    expect(compiled.base.documents).toMatchObject([
      { doc_id: "acme-http", source_path: "node_modules/@acme/archon-rules/rules/http.md" },
    ]);
  });

  // Spawned asynchronously: the fake registry answers from this very process.
  const checkLatest = (registryUrl: string) =>
    promisify(execFile)(
      process.execPath,
      [ARCHON_BIN, "--project-root", project.root, "sync-rules", "--check-latest"],
      {
        env: personEnv({ npm_config_registry: registryUrl }),
      },
    );

  it("post-merge: asks the registry once and says when a newer version exists", async () => {
    const r = await checkLatest(url);
    expect(r.stdout).toContain(
      "@acme/archon-rules: 1.3.0 is available (installed 1.0.0); run npm install @acme/archon-rules@latest.",
    );
  });

  it("post-merge: exits 0 and says so when the registry cannot be reached", async () => {
    const r = await checkLatest("http://127.0.0.1:9/");
    expect(r.stdout).toContain("could not check for a newer version");
  });
});
