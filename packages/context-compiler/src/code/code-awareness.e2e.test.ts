import { execFileSync, spawnSync } from "node:child_process";
import { appendFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searchLogicFlowTool } from "../mcp/agent/search-logic-flow.tool.js";
import { verifyDoneTool } from "../mcp/agent/verify-done.tool.js";
import { commitAll, git } from "../test-support/git.js";
import { personEnv } from "../test-support/person-env.js";
import { doc, seed, type TestProject, tempProject } from "../test-support/project.js";
import { ARCHON_BIN, type ConnectedClient, connectArchon, textOf } from "../test-support/stdio-client.js";
import { toolPrefix } from "../vocabulary/tool-prefix.js";

// The code layer end to end, through the built `archon`: the CLI indexes, a real MCP client asks the agent
// surface, and the hooks are fed the JSON Claude Code sends.
let project: TestProject;
let agent: ConnectedClient;

function archon(args: string[], stdin?: unknown) {
  const r = spawnSync(process.execPath, [ARCHON_BIN, "--project-root", project.root, ...args], {
    input: stdin === undefined ? "" : JSON.stringify(stdin),
    encoding: "utf8",
    env: personEnv(),
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
const id = (path: string, name: string) => `typescript ${path} ${name}`;

beforeAll(async () => {
  project = tempProject();
  project.write(".gitignore", ".archon/\n");
  project.write(
    "src/api/orders.ts",
    'import { saveOrder } from "../db/orders.js";\nexport function placeOrder() { validate(); saveOrder(); }\nfunction validate() {}\n',
  );
  project.write("src/db/orders.ts", "export function saveOrder() { write(); }\nexport function write() {}\n");
  project.write("src/db/audit.ts", "export function write() {}\n");
  project.write("src/ui/cart.ts", "export function cart() { return 1; }\n");
  project.write("src/ui/cart.test.ts", 'import { cart } from "./cart.js";\ncart();\n');
  project.write("tests/e2e/checkout.spec.ts", "export {};\n");
  project.write("docs/overview.md", "# Overview\n");
  commitAll(project.root, "initial", true);
  for (let n = 1; n <= 3; n++) {
    appendFileSync(join(project.root, "src/ui/cart.ts"), `// ${n}\n`);
    appendFileSync(join(project.root, "tests/e2e/checkout.spec.ts"), `// ${n}\n`);
    commitAll(project.root, `cart change ${n}`);
  }
  const ctx = project.context();
  seed(ctx, {
    documents: [
      doc("ui-no-db", {
        kind: "constraint",
        patterns: ["src/ui/**"],
        content:
          'The UI never reaches the database.\n\n```verify\nforbid_import: ["src/db/**"]\nrequire_companion: ["{dir}/{name}.test.ts"]\n```\n',
      }),
    ],
  });
  ctx.close();
  agent = await connectArchon({ surface: "agent", dbPath: project.dbPath, projectRoot: project.root });
});
afterAll(async () => {
  await agent.close();
  project.cleanup();
});

describe("code awareness through the CLI and a real MCP client", () => {
  it("indexes the repository, then answers a call path across two files and an ambiguous name", async () => {
    const indexed = archon(["reindex-symbols", "--json"]);
    expect(indexed.code).toBe(0);
    expect(JSON.parse(indexed.stdout)).toMatchObject({ source: "git", parsed: 6, complete: true });

    expect(
      await agent.result(searchLogicFlowTool, {
        from_symbol: "placeOrder",
        to_symbol: id("src/db/orders.ts", "write"),
      }),
    ).toMatchObject({
      depth: 2,
      paths: [
        [
          id("src/api/orders.ts", "placeOrder"),
          id("src/db/orders.ts", "saveOrder"),
          id("src/db/orders.ts", "write"),
        ],
      ],
      steps_by_resolution: { import: 1, local: 1 },
      unresolved_calls: 0,
    });
    const ambiguous = await agent.result(searchLogicFlowTool, {
      from_symbol: "placeOrder",
      to_symbol: "write",
    });
    expect({ depth: ambiguous.depth, paths: ambiguous.paths, to: ambiguous.ambiguous_to }).toEqual({
      depth: null,
      paths: [],
      to: [
        { symbol_id: id("src/db/audit.ts", "write"), kind: "function", path: "src/db/audit.ts", line: 1 },
        { symbol_id: id("src/db/orders.ts", "write"), kind: "function", path: "src/db/orders.ts", line: 2 },
      ],
    });
  });

  it("catches a forbidden import from a real diff and a missing companion, and lists tests from both signals", async () => {
    project.write(
      "src/ui/cart.ts",
      'import { saveOrder } from "../db/orders.js";\nexport function cart() { saveOrder(); return 1; }\n',
    );
    const verdict = await agent.result(verifyDoneTool, { diff: git(project.root, "diff") });
    expect({
      verdict: verdict.verdict,
      violations: verdict.violations,
      affected: verdict.affected_tests,
    }).toEqual({
      verdict: "fail",
      violations: [
        {
          type: "forbidden_import",
          doc_id: "ui-no-db",
          title: "Title of ui-no-db",
          file: "src/ui/cart.ts",
          rule: "src/db/**",
          line: 1,
          import: "../db/orders.js",
          resolved_path: "src/db/orders.ts",
          evidence: 'import { saveOrder } from "../db/orders.js";',
        },
        {
          type: "missing_companion",
          doc_id: "ui-no-db",
          title: "Title of ui-no-db",
          file: "src/ui/cart.ts",
          rule: "{dir}/{name}.test.ts",
          expected: "src/ui/cart.test.ts",
          evidence: "no other changed file matches src/ui/cart.test.ts",
        },
      ],
      affected: [
        {
          path: "src/ui/cart.test.ts",
          score: 2,
          signals: [
            { signal: "imports", file: "src/ui/cart.ts", line: 1 },
            { signal: "mirrors", file: "src/ui/cart.ts" },
          ],
        },
        {
          path: "tests/e2e/checkout.spec.ts",
          score: 1,
          signals: [{ signal: "co_change", file: "src/ui/cart.ts", together: 4, score: 1 }],
        },
      ],
    });
    const again = await agent.result(verifyDoneTool, { diff: git(project.root, "diff") });
    expect(again.cache).toMatchObject({ hit: true });
  });

  it("re-injects the last verdict after compaction through the hooks deploy-adapters installs", () => {
    const pre = archon(["verify-cache", "--hook"], {
      session_id: "s1",
      hook_event_name: "PreCompact",
      trigger: "auto",
    });
    expect(pre).toMatchObject({
      code: 0,
      stdout: "archon: the last verify_done verdict (fail) will be restored after compaction.\n",
    });
    const after = archon(["verify-cache", "--hook"], {
      session_id: "s1",
      hook_event_name: "SessionStart",
      source: "compact",
    });
    expect(after.code).toBe(0);
    expect(after.stdout.split("\n").slice(1, 4)).toEqual([
      "FAIL: 2 violation(s) over 1 changed file(s).",
      '- forbidden_import in src/ui/cart.ts:1 (ui-no-db): import { saveOrder } from "../db/orders.js";',
      "- missing_companion for src/ui/cart.ts (ui-no-db): no other changed file matches src/ui/cart.test.ts",
    ]);
    const status = archon(["verify-cache", "--status", "--json"]);
    expect(JSON.parse(status.stdout)).toMatchObject({
      entries: 1,
      stale: 0,
      last: { verdict: "fail", violations: 2 },
    });
  });

  it("announces new document candidates from the SessionStart hook, once, and is quiet otherwise", () => {
    const event = { session_id: "s2", hook_event_name: "SessionStart", source: "startup" };
    expect(archon(["reindex-symbols", "--hook"], event)).toMatchObject({ code: 0, stdout: "" });
    project.write("docs/payments.md", "# Payments\n");
    expect(archon(["reindex-symbols", "--hook"], event)).toMatchObject({
      code: 0,
      stdout:
        "archon: 1 new document candidate since the last session (docs/payments.md): not documents or pending proposals yet. To bring them in, use the archon-bulk-import skill; nothing was proposed.\n",
    });
    expect(archon(["reindex-symbols", "--hook"], event)).toMatchObject({ code: 0, stdout: "" });
  });

  it("keeps every hook form fail-open: a bad project root is reported on stderr and exits 0", () => {
    const r = spawnSync(
      process.execPath,
      [ARCHON_BIN, "--project-root", join(project.root, "missing"), "reindex-symbols", "--hook"],
      {
        input: "{}",
        encoding: "utf8",
        env: personEnv(),
      },
    );
    expect({ code: r.status, stdout: r.stdout }).toEqual({ code: 0, stdout: "" });
    expect(r.stderr).toMatch(/^archon reindex-symbols: --project-root .* is not a directory\.\n$/);
  });

  it("answers an agent that names a FIFO it made, and goes on answering", async () => {
    // Opened for reading, a FIFO waits for a writer: the server would hang on it for good.
    const pipe = join(project.root, "src/ui/pipe.ts");
    execFileSync("mkfifo", [pipe]);
    try {
      const answer = await within(
        10_000,
        agent.call(`${toolPrefix()}${verifyDoneTool.name}`, { changed_files: ["src/ui/pipe.ts"] }),
      );
      expect({ isError: answer.isError, text: textOf(answer) }).toEqual({
        isError: true,
        text: 'changed_files "src/ui/pipe.ts" is not a regular file.\nHint: verify_done reads only regular files inside the project: leave this one out of the change, or replace a link with the file itself.',
      });
      const next = await within(10_000, agent.result(verifyDoneTool, { changed_files: ["src/ui/cart.ts"] }));
      expect(next.checked.files.map((f) => f.path)).toEqual(["src/ui/cart.ts"]);
    } finally {
      rmSync(pipe);
    }
  });
});

/** `promise`, or a failure naming the wait once `ms` have passed. */
function within<T>(ms: number, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
