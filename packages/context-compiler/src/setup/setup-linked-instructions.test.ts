import {
  lstatSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { adapterConfig } from "../adapters/adapter-config.js";
import { ruleBlock } from "../adapters/rule-block.js";
import { resolveGlobalOptions } from "../cli/options.js";
import { setupCommand } from "../cli/setup.command.js";
import { fakeHome } from "../test-support/fake-clients.js";
import { commitAll } from "../test-support/git.js";
import { type TestProject, tempProject } from "../test-support/project.js";
import { VERSION } from "../version.js";

// One instruction file for both agents: CLAUDE.md is a link to AGENTS.md, as many teams keep it.
let project: TestProject;
let home: string;
beforeEach(() => {
  project = tempProject("archon-setup-linked-");
  home = mkdtempSync(join(tmpdir(), "archon-setup-linked-home-"));
  project.write(
    "AGENTS.md",
    "# Shop\n\n## Testing\n\nRun the tests before you push.\n\n## Style\n\nUse tabs.\n",
  );
  symlinkSync("AGENTS.md", join(project.root, "CLAUDE.md"));
  commitAll(project.root, "one file for both agents", true);
});
afterEach(() => {
  project.cleanup();
  rmSync(home, { recursive: true, force: true });
});

describe("setup --yes --migrate where CLAUDE.md is a link to AGENTS.md", () => {
  it("migrates AGENTS.md once, writes archon's block into it once, and leaves CLAUDE.md a link", async () => {
    await setupCommand(
      resolveGlobalOptions({ projectRoot: project.root }),
      { yes: true, agents: "codex", template: "none", migrate: true, embeddings: false },
      {
        input: new PassThrough(),
        output: new PassThrough(),
        interactive: false,
        env: { ...process.env, PATH: "", ...fakeHome(home) },
      },
    );
    expect(readdirSync(join(project.root, ".archon/rules")).sort()).toEqual([
      "agents-style.md",
      "agents-testing.md",
    ]);
    expect(lstatSync(join(project.root, "CLAUDE.md")).isSymbolicLink()).toBe(true);
    expect(readlinkSync(join(project.root, "CLAUDE.md"))).toBe("AGENTS.md");
    const config = adapterConfig({ version: VERSION, projectRoot: project.root });
    expect(readFileSync(join(project.root, "AGENTS.md"), "utf8")).toBe(ruleBlock(config));
  });

  it("deploys the block through the link once, for Claude Code and Codex both", async () => {
    await setupCommand(
      resolveGlobalOptions({ projectRoot: project.root }),
      { yes: true, agents: "claude,codex", template: "none", migrate: false, embeddings: false },
      {
        input: new PassThrough(),
        output: new PassThrough(),
        interactive: false,
        env: { ...process.env, PATH: "", ...fakeHome(home) },
      },
    );
    expect(lstatSync(join(project.root, "CLAUDE.md")).isSymbolicLink()).toBe(true);
    const config = adapterConfig({ version: VERSION, projectRoot: project.root });
    expect(readFileSync(join(project.root, "AGENTS.md"), "utf8")).toBe(
      `# Shop\n\n## Testing\n\nRun the tests before you push.\n\n## Style\n\nUse tabs.\n\n${ruleBlock(config)}`,
    );
  });
});
