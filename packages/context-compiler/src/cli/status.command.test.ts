import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { adapterConfig } from "../adapters/adapter-config.js";
import { deployAdapters } from "../adapters/deploy-adapters.js";
import { writeContext } from "../context/archon-context.js";
import { createProposal } from "../store/proposals.js";
import { commitAll } from "../test-support/git.js";
import { doc, seed, type TestProject, tempProject } from "../test-support/project.js";
import { VERSION } from "../version.js";
import type { GlobalOptions } from "./options.js";
import { type ProjectStatus, statusCommand } from "./status.command.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject();
});
afterEach(() => project.cleanup());

const options = (): GlobalOptions => ({ surface: "admin", db: project.dbPath, projectRoot: project.root });
function run(opts: { json?: boolean } = {}) {
  let text = "";
  statusCommand(options(), opts, { write: (t: string) => (text += t) });
  return text;
}
const opened: ReturnType<TestProject["context"]>[] = [];
function open() {
  const ctx = project.context();
  opened.push(ctx);
  return ctx;
}
const status = () => JSON.parse(run({ json: true })) as ProjectStatus;

/** The database and its write-ahead log, byte for byte, once every connection is closed. */
function dbBytes(): (string | null)[] {
  for (const ctx of opened.splice(0)) ctx.close();
  return ["", "-wal", "-shm"].map((suffix) =>
    existsSync(project.dbPath + suffix) ? readFileSync(project.dbPath + suffix).toString("base64") : null,
  );
}
function propose(doc_id: string, bundle_id?: string) {
  const ctx = open();
  const payload = { doc_id, title: doc_id, content: "x", edge_hints: [] };
  createProposal(
    ctx.kdb.db,
    { proposal_type: "new_doc", payload, source: "import", bundle_id },
    ctx.clock,
    ctx.ids,
  );
}

describe("archon status on a project without knowledge", () => {
  it("points at import-rules when instruction files are there, and creates no database", () => {
    project.write("CLAUDE.md", "## Testing\nNever skip tests.\n");
    expect(status()).toEqual({
      database: { path: project.dbPath, exists: false },
      knowledge_version: 0,
      approved_documents: 0,
      pending: { proposals: 0, bundles: [], unbundled: 0 },
      observations: { new: 0, analyzed: 0 },
      adapters: { deployed: 0, stale: [] },
      instruction_files: ["CLAUDE.md"],
      rule_files: { uncommitted: null, recent_changes: [] },
      next: {
        command: "archon import-rules",
        reason: "the knowledge base is empty and 1 instruction file(s) can be imported",
      },
    });
    expect(existsSync(project.dbPath)).toBe(false);
  });

  it("points at setup when there is nothing to import", () => {
    open();
    expect(status().next).toEqual({
      command: "archon setup",
      reason: "the knowledge base is empty and there are no rule files to import",
    });
  });
});

describe("archon status with work waiting", () => {
  it("names the oldest pending bundle's approve command and writes nothing", () => {
    seed(open(), { documents: [doc("a")] });
    propose("b", "bnd_x");
    propose("c", "bnd_x");
    propose("d");
    propose("e", "bnd_y");
    const before = dbBytes();
    expect(run()).toBe(
      [
        "knowledge_version  1",
        "documents          1 approved",
        "pending            4 proposal(s); bundles bnd_x (2), bnd_y (1); 1 outside a bundle",
        "observations       0 new (not analyzed), 0 analyzed",
        "adapters           none deployed",
        "rule files         not in git: absorbed from the working folder when a process opens the project",
        "",
        "Next: archon approve bnd_x  (bundle bnd_x holds 2 pending proposal(s); review them first with archon proposals --bundle bnd_x)",
        "",
      ].join("\n"),
    );
    expect(status().pending).toEqual({
      proposals: 4,
      bundles: [
        { bundle_id: "bnd_x", count: 2 },
        { bundle_id: "bnd_y", count: 1 },
      ],
      unbundled: 1,
    });
    expect(dbBytes()).toEqual(before);
  });

  it("names deploy-adapters when deployed adapter files are stale", () => {
    const ctx = open();
    seed(ctx, { documents: [doc("a")] });
    const old = adapterConfig({ version: "0.0.1", projectRoot: project.root, env: {} });
    deployAdapters(writeContext(ctx), { targets: ["codex"], config: { ...old, prefix: "kb_" } });
    const s = status();
    expect(s.adapters.stale.length).toBeGreaterThan(0);
    expect(s.adapters.stale.every((a) => a.archon_version === "0.0.1")).toBe(true);
    expect(s.next).toEqual({
      command: "archon deploy-adapters",
      reason: `${s.adapters.stale.length} adapter file(s) are stale for archon ${VERSION}`,
    });
  });

  it("says nothing is waiting when nothing is", () => {
    seed(open(), { documents: [doc("a")] });
    expect(run().endsWith("\nNothing is waiting.\n")).toBe(true);
  });
});

describe("archon status in a git repository", () => {
  it("names rule files approvals changed that no commit holds yet, and what commits brought", () => {
    seed(open(), { documents: [doc("a", { patterns: ["src/**"] })] });
    commitAll(project.root, "Rule a", true);
    seed(open(), { documents: [doc("b", { patterns: ["lib/**"] })] });
    const s = status();
    expect(s.rule_files).toEqual({
      uncommitted: [".archon/rules/b.md"],
      recent_changes: [],
    });
    expect(s.next).toEqual({
      command: "git add .archon/rules && git commit",
      reason: "1 rule file(s) changed by approvals are not committed; a teammate gets them with the commit",
    });
    writeFileSync(
      join(project.root, ".archon/rules/a.md"),
      readFileSync(join(project.root, ".archon/rules/a.md"), "utf8").replace(
        "Content of a.",
        "New text of a.",
      ),
    );
    commitAll(project.root, "Reword a");
    expect(status().rule_files.recent_changes).toEqual([
      expect.stringMatching(
        /^commit [0-9a-f]{7,} Test: Reword a added or changed a \(knowledge_version 3\)\./,
      ),
    ]);
  });
});
