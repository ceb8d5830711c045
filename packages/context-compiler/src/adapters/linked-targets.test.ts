import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { writeContext } from "../context/archon-context.js";
import { listAdapterMeta } from "../store/adapter-meta.js";
import { treeHashes } from "../test-support/file-tree.js";
import { doc, seed, type TestProject, tempProject } from "../test-support/project.js";
import { refusal } from "../test-support/user-error.js";
import { EXPORT_BLOCK, ownedFile } from "../vocabulary/export-marker.js";
import { adapterConfig } from "./adapter-config.js";
import { deployAdapters } from "./deploy-adapters.js";
import { exportRules } from "./export/export-rules.js";
import { EXPORT_TARGETS } from "./export/export-targets.js";
import { TARGETS } from "./render-targets.js";
import { SUBAGENT_NAMES } from "./subagents.js";

// The attacker's side of deploy-adapters and export-rules: every place they write is a link out of the project.
let project: TestProject;
let outside: string;
beforeEach(() => {
  project = tempProject("archon-linked-");
  outside = mkdtempSync(join(tmpdir(), "archon-outside-"));
});
afterEach(() => {
  project.cleanup();
  rmSync(outside, { recursive: true, force: true });
});

/** What lies outside, each file with the text an attacker hopes archon overwrites or deletes. */
const OUTSIDE_FILES: Record<string, string> = {
  "CLAUDE.md": "# someone else's notes\n",
  // An export block of archon's, so export-rules means to rewrite the file rather than call it hand-written.
  "AGENTS.md": `${EXPORT_BLOCK.start}\nold rules\n${EXPORT_BLOCK.end}\n`,
  "claude/settings.json": '{ "theirs": true }\n',
  "claude/rules/stale.md": ownedFile(['description: "Stale"'], "An old exported rule."),
  "cursor/rules/stale.mdc": ownedFile(['description: "Stale"'], "An old exported rule."),
  "agents/keep.txt": "keep\n",
  "github/copilot-instructions.md": "# theirs\n",
  "hooks/pre-commit": "#!/bin/sh\necho theirs\n",
};
const LINKS: Record<string, string> = {
  "CLAUDE.md": "CLAUDE.md",
  "AGENTS.md": "AGENTS.md",
  ".claude": "claude",
  ".cursor": "cursor",
  ".agents": "agents",
  ".github": "github",
  ".git/hooks": "hooks",
};

function plantLinks() {
  spawnSync("git", ["init", "-q"], { cwd: project.root });
  for (const [path, text] of Object.entries(OUTSIDE_FILES)) {
    mkdirSync(dirname(join(outside, path)), { recursive: true });
    writeFileSync(join(outside, path), text);
  }
  rmSync(join(project.root, ".git", "hooks"), { recursive: true, force: true });
  for (const [link, to] of Object.entries(LINKS)) symlinkSync(join(outside, to), join(project.root, link));
}

describe("deploy-adapters into a project whose targets link outside it", () => {
  it("writes nothing anywhere, names every linked target, and leaves the outside folder byte for byte", () => {
    plantLinks();
    const before = treeHashes(outside);
    const ctx = project.context("admin");
    const config = adapterConfig({ version: "1.2.3", projectRoot: project.root, env: {} });
    const error = refusal(() => deployAdapters(writeContext(ctx), { targets: TARGETS, config }));
    expect(error.message.split("\n")[0]).toBe("Nothing was deployed:");
    const refused = error.message
      .split("\n")
      .slice(1)
      .flatMap((line) => /Refused to write (\S+):/.exec(line)?.[1] ?? []);
    expect(refused).toEqual([
      "CLAUDE.md",
      ".claude/skills/archon-setup/SKILL.md",
      ".claude/skills/archon-bulk-import/SKILL.md",
      ".claude/skills/archon-triage/SKILL.md",
      ...SUBAGENT_NAMES.map((name) => `.claude/agents/${name}.md`),
      ".claude/settings.local.json",
      ".claude/settings.json",
      ".git/hooks/pre-commit",
      ".git/hooks/post-merge",
      ".cursor/rules/archon-process.mdc",
      ".cursor/skills/archon-setup/SKILL.md",
      ".cursor/skills/archon-bulk-import/SKILL.md",
      ".cursor/skills/archon-triage/SKILL.md",
      ".cursor/hooks.json",
      "AGENTS.md",
      ".agents/skills/archon-setup/SKILL.md",
      ".agents/skills/archon-bulk-import/SKILL.md",
      ".agents/skills/archon-triage/SKILL.md",
    ]);
    expect(error.message).toMatch(/archon does not write through links that leave the project/);
    expect(treeHashes(outside)).toEqual(before);
    expect(listAdapterMeta(ctx.kdb.db)).toEqual([]);
  });
});

describe("export-rules into a project whose rule folders link outside it", () => {
  it("refuses before the first write, so no rule lands and no stale file outside is deleted", () => {
    plantLinks();
    const ctx = project.context("admin");
    seed(ctx, { documents: [doc("api-errors", { title: "API errors", patterns: ["src/api/**"] })] });
    const before = treeHashes(outside);
    const error = refusal(() =>
      exportRules({ db: ctx.kdb.db, projectRoot: project.root }, { targets: EXPORT_TARGETS }),
    );
    expect(error.message).toMatch(/^Refused to (write|delete) \S+: /);
    expect(error.hint).toMatch(/archon does not write through links that leave the project/);
    expect(treeHashes(outside)).toEqual(before);
    expect(readdirSync(project.root).sort()).toEqual(
      [...Object.keys(LINKS).filter((l) => !l.includes("/")), ".archon", ".git"].sort(),
    );
  });

  it("refuses each linked target on its own, naming the file, and the outside stays whole", () => {
    plantLinks();
    const ctx = project.context("admin");
    seed(ctx, { documents: [doc("api-errors", { title: "API errors", patterns: ["src/api/**"] })] });
    const before = treeHashes(outside);
    const messages = (["cursor", "claude", "copilot", "agents"] as const).map(
      (target) =>
        refusal(() => exportRules({ db: ctx.kdb.db, projectRoot: project.root }, { targets: [target] }))
          .message,
    );
    expect(messages.map((m) => m.replace(/resolves to \S+,/, "resolves to <outside>,"))).toEqual([
      "Refused to write .cursor/rules/api-errors.mdc: its folder resolves to <outside>, outside the project.",
      "Refused to write .claude/rules/api-errors.md: its folder resolves to <outside>, outside the project.",
      "Refused to write .github/instructions/api-errors.instructions.md: its folder resolves to <outside>, outside the project.",
      "Refused to write AGENTS.md: it is a symbolic link.",
    ]);
    expect(treeHashes(outside)).toEqual(before);
  });
});
