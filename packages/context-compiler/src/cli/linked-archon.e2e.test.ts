import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { treeHashes } from "../test-support/file-tree.js";
import { commitAll } from "../test-support/git.js";
import { runCli } from "../test-support/run-cli.js";
import { connectArchon, textOf } from "../test-support/stdio-client.js";

// A project whose .archon (or whose database file) is a link leading out of it: archon refuses to open
// the database through it, for a server and every command, and writes nothing where it leads.

let base: string;
let root: string;
let outside: string;
beforeEach(() => {
  base = realpathSync(mkdtempSync(join(tmpdir(), "archon-linked-")));
  root = join(base, "project");
  outside = join(base, "elsewhere");
  mkdirSync(root);
  mkdirSync(outside);
  writeFileSync(
    join(root, "archon.seed.yaml"),
    'documents:\n  - doc_id: tabs\n    title: Tabs\n    content: "Use tabs."\n',
  );
  commitAll(root, "first", true);
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

const refusal = (link: string, target: string) =>
  `${link} is a link to ${target}, outside the project ${root}: archon opens a project's own database only inside the project.\nHint: Replace the link with a real folder or file inside the project (move what it holds there), or pass --db the database's path if you mean to keep it elsewhere.`;

/** What a creating command, a reading command and a server answer in the project. */
async function answers() {
  const server = await connectArchon({
    surface: "agent",
    dbPath: join(root, ".archon", "archon.db"),
    projectRoot: root,
  });
  try {
    const call = await server.call("archon_workspace_status");
    return {
      seed: runCli(root, ["seed", "archon.seed.yaml"]),
      stats: runCli(root, ["stats"]),
      server: { isError: call.isError, text: textOf(call) },
    };
  } finally {
    await server.close();
  }
}

const refusedEverywhere = (message: string) => ({
  seed: { code: 1, stdout: "", stderr: `archon: ${message}\n` },
  stats: { code: 1, stdout: "", stderr: `archon: ${message}\n` },
  server: { isError: true, text: message },
});

describe("an .archon that is a link out of the project", () => {
  it.each([
    ["absolute", () => outside],
    ["relative", () => join("..", basename(outside))],
  ])(
    "is refused when the link is %s, naming the link and where it leads, and nothing is written there",
    async (_kind, target) => {
      symlinkSync(target(), join(root, ".archon"));
      expect(await answers()).toEqual(refusedEverywhere(refusal(join(root, ".archon"), outside)));
      expect(treeHashes(outside)).toEqual({});
    },
  );
});

describe("a database file that is a link out of the project", () => {
  it("is refused too, and the file it leads to stays as it was", async () => {
    mkdirSync(join(root, ".archon"));
    writeFileSync(join(outside, "other.db"), "");
    symlinkSync(join(outside, "other.db"), join(root, ".archon", "archon.db"));
    const before = treeHashes(outside);
    expect(await answers()).toEqual(
      refusedEverywhere(refusal(join(root, ".archon", "archon.db"), join(outside, "other.db"))),
    );
    expect(treeHashes(outside)).toEqual(before);
  });
});

describe("a --db the person names outside the project", () => {
  it("stays their choice", () => {
    const db = join(outside, "knowledge.db");
    expect(runCli(root, ["--db", db, "seed", "archon.seed.yaml"])).toMatchObject({ code: 0, stderr: "" });
    expect(Object.keys(treeHashes(outside))).toEqual(["knowledge.db"]);
  });
});
