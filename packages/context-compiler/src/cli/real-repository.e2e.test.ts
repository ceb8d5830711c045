import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXPORT_TARGETS } from "../adapters/export/export-targets.js";
import { withoutArchonBlocks } from "../adapters/export/shared-files.js";
import { REALISTIC_TARGETS, realisticRepoFiles, writeRealisticRepo } from "../bench/realistic-repo.js";
import { compileContextTool } from "../mcp/agent/compile-context.tool.js";
import { approvedDocumentTexts } from "../store/documents.js";
import { commitAll, git } from "../test-support/git.js";
import { type TestProject, tempProject } from "../test-support/project.js";
import { runCli } from "../test-support/run-cli.js";
import { ARCHON_BIN, connectArchon } from "../test-support/stdio-client.js";

let project: TestProject;
const originals = realisticRepoFiles();
const instructionFiles = Object.keys(originals).filter((p) => /\.(md|mdc)$/.test(p));

const archon = (...args: string[]) => runCli(project.root, args);

function json<T>(...args: string[]): T {
  const r = archon(...args, "--json");
  expect(r.stderr).toBe("");
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout) as T;
}

const SETUP = ["setup", "--yes", "--agents", "claude,cursor,codex", "--template", "auto", "--no-embeddings"];

/** The lines a person wrote as rules: frontmatter and `@path` import lines are not rule text. */
function ruleLines(text: string): string[] {
  const lines = text.split("\n");
  let at = 0;
  if (lines[0] === "---") at = lines.indexOf("---", 1) + 1;
  return lines.slice(at).filter((l) => l.trim() !== "" && l.trim() !== "---" && !/^@\S+$/.test(l.trim()));
}

function allFiles(dir: string, prefix = ""): string[] {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? e.name === ".git"
        ? []
        : allFiles(dir, `${prefix}${e.name}/`)
      : [`${prefix}${e.name}`],
  );
}

let migrated: { backup_folder: string; documents_added: string[]; sources_removed: string[] };

beforeAll(() => {
  project = tempProject("archon-real-repo-");
  writeRealisticRepo(project.root);
  commitAll(project.root, "the repository as the team has it", true);
  json(...SETUP, "--no-migrate");
  // Setup just wrote archon's block into CLAUDE.md and AGENTS.md; migrate goes ahead on that alone.
  ({ result: migrated } = json<{ result: typeof migrated }>("migrate", "--yes"));
}, 120_000);
afterAll(() => project.cleanup());

describe("a real repository, migrated", () => {
  it("moves every rule into .archon/rules and leaves the instruction files archon's block", () => {
    expect(migrated.documents_added.length).toBeGreaterThanOrEqual(30);
    expect(migrated.sources_removed).toEqual(
      instructionFiles
        .filter((p) => p.startsWith(".cursor/") || p.startsWith(".github/") || p.startsWith(".claude/"))
        .sort(),
    );
    for (const path of ["AGENTS.md", "CLAUDE.md"]) {
      const text = readFileSync(join(project.root, path), "utf8");
      expect(text.startsWith("<!-- archon:start -->")).toBe(true);
      expect(Buffer.byteLength(text)).toBeLessThan(1024);
    }
    expect(readFileSync(join(project.root, "apps/web/AGENTS.md"), "utf8").split("\n")).toHaveLength(4);
  });

  it("keeps every original byte: each file in the backup, each rule line in .archon/rules", () => {
    // The backup is the file as migrate found it: what the team committed, plus the block setup added.
    for (const path of instructionFiles) {
      const backup = readFileSync(join(project.root, migrated.backup_folder, path), "utf8");
      expect(backup.startsWith(originals[path] as string), path).toBe(true);
      expect(withoutArchonBlocks(path, backup).trimEnd()).toBe((originals[path] as string).trimEnd());
    }
    const ruleDir = join(project.root, ".archon/rules");
    const rules = readdirSync(ruleDir)
      .filter((f) => f.endsWith(".md"))
      .map((f) => readFileSync(join(ruleDir, f), "utf8"))
      .join("\n");
    for (const path of instructionFiles)
      for (const line of ruleLines(originals[path] as string))
        if (!line.startsWith("# ")) expect(rules, `${path}: ${line}`).toContain(line);
  });

  it("answers compiles over MCP in compact text, with the rules of each file and the manual rules its plan is about", async () => {
    const agent = await connectArchon({
      surface: "agent",
      dbPath: project.dbPath,
      projectRoot: project.root,
    });
    try {
      for (const { file, plan } of REALISTIC_TARGETS) {
        const { result, text } = await agent.resultAndText(compileContextTool, {
          target_files: [file],
          plan,
        });
        expect(text).not.toMatch(/archon:(start|end|managed)/);
        expect(Buffer.byteLength(text)).toBeLessThan(JSON.stringify(result).length);
        expect(result.warnings).toEqual([]);
        if (file === "apps/web/lib/flags.ts") expect(result.expanded?.described).toContain("posthog-flags");
        if (file === "packages/db/migrations/002_digest.sql")
          expect(result.expanded?.described).toContain("weekly-digest");
      }
      const button = await agent.result(compileContextTool, {
        target_files: ["apps/web/components/Button.tsx"],
        plan: "add a loading state to the Button component",
      });
      const inline = button.base.documents.filter((d) => d.delivery === "inline").map((d) => d.doc_id);
      expect(inline).toContain("react-components");
      expect(inline).toContain("web-components");
    } finally {
      await agent.close();
    }
  }, 60_000);

  it("exports to all nine targets, survives setup again, and a re-import proposes nothing", () => {
    const exported = json<{ conflicts: unknown[]; drift: string[] }>(
      "export-rules",
      "--targets",
      EXPORT_TARGETS.join(","),
    );
    expect(exported.conflicts).toEqual([]);
    expect(archon("export-rules", "--targets", EXPORT_TARGETS.join(","), "--check").code).toBe(0);
    const again = archon(...SETUP);
    expect(again.stderr).toBe("");
    expect(again.code).toBe(0);
    const agents = readFileSync(join(project.root, "AGENTS.md"), "utf8");
    expect(agents.split("\n").filter((l) => l.trim() === "<!-- archon:start -->")).toHaveLength(1);
    const reimport = json<{ items: unknown[] }>("import-rules", "--dry-run");
    expect(reimport.items).toEqual([]);
  });

  it("holds no archon marker in any document and no machine path in any file git would commit", () => {
    const ctx = project.context();
    try {
      for (const doc of approvedDocumentTexts(ctx.kdb.db))
        expect(doc.content, doc.doc_id).not.toMatch(/archon:/);
    } finally {
      ctx.close();
    }
    git(project.root, "add", "-A");
    const tracked = git(project.root, "ls-files").trim().split("\n");
    expect(tracked.length).toBeGreaterThan(allFiles(project.root).length / 2);
    const machine = [project.root, dirname(dirname(ARCHON_BIN))];
    for (const path of tracked) {
      const bytes = readFileSync(join(project.root, path));
      for (const m of machine) expect(bytes.includes(m), `${path} holds ${m}`).toBe(false);
    }
  });
});
