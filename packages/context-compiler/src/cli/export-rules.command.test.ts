import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { handWritten } from "../adapters/export/shared-files.js";
import { bigRules } from "../test-support/monorepo-project.js";
import { doc, seed, type TestProject, tempProject } from "../test-support/project.js";
import { exportRulesCommand } from "./export-rules.command.js";
import { resolveGlobalOptions } from "./options.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject("archon-export-cli-");
  const ctx = project.context("admin");
  seed(ctx, {
    documents: [doc("api", { patterns: ["src/api/**"] }), doc("by-command", { commands: ["deploy"] })],
  });
  ctx.close();
});
afterEach(() => project.cleanup());

function run(opts: { targets?: string; check?: boolean; json?: boolean }) {
  let out = "";
  const code = exportRulesCommand(resolveGlobalOptions({ projectRoot: project.root }), opts, (t) => {
    out += t;
  });
  return { code, out };
}

describe("archon export-rules", () => {
  it("--check exits 1 before an export and 0 after it", () => {
    expect(run({ targets: "cursor,kiro", check: true })).toEqual({
      code: 1,
      out: [
        "created  .cursor/rules/api.mdc",
        "created  .kiro/steering/api.md",
        "skipped by-command: reached only through a command; editors have no equivalent",
        "The exported rules are out of date: run archon export-rules without --check and commit the result.",
        "cursor: 0 bytes loaded on every prompt (0 file(s)).",
        "kiro: 0 bytes loaded on every prompt (0 file(s)).",
        "",
      ].join("\n"),
    });
    expect(run({ targets: "cursor,kiro" }).code).toBe(0);
    expect(run({ targets: "cursor,kiro", check: true })).toEqual({
      code: 0,
      out: [
        "unchanged  .cursor/rules/api.mdc",
        "unchanged  .kiro/steering/api.md",
        "skipped by-command: reached only through a command; editors have no equivalent",
        "The exported rules match the knowledge base.",
        "cursor: 0 bytes loaded on every prompt (0 file(s)).",
        "kiro: 0 bytes loaded on every prompt (0 file(s)).",
        "",
      ].join("\n"),
    });
  });

  it("refuses an unknown target, naming the ones it knows", () => {
    expect(() => run({ targets: "cursor,emacs" })).toThrow(
      '--targets takes cursor, claude, copilot, windsurf, cline, continue, kiro, gemini, agents; "emacs" is not one of them.',
    );
  });
});

describe("archon export-rules --check with hand-written files in the way", () => {
  it("passes when the only differences are conflicts, printing them as warnings, and fails on drift", () => {
    project.write("AGENTS.md", "# Ours\n\nBe kind.\n");
    expect(run({ targets: "cursor,agents" }).code).toBe(0);
    expect(run({ targets: "cursor,agents", check: true })).toEqual({
      code: 0,
      out: [
        "unchanged  .cursor/rules/api.mdc",
        "skipped by-command: reached only through a command; editors have no equivalent",
        `warning: left AGENTS.md alone: ${handWritten("AGENTS.md")}`,
        "The exported rules match the knowledge base.",
        "cursor: 0 bytes loaded on every prompt (0 file(s)).",
        "agents: 0 bytes loaded on every prompt (0 file(s)).",
        "",
      ].join("\n"),
    });
    rmSync(join(project.root, ".cursor/rules/api.mdc"));
    const drifted = run({ targets: "cursor,agents", check: true, json: true });
    expect(drifted.code).toBe(1);
    expect(JSON.parse(drifted.out)).toMatchObject({
      drift: [".cursor/rules/api.mdc"],
      conflicts: [{ target: "agents", path: "AGENTS.md", reason: handWritten("AGENTS.md") }],
      warnings: [],
    });
  });
});

describe("archon export-rules output names what it moved", () => {
  it("prints a warning for each rule text moved out of AGENTS.md", () => {
    const ctx = project.context("admin");
    seed(ctx, { documents: bigRules(40, ["**"]) });
    ctx.close();
    const { code, out } = run({ targets: "agents" });
    expect(code).toBe(0);
    const warnings = out.split("\n").filter((l) => l.startsWith("warning: "));
    expect(warnings.length).toBeGreaterThan(0);
    expect(warnings[0]).toBe(
      "warning: moved the text of big-40 to .archon/rules/agents/big-40.md: AGENTS.md would pass Codex's 32 KiB default for AGENTS.md files read together (project_doc_max_bytes)",
    );
    expect(out).toContain("created  .archon/rules/agents/big-40.md\n");
  });
});

describe("archon export-rules without --targets", () => {
  it("writes only for the agents the project uses, detected as setup detects them", () => {
    mkdirSync(join(project.root, ".cursor"), { recursive: true });
    mkdirSync(join(project.root, ".gemini"), { recursive: true });
    const { code, out } = run({});
    expect(code).toBe(0);
    expect(out.split("\n").filter((l) => l.startsWith("created"))).toEqual([
      "created  .cursor/rules/api.mdc",
      "created  GEMINI.md",
    ]);
    expect(out).toContain("Exported 1 rule(s) for cursor, gemini.");
    expect(existsSync(join(project.root, "AGENTS.md"))).toBe(false);
    expect(existsSync(join(project.root, ".claude"))).toBe(false);
  });

  it("refuses to guess in a project that shows no agent, and names the flag", () => {
    expect(() => run({})).toThrow(
      "No agent's files were found in this project (CLAUDE.md, AGENTS.md, GEMINI.md, .cursor/, .github/copilot-instructions.md and the like), so export-rules does not know whom to write for.",
    );
    expect(readdirSync(project.root).filter((f) => f !== ".archon")).toEqual([]);
  });
});

describe("archon export-rules says what each target costs on every prompt", () => {
  it("counts the bytes of the files each agent loads whatever the request, and not the path-scoped ones", () => {
    const ctx = project.context("admin");
    seed(ctx, { documents: [doc("style", { patterns: ["**"] }), doc("api", { patterns: ["src/api/**"] })] });
    ctx.close();
    const { out } = run({ targets: "cursor,gemini" });
    const bytes = (rel: string) => statSync(join(project.root, rel)).size;
    expect(out.split("\n").filter((l) => l.includes("loaded on every prompt"))).toEqual([
      `cursor: ${bytes(".cursor/rules/style.mdc").toLocaleString("en")} bytes loaded on every prompt (1 file(s): .cursor/rules/style.mdc).`,
      `gemini: ${bytes("GEMINI.md").toLocaleString("en")} bytes loaded on every prompt (1 file(s): GEMINI.md).`,
    ]);
  });
});
