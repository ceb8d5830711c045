// The background audit writer seen from outside: a real agent server over stdio writes every compile's
// audit row from its worker thread, get_compile_audit reads back exactly what the compile reported in its
// debug part, a second server process reads the same rows, closing the client leaves no row unwritten, and
// the writer's thread runs at a lower priority than the one answering requests.
import { readdirSync } from "node:fs";
import { getPriority } from "node:os";
import { openDatabase } from "@archon/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { compileContextTool } from "../mcp/agent/compile-context.tool.js";
import { getCompileAuditTool } from "../mcp/agent/get-compile-audit.tool.js";
import { doc, seed, type TestProject, tempProject } from "../test-support/project.js";
import { type ConnectedClient, connectArchon } from "../test-support/stdio-client.js";
import { BACKGROUND_NICE_STEPS } from "./thread-priority.js";

let project: TestProject;
const clients: ConnectedClient[] = [];
const open = async () => {
  const c = await connectArchon({ surface: "agent", dbPath: project.dbPath, projectRoot: project.root });
  clients.push(c);
  return c;
};

beforeEach(() => {
  project = tempProject();
  const api = "Validate input at the route. ".repeat(40);
  const naming = "Name files for what they hold. ".repeat(200);
  project.write("docs/web-api.md", api);
  project.write("docs/naming.md", naming);
  const ctx = project.context();
  seed(ctx, {
    documents: [
      doc("web-api", {
        patterns: ["apps/web/src/api/**"],
        content: "Validate input at the route. ".repeat(40),
      }),
      doc("web-ui", { patterns: ["apps/web/src/components/*.tsx"], content: "Keep components pure." }),
      doc("errors", {
        kind: "constraint",
        priority: 10,
        patterns: ["apps/*/src/**"],
        depends_on: ["naming"],
      }),
      doc("naming", { content: naming, source_path: "docs/naming.md" }),
    ],
  });
  ctx.close();
});
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close();
  project.cleanup();
});

const REQUESTS = [
  { target_files: ["apps/web/src/api/users.ts"], plan: "add paging to the users route" },
  {
    target_files: ["apps/web/src/components/Table.tsx", "apps/web/src/api/users.ts"],
    max_inline_bytes: 1500,
  },
  { target_files: ["apps/web/src/components/Table.ts"], plan: "rename a column" },
  { target_files: ["apps/admin/src/index.ts"], content_mode: "metadata" as const },
];

describe("audit rows written by the server's background writer", () => {
  it("answer get_compile_audit with exactly the compile's debug part, from this process and another", async () => {
    const a = await open();
    const compiled = [];
    for (let i = 0; i < 24; i++) {
      const request = REQUESTS[i % REQUESTS.length] as (typeof REQUESTS)[number];
      compiled.push(await a.result(compileContextTool, { ...request, include_debug: true }));
    }
    // Every part of the packed form is exercised: drops with reasons, near misses, layer classification.
    const debug = compiled.map((r) => r.debug_info);
    expect(debug.some((d) => (d?.budget_drops.length ?? 0) > 0)).toBe(true);
    expect(debug.some((d) => (d?.near_miss_edges.length ?? 0) > 0)).toBe(true);
    expect(debug.some((d) => (d?.layer_classification.length ?? 0) > 0)).toBe(true);
    const b = await open();
    for (const r of compiled) {
      const expected = {
        resolved_doc_ids: [...r.base.documents, ...r.base.templates, ...(r.expanded?.documents ?? [])].map(
          (d) => d.doc_id,
        ),
        budget_drops: r.debug_info?.budget_drops,
        near_miss_edges: r.debug_info?.near_miss_edges,
        layer_classification: r.debug_info?.layer_classification,
      };
      for (const reader of [a, b]) {
        const audit = await reader.result(getCompileAuditTool, { compile_id: r.compile_id });
        expect({
          resolved_doc_ids: audit.resolved_doc_ids,
          budget_drops: audit.budget_drops,
          near_miss_edges: audit.near_miss_edges,
          layer_classification: audit.layer_classification,
        }).toEqual(expected);
        expect(audit.replay).toMatchObject({ same_result: true });
      }
    }
  });

  it("are all in the database once the client has closed the server", async () => {
    const a = await open();
    const ids: string[] = [];
    for (let i = 0; i < 40; i++) {
      const request = REQUESTS[i % REQUESTS.length] as (typeof REQUESTS)[number];
      ids.push((await a.result(compileContextTool, request)).compile_id);
    }
    await a.close();
    clients.splice(0);
    // The server exits on its own after its client leaves; its close writes what the worker still held.
    const db = openDatabase(project.dbPath, { readonly: true });
    let logged: string[] = [];
    for (let tries = 0; tries < 100 && logged.length < ids.length; tries++) {
      logged = db.prepare("SELECT compile_id FROM compile_log").pluck().all() as string[];
      if (logged.length < ids.length) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(logged.sort()).toEqual([...ids].sort());
    db.close();
  });

  it.runIf(process.platform === "linux")(
    "come from a thread below the main thread's priority, the only one the server lowers",
    async () => {
      const a = await open();
      await a.result(compileContextTool, REQUESTS[0]);
      const pid = a.pid as number;
      const main = getPriority(pid);
      const lowered = () =>
        readdirSync(`/proc/${pid}/task`)
          .map(Number)
          .filter((tid) => getPriority(tid) !== main);
      // The compile starts the writer; its thread lowers itself once its script has loaded.
      for (let tries = 0; tries < 100 && lowered().length === 0; tries++)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(lowered()).toHaveLength(1);
      expect(getPriority(lowered()[0] as number)).toBe(Math.min(19, main + BACKGROUND_NICE_STEPS));
    },
  );
});
