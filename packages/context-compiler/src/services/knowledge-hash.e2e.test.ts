// knowledge_hash across machines: two server processes over two databases built from the same rules.
import { afterEach, describe, expect, it } from "vitest";
import type { SeedDocument } from "../knowledge/seed-file.js";
import { compileContextTool } from "../mcp/agent/compile-context.tool.js";
import { getCompileAuditTool } from "../mcp/agent/get-compile-audit.tool.js";
import { workspaceStatusTool } from "../mcp/agent/workspace-status.tool.js";
import { deterministicPart } from "../test-support/deterministic-part.js";
import { doc, seed, type TestProject, tempProject } from "../test-support/project.js";
import { type ConnectedClient, connectArchon } from "../test-support/stdio-client.js";
import type { CompileResponse } from "./compile-service.js";

const projects: TestProject[] = [];
const clients: ConnectedClient[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close();
  for (const p of projects.splice(0)) p.cleanup();
});

const documents: SeedDocument[] = [
  doc("api", { patterns: ["src/api/**", "src/**/*.ts"], depends_on: ["errors"], tags: ["http"] }),
  doc("errors", { layers: ["api"], description: "error envelopes and status codes" }),
  doc("style", { patterns: ["src/**"], priority: 50 }),
];
const layer_rules = [{ pattern: "src/api/**", layer: "api" }];
const request = { target_files: ["src/api/users.ts"], plan: "return error envelopes", include_debug: true };

/** A project whose database a person built from the rules: seeded in `order`, `times` over. */
async function machine(order: SeedDocument[], times: number): Promise<ConnectedClient> {
  const project = tempProject();
  projects.push(project);
  const ctx = project.context();
  // Seeding a changed copy and then the rules again moves the version on and leaves the same rules.
  for (let i = 1; i < times; i++)
    seed(ctx, { documents: order.map((d) => ({ ...d, content: `${d.content} (draft ${i})` })), layer_rules });
  seed(ctx, { documents: order, layer_rules });
  ctx.close();
  const client = await connectArchon({ surface: "agent", dbPath: project.dbPath, projectRoot: project.root });
  clients.push(client);
  return client;
}

async function observe(client: ConnectedClient) {
  const compiled = await client.result(compileContextTool, request);
  const status = await client.result(workspaceStatusTool);
  const audit = await client.result(getCompileAuditTool, { compile_id: compiled.compile_id });
  return {
    compiled,
    seen: {
      version: compiled.knowledge_version,
      status: { version: status.knowledge_version, hash: status.knowledge_hash },
      audit: audit.knowledge_hash,
      replay: { hash: audit.replay?.knowledge_hash, same: audit.replay?.same_result },
    },
  };
}

describe("two servers over two databases built from the same rules", () => {
  it("answer the same request with the same knowledge_hash and the same deterministic bytes", async () => {
    const [one, other] = await Promise.all([
      machine(documents, 1),
      machine(
        [...documents].reverse().map((d) => ({ ...d, patterns: [...d.patterns].reverse() })),
        3,
      ),
    ]);
    const a = await observe(one);
    const b = await observe(other);
    const hash = a.compiled.knowledge_hash;
    expect([a.seen, b.seen]).toEqual([
      { version: 1, status: { version: 1, hash }, audit: hash, replay: { hash, same: true } },
      { version: 3, status: { version: 3, hash }, audit: hash, replay: { hash, same: true } },
    ]);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    const part = (r: typeof a.compiled) => deterministicPart(r as CompileResponse);
    expect(part(b.compiled)).toBe(part(a.compiled));
  });
});
