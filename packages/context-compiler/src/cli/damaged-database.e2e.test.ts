import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { renderRulesFile } from "../knowledge/standing-rules/rules-file.js";
import { agentTools } from "../mcp/agent/index.js";
import { commitAll } from "../test-support/git.js";
import { type TestProject, tempProject } from "../test-support/project.js";
import { runCli } from "../test-support/run-cli.js";
import { connectArchon, textOf } from "../test-support/stdio-client.js";

// A knowledge database damaged on disk, met by the built server and commands: each says what is wrong,
// where the approved knowledge still is and how to rebuild; `archon doctor --repair` rebuilds it from the
// committed seed file and rules.md and keeps the damaged file, byte for byte.

let project: TestProject;
let healthy: Buffer;
beforeEach(() => {
  project = tempProject();
  project.write("src/a.ts", "export {};\n");
  project.write(
    "archon.seed.yaml",
    [
      "documents:",
      "  - doc_id: tabs",
      "    title: Tabs",
      '    content: "Indent with tabs."',
      '    patterns: ["src/**"]',
      "  - doc_id: errors",
      "    title: Errors",
      '    content: "Return the error envelope."',
      '    patterns: ["src/**"]',
      "",
    ].join("\n"),
  );
  project.write(
    ".archon/rules.md",
    renderRulesFile([
      { doc_id: "commits", title: "Commits", content: "Write commit messages in the imperative." },
    ]),
  );
  project.write(".gitignore", ".archon/archon.db*\n.archon/hooks/\n");
  commitAll(project.root, "rules", true);
  expect(cli("seed", "archon.seed.yaml")).toMatchObject({ code: 0, stderr: "" });
  expect(cli("sync-rules", "--quiet")).toMatchObject({ code: 0, stderr: "" });
  healthy = readFileSync(project.dbPath);
});
afterEach(() => project.cleanup());

const cli = (...args: string[]) => runCli(project.root, args);
const PAGE = 4096;

/** The ways a file gets damaged, each with what archon says is wrong with it. */
const DAMAGES = {
  "cut short mid-file": {
    bytes: () => healthy.subarray(0, healthy.length / 2 + 100),
    reason: () => 'SQLite says "database disk image is malformed"',
  },
  "cut short inside its last page": {
    bytes: () => healthy.subarray(0, healthy.length - 1000),
    reason: () =>
      `the file is cut short: ${healthy.length - 1000} bytes where its header says ${healthy.length}`,
  },
  "overwritten with garbage": {
    bytes: () => Buffer.alloc(healthy.length, "these are not the bytes of a database "),
    reason: () =>
      'SQLite says "file is not a database": it is not a SQLite database, or its header was overwritten',
  },
  "a valid header over corrupt pages": {
    bytes: () =>
      Buffer.concat([healthy.subarray(0, PAGE), Buffer.alloc(healthy.length - PAGE, "corrupt page ")]),
    reason: () => 'SQLite says "database disk image is malformed"',
  },
};

const explanation = (reason: string) =>
  `The knowledge database ${project.dbPath} is damaged (${reason}), so archon cannot use it. The approved knowledge also lives in what the project committed: archon.seed.yaml, .archon/rules.md and .archon/rules/*.md, plus any backup written by \`archon export\`.\nHint: Stop the agents using this project, then run \`archon doctor --repair\` in it: it first copies the damaged file aside, then builds a fresh database from the committed seed file and rules. Compile audit, memory, observations and proposals lived only in the damaged file and stay in that copy. If it is not this project's database, pass --db the path of one.`;

const damagedCopies = () =>
  readdirSync(join(project.root, ".archon")).filter((f) => f.startsWith("archon.db.damaged-"));

describe.each(Object.entries(DAMAGES))("a knowledge database %s", (_name, damage) => {
  it("is explained by the server on every tool call, and by a command with exit code 1", async () => {
    writeFileSync(project.dbPath, damage.bytes());
    const server = await connectArchon({
      surface: "agent",
      dbPath: project.dbPath,
      projectRoot: project.root,
    });
    try {
      const listed = await server.client.listTools();
      expect(listed.tools.map((t) => t.name)).toEqual(agentTools.map((t) => `archon_${t.name}`));
      const compiled = await server.call("archon_compile_context", { target_files: ["src/a.ts"] });
      expect({ isError: compiled.isError, text: textOf(compiled) }).toEqual({
        isError: true,
        text: explanation(damage.reason()),
      });
    } finally {
      await server.close();
    }
    expect(cli("stats")).toEqual({
      code: 1,
      stdout: "",
      stderr: `archon: ${explanation(damage.reason())}\n`,
    });
  });

  it("is rebuilt by doctor --repair from the committed rules, the damaged copy kept byte for byte", () => {
    const damaged = damage.bytes();
    writeFileSync(project.dbPath, damaged);
    const repair = cli("doctor", "--repair");
    const [copy] = damagedCopies();
    expect(copy).toMatch(/^archon\.db\.damaged-\d{8}T\d{6}Z$/);
    expect(repair).toEqual({
      code: 0,
      stderr: "",
      stdout: [
        `The knowledge database ${project.dbPath} was damaged (${damage.reason()}).`,
        `The damaged file is kept, byte for byte, at ${project.dbPath}.damaged-${copy?.split("-").at(-1)}; a fresh database replaces it.`,
        "",
        "Restored:",
        "  archon.seed.yaml: 2 documents, 0 layer rules",
        "  .archon/rules.md (as committed): 1 rule",
        "Not restored:",
        `  compile audit, episodic memory, observations and proposals: they lived only in the database and stay in ${copy}`,
        "  the symbol index: run `archon reindex-symbols` to build it again",
        "",
      ].join("\n"),
    });
    expect(readFileSync(join(project.root, ".archon", copy as string)).equals(damaged)).toBe(true);
    const stats = JSON.parse(cli("stats", "--json").stdout) as { documents_by_status: unknown };
    expect(stats.documents_by_status).toEqual({ approved: 3 });
    expect(cli("doctor", "--repair")).toEqual({
      code: 0,
      stderr: "",
      stdout: `The knowledge database ${project.dbPath} is healthy: nothing to repair.\n`,
    });
  });
});

describe("a zero-length knowledge database", () => {
  it("is a new, empty one: commands work on it and there is nothing to repair", () => {
    writeFileSync(project.dbPath, "");
    expect(cli("doctor", "--repair").stdout).toBe(
      `The knowledge database ${project.dbPath} is healthy: nothing to repair.\n`,
    );
    const stats = cli("stats", "--json");
    expect({ code: stats.code, documents: JSON.parse(stats.stdout).documents_by_status }).toEqual({
      code: 0,
      documents: {},
    });
    expect(damagedCopies()).toEqual([]);
  });
});
