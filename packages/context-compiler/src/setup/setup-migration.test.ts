import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resolveGlobalOptions } from "../cli/options.js";
import { setupCommand } from "../cli/setup.command.js";
import { fakeHome } from "../test-support/fake-clients.js";
import { treeHashes } from "../test-support/file-tree.js";
import { commitAll } from "../test-support/git.js";
import { type TestProject, tempProject } from "../test-support/project.js";

// setup --yes --migrate on a machine without the agent CLIs: what it only prints, no agent can use yet.
const CLAUDE_MD = "# Shop\n\n## Testing\n\nRun the tests before you push.\n";
let project: TestProject;
let home: string;
beforeEach(() => {
  project = tempProject("archon-setup-migration-");
  home = mkdtempSync(join(tmpdir(), "archon-setup-migration-home-"));
  for (let i = 1; i <= 8; i++)
    project.write(
      `.cursor/rules/rule-${i}.mdc`,
      `---\ndescription: Rule ${i}\nalwaysApply: true\n---\nCursor rule ${i}: keep module ${i} small.\n`,
    );
  project.write("CLAUDE.md", CLAUDE_MD);
});
afterEach(() => {
  project.cleanup();
  rmSync(home, { recursive: true, force: true });
});

async function setupYesMigrate() {
  const output = new PassThrough();
  let screen = "";
  output.on("data", (d) => {
    screen += d.toString();
  });
  await setupCommand(
    resolveGlobalOptions({ projectRoot: project.root }),
    { yes: true, agents: "claude,cursor", template: "none", migrate: true, embeddings: false },
    {
      input: new PassThrough(),
      output,
      interactive: false,
      env: { ...process.env, PATH: "", ...fakeHome(home) },
    },
  );
  return screen;
}

/** The person's Cursor rules; archon's own process rule, which setup deploys, aside. */
const cursorRules = () =>
  Object.fromEntries(
    Object.entries(treeHashes(project.root)).filter(
      ([p]) => p.startsWith(".cursor/rules/") && p !== ".cursor/rules/archon-process.mdc",
    ),
  );
/** CLAUDE.md with its text as the person wrote it, then the block setup's deploy appends. */
const claudeWithBlock = () =>
  expect.stringMatching(
    new RegExp(`^${CLAUDE_MD.replace(/[.#]/g, "\\$&")}\n<!-- archon:start -->\n[^]*<!-- archon:end -->\n$`),
  );

describe("setup --yes --migrate when Cursor's entry is only printed (git tracks .cursor/mcp.json)", () => {
  it("keeps all eight Cursor rules byte for byte and CLAUDE.md's text, and says why for each", async () => {
    project.write(".cursor/mcp.json", '{ "mcpServers": {} }\n');
    commitAll(project.root, "rules", true);
    const before = cursorRules();
    const screen = await setupYesMigrate();
    expect(cursorRules()).toEqual(before);
    expect(readFileSync(join(project.root, "CLAUDE.md"), "utf8")).toEqual(claudeWithBlock());
    const kept = screen.split("\n").filter((l) => l.includes(" left as it is: "));
    expect(kept.map((l) => l.trim().split(" ")[0])).toEqual([
      ...Array.from({ length: 8 }, (_, i) => `.cursor/rules/rule-${i + 1}.mdc`),
      "CLAUDE.md",
    ]);
    expect(kept[0]).toContain(
      "cursor reads it and does not reach archon yet (setup only printed its entry: git tracks .cursor/mcp.json",
    );
    expect(kept[8]).toContain(
      "claude reads it and does not reach archon yet (setup only printed its entry: claude is not on PATH",
    );
  });
});

describe("setup --yes --migrate when Cursor gets its project file but Claude Code's command is only printed", () => {
  it("moves the Cursor rules into archon and keeps CLAUDE.md's text", async () => {
    commitAll(project.root, "rules", true);
    await setupYesMigrate();
    expect(cursorRules()).toEqual({});
    expect(readdirSync(join(project.root, ".archon/rules")).sort()).toEqual(
      Array.from({ length: 8 }, (_, i) => `rule-${i + 1}.md`).sort(),
    );
    expect(readFileSync(join(project.root, "CLAUDE.md"), "utf8")).toEqual(claudeWithBlock());
  });
});
