import { copyFileSync, readFileSync } from "node:fs";
import { sha256 } from "@archon/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { CompileResponse } from "../services/compile-service.js";
import { deterministicPart } from "../test-support/deterministic-part.js";
import { doc, seed, type TestProject, tempProject } from "../test-support/project.js";
import { type ConnectedClient, connectArchon, textOf } from "../test-support/stdio-client.js";
import { getDocumentTool } from "./admin/get-document.tool.js";
import { getEdgeTool } from "./admin/get-edge.tool.js";
import { getStatsTool } from "./admin/get-stats.tool.js";
import { importDocTool } from "./admin/import-doc.tool.js";
import { compileContextTool } from "./agent/compile-context.tool.js";
import { getCompileAuditTool } from "./agent/get-compile-audit.tool.js";
import { getKnownTagsTool } from "./agent/get-known-tags.tool.js";
import { impactTool } from "./agent/impact.tool.js";
import { workspaceStatusTool } from "./agent/workspace-status.tool.js";

let project: TestProject;
const clients: ConnectedClient[] = [];
const open = async (surface: "agent" | "admin", env?: Record<string, string>) => {
  const c = await connectArchon({ surface, dbPath: project.dbPath, projectRoot: project.root, env });
  clients.push(c);
  return c;
};

beforeEach(() => {
  project = tempProject();
  // A compile for a file missing on disk carries a notice; these compiles are for a file that exists.
  project.write("src/api/users.ts", "export {};\n");
  const ctx = project.context();
  seed(ctx, {
    documents: [
      doc("api-constraint", {
        kind: "constraint",
        priority: 10,
        patterns: ["src/api/**"],
        depends_on: ["base-style"],
      }),
      doc("base-style", { patterns: ["src/**/*.ts"], depends_on: ["naming"] }),
      doc("naming", {}),
      doc("layered", { layers: ["api"], tags: ["auth"] }),
      doc("session-rules", { tags: ["auth"] }),
    ],
    layer_rules: [{ pattern: "src/api/**", layer: "api" }],
  });
  ctx.close();
});
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close();
  project.cleanup();
});

const AGENT_TOOLS = [
  "compile_context",
  "verify_done",
  "impact",
  "search_logic_flow",
  "get_compile_audit",
  "recall",
  "get_known_tags",
  "observe",
  "workspace_status",
];
const ADMIN_ONLY = [
  "import_doc",
  "analyze_doc",
  "analyze_import_batch",
  "execute_import_plan",
  "sync_docs",
  "set_doc_tags",
  "get_document",
  "get_edge",
  "list_proposals",
  "get_proposal",
  "approve_proposal",
  "reject_proposal",
  "preflight_proposal_bundle",
  "approve_proposal_bundle",
  "process_observations",
  "list_observations",
  "archive_observations",
  "resolve_conflict",
  "delete_decision",
  "init_detect",
  "init_confirm",
  "check_upgrade",
  "apply_upgrade",
  "sync_init_manifest",
  "deploy_adapters",
  "doctor",
  "get_stats",
  "review_edge_scopes",
  "apply_edge_scopes",
  "maintenance",
];

describe("the two surfaces", () => {
  it("lists the agent tools on the agent surface, prefixed and annotated", async () => {
    const agent = await open("agent");
    const { tools } = await agent.client.listTools();
    expect(tools.map((t) => t.name)).toEqual(AGENT_TOOLS.map((n) => `archon_${n}`));
    for (const tool of tools) {
      // observe records an observation: the agent's one write, and never to canonical knowledge.
      expect(tool.annotations).toMatchObject({
        readOnlyHint: tool.name !== "archon_observe",
        destructiveHint: false,
        openWorldHint: false,
      });
    }
  });

  it("adds the admin tools only on the admin surface", async () => {
    const admin = await open("admin");
    const names = (await admin.client.listTools()).tools.map((t) => t.name);
    expect(names).toEqual([...AGENT_TOOLS, ...ADMIN_ONLY].map((n) => `archon_${n}`));
  });

  it("answers an admin tool called on the agent surface as an unknown tool, and changes nothing", async () => {
    const agent = await open("agent");
    const r = await agent.call("archon_import_doc", { doc_id: "evil", title: "Evil", content: "x" });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toMatch(/Tool archon_import_doc not found/);
    expect((await agent.result(workspaceStatusTool)).knowledge_version).toBe(1);
  });

  it("takes the prefix from ARCHON_TOOL_PREFIX", async () => {
    const agent = await open("agent", { ARCHON_TOOL_PREFIX: "kb_" });
    expect((await agent.client.listTools()).tools.map((t) => t.name)[0]).toBe("kb_compile_context");
  });

  it("names every other tool in a description as it is registered, prefix included", async () => {
    const admin = await open("admin", { ARCHON_TOOL_PREFIX: "kb_" });
    const { tools } = await admin.client.listTools();
    const bare = [...AGENT_TOOLS, ...ADMIN_ONLY].filter((n) => n.includes("_"));
    const unprefixed = new RegExp(`(?<![\\w.])(${bare.join("|")})(?!\\w)`);
    const offenders = tools.flatMap((t) => {
      const found = (t.description ?? "").match(unprefixed)?.[1];
      return found && `kb_${found}` !== t.name ? [`${t.name}: ${found}`] : [];
    });
    expect(offenders).toEqual([]);
    const proposal = tools.find((t) => t.name === "kb_get_proposal");
    expect(proposal?.description).toContain("answered with kb_resolve_conflict before approval");
  });
});

describe("compile_context over stdio", () => {
  it("returns the resolved documents with every response field", async () => {
    const agent = await open("agent");
    const r = await agent.result(compileContextTool, {
      target_files: ["src/api/users.ts"],
      plan: "users endpoint",
    });
    expect(r.compile_id).toMatch(/^cmp_[0-9a-f]{16}$/);
    expect(r).toMatchObject({ knowledge_version: 1, snapshot_id: "snap_v1", warnings: [], notices: [] });
    expect(r.base.documents.map((d) => d.doc_id)).toEqual([
      "api-constraint",
      "base-style",
      "layered",
      "naming",
    ]);
    expect(r.expanded?.documents.map((d) => d.doc_id)).toBeUndefined();
    expect(r.base.resolution_path.length).toBe(5);
  });

  it("answers the model in compact text, and in JSON text when response_format is json", async () => {
    const agent = await open("agent");
    const request = { target_files: ["src/api/users.ts"], plan: "users endpoint" };
    const { result: structured, text } = await agent.resultAndText(compileContextTool, request);
    expect(text.split("\n").slice(0, 4)).toEqual([
      `archon ${structured.compile_id} · knowledge v1 · 4 rule(s) · ${structured.budget.inline_bytes} of 8192 bytes inline`,
      "",
      "## api-constraint (constraint) Title of api-constraint · path src/api/**",
      "Content of api-constraint.",
    ]);
    expect(text).toContain(
      "## naming (guideline) Title of naming · needed by base-style\nContent of naming.",
    );
    expect(Buffer.byteLength(text)).toBeLessThan(JSON.stringify(structured).length / 2);
    const json = await agent.call("archon_compile_context", { ...request, response_format: "json" });
    // The JSON text as sent, unparsed by the schema: a field the structuredContent lacks must show here.
    const parsed = JSON.parse(textOf(json)) as CompileResponse;
    expect(deterministicPart(parsed)).toBe(deterministicPart(structured));
  });

  it("is byte-identical across two server processes for the same request and version", async () => {
    const request = {
      target_files: ["src/api/users.ts", "src/lib/a.ts"],
      plan: "auth for users",
      include_debug: true,
    };
    const one = await open("agent");
    const two = await open("agent");
    const a = await one.result(compileContextTool, request);
    const b = await two.result(compileContextTool, request);
    expect(a.compile_id).not.toBe(b.compile_id);
    expect(deterministicPart(a)).toBe(deterministicPart(b));
    expect(a.expanded?.documents.map((d) => d.doc_id)).toEqual(["session-rules"]);
  });

  it("names the wrong field for bad arguments and keeps serving", async () => {
    const agent = await open("agent");
    const bad = await agent.call("archon_compile_context", { target_files: "src/a.ts" });
    expect(bad.isError).toBe(true);
    expect(textOf(bad)).toMatch(/expected array, received string at target_files/);
    const range = await agent.call("archon_compile_context", { target_files: ["a.ts"], min_relevance: 2 });
    expect(textOf(range)).toMatch(/min_relevance/);
    const ok = await agent.call("archon_compile_context", { target_files: ["src/a.ts"] });
    expect(ok.isError).toBeFalsy();
  });

  it("records each compile for get_compile_audit", async () => {
    const agent = await open("agent");
    const r = await agent.result(compileContextTool, { target_files: ["src/api/x.ts"], agent_id: "claude" });
    const audit = await agent.result(getCompileAuditTool, { compile_id: r.compile_id });
    expect(audit).toMatchObject({
      compile_id: r.compile_id,
      status: "ok",
      agent_id: "claude",
      resolved_doc_ids: ["api-constraint", "base-style", "layered", "naming"],
      delivery: { inline: 4, deferred: 0, omitted: 0 },
      layer_classification: [{ file: "src/api/x.ts", layer: "api", rule_pattern: "src/api/**" }],
    });
    const missing = await agent.call("archon_get_compile_audit", { compile_id: "cmp_nope" });
    expect(missing.isError).toBe(true);
  });

  it("notices when the database file is replaced under it and reopens it", async () => {
    const agent = await open("agent");
    await agent.call("archon_compile_context", { target_files: ["src/a.ts"] });
    const other = tempProject();
    const ctx = other.context();
    seed(ctx, { documents: [doc("pulled", { patterns: ["src/**"] })] });
    seed(ctx, { documents: [doc("pulled", { patterns: ["src/**"], content: "v2" })] });
    ctx.close();
    copyFileSync(other.dbPath, `${project.dbPath}.new`);
    other.cleanup();
    const { renameSync } = await import("node:fs");
    renameSync(`${project.dbPath}.new`, project.dbPath);
    const first = await agent.result(compileContextTool, { target_files: ["src/a.ts"] });
    expect(first.warnings).toContain(
      "The database file was replaced on disk (for example by git pull); the server reopened it for this compile.",
    );
    expect(first).toMatchObject({
      knowledge_version: 2,
      base: { documents: [{ doc_id: "pulled", content: "v2" }] },
    });
    const next = await agent.result(compileContextTool, { target_files: ["src/a.ts"] });
    expect(next.warnings).toEqual([]);
  });
});

describe("the other agent tools", () => {
  it("workspace_status counts each compile once per region, however its paths were written", async () => {
    const agent = await open("agent");
    for (const target_files of [
      ["./src/api/users.ts", "src/api/orders.ts"],
      [`${project.root}/src/api/users.ts`],
      ["src\\api\\users.ts", "README.md"],
      ["/etc/passwd"],
    ])
      await agent.call("archon_compile_context", { target_files });
    const status = await agent.result(workspaceStatusTool);
    expect(status.recent_compile_regions).toEqual([
      { region: "src/api/", compiles: 3 },
      { region: "./", compiles: 1 },
    ]);
  });

  it("impact gives evidence and the dependency chain", async () => {
    const agent = await open("agent");
    const r = await agent.result(impactTool, { files: ["src/api/users.ts"] });
    const byId = Object.fromEntries(r.documents.map((d) => [d.doc_id, d]));
    expect(byId["api-constraint"]).toMatchObject({
      via_dependency_chain: [],
      evidence: [{ edge_type: "path_requires", pattern: "src/api/**" }],
    });
    expect(byId.layered?.evidence).toEqual([
      {
        edge_type: "layer_requires",
        edge_id: 5,
        pattern: "api",
        matched_file: "src/api/users.ts",
        layer: "api",
        parent_doc_id: null,
      },
    ]);
    expect(byId.naming).toMatchObject({
      via_dependency_chain: ["base-style"],
      evidence: [
        { edge_type: "doc_depends_on", matched_file: null, layer: null, parent_doc_id: "base-style" },
      ],
    });
    // Agents often send absolute paths: inside the project they mean the same file.
    const absolute = await agent.result(impactTool, { files: [`${project.root}/src/api/users.ts`] });
    expect(absolute.documents).toEqual(r.documents);
    const sql = await agent.result(impactTool, { files: ["src/api/schema.sql"] });
    const chains = Object.fromEntries(sql.documents.map((d) => [d.doc_id, d.via_dependency_chain]));
    expect(chains).toEqual({
      "api-constraint": [],
      layered: [],
      "base-style": ["api-constraint"],
      naming: ["api-constraint", "base-style"],
    });
  });

  it("workspace_status writes nothing at all", async () => {
    const agent = await open("agent");
    const before = sha256(readFileSync(project.dbPath));
    const status = await agent.result(workspaceStatusTool);
    expect(status).toMatchObject({
      knowledge_version: 1,
      initialized: true,
      latest_snapshot: { snapshot_id: "snap_v1" },
    });
    await agent.call("archon_workspace_status");
    expect(sha256(readFileSync(project.dbPath))).toBe(before);
  });

  it("get_known_tags lists the catalog with a stable hash", async () => {
    const agent = await open("agent");
    const a = await agent.result(getKnownTagsTool);
    expect(a.tags).toEqual([{ tag: "auth", doc_count: 2, doc_ids: ["layered", "session-rules"] }]);
    const admin = await open("admin");
    await admin.call("archon_set_doc_tags", { doc_id: "naming", tags: ["style"] });
    const b = await agent.result(getKnownTagsTool);
    expect(b.tag_catalog_hash).not.toBe(a.tag_catalog_hash);
  });
});

describe("admin tools over stdio", () => {
  it("imports a file inside the root and refuses one outside it", async () => {
    project.write("docs/rule.md", "Use the client.");
    const admin = await open("admin");
    const ok = await admin.result(importDocTool, {
      doc_id: "rule",
      title: "Rule",
      file_path: "docs/rule.md",
      edge_hints: [{ edge_type: "path_requires", source_value: "src/**" }],
    });
    expect(ok).toMatchObject({
      knowledge_version: 2,
      source_path: "docs/rule.md",
      warnings: [],
    });
    const outside = await admin.call("archon_import_doc", {
      doc_id: "x",
      title: "X",
      file_path: "../../etc/passwd",
    });
    expect(outside.isError).toBe(true);
    expect(textOf(outside)).toMatch(/is outside the project root/);
    const doc = await admin.result(getDocumentTool, { doc_id: "rule" });
    const edge = await admin.result(getEdgeTool, { edge_id: doc.edges[0]?.edge_id });
    expect(edge).toMatchObject({
      edge_type: "path_requires",
      source_value: "src/**",
      target_doc_id: "rule",
    });
    const stats = await admin.result(getStatsTool);
    expect(stats).toMatchObject({ knowledge_version: 2, documents_by_status: { approved: 6 } });
  });
});
