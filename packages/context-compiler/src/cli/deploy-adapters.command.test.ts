import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { deployAdaptersTool } from "../mcp/admin/deploy-adapters.tool.js";
import { type TestProject, tempProject } from "../test-support/project.js";
import { deployAdaptersCommand } from "./deploy-adapters.command.js";
import { resolveGlobalOptions } from "./options.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject("archon-deploy-cli-");
  // Until the lead adds migration 5 to the list, the tests apply it themselves.
  const ctx = project.context("admin");
  ctx.close();
});
afterEach(() => project.cleanup());

const options = () => resolveGlobalOptions({ projectRoot: project.root });

describe("archon deploy-adapters", () => {
  it("prints one line per file and a summary, and reports a conflict without failing", () => {
    project.write(".cursor/rules/archon-process.mdc", "mine\n");
    let out = "";
    deployAdaptersCommand(options(), { targets: "cursor" }, (t) => {
      out += t;
    });
    expect(out).toMatch(/^conflict {2}\.cursor\/rules\/archon-process\.mdc {2}\(hand-written/);
    expect(out).toContain("created   .cursor/skills/archon-setup/SKILL.md\n");
    expect(out).toContain("1 hand-written file(s) sit where archon would write; they were left alone.");
  });

  it("writes nothing on --dry-run and refuses an unknown target", () => {
    let out = "";
    deployAdaptersCommand(options(), { targets: "codex", dryRun: true }, (t) => {
      out += t;
    });
    expect(out).toContain("Dry run: 5 file(s) would change; nothing was written.");
    expect(() => readFileSync(join(project.root, "AGENTS.md"))).toThrow();
    expect(() => deployAdaptersCommand(options(), { targets: "vim" })).toThrow(
      /Unknown adapter target "vim"/,
    );
  });
});

describe("the deploy_adapters tool", () => {
  it("deploys the chosen targets and is idempotent", async () => {
    const first = (await deployAdaptersTool.run({ targets: ["codex"] }, project.context("admin"))) as {
      files: { action: string }[];
    };
    // AGENTS.md, three skills and .codex/hooks.json; outside git the ignore block is skipped.
    const skipped = "skipped";
    expect(first.files.map((f) => f.action)).toEqual([...Array(5).fill("created"), skipped]);
    const second = (await deployAdaptersTool.run({ targets: ["codex"] }, project.context("admin"))) as {
      files: { action: string }[];
      written: number;
    };
    expect(second.files.map((f) => f.action)).toEqual([...Array(5).fill("unchanged"), skipped]);
    expect(second.written).toBe(0);
  });

  it("is refused on the agent surface", async () => {
    await expect(async () => deployAdaptersTool.run({}, project.context("agent"))).rejects.toThrow(
      /refused on the agent surface/,
    );
  });
});
