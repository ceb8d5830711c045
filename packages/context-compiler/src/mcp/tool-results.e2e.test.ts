// Every tool of both surfaces, called once over stdio on a small seeded project, its result parsed with
// the tool's own output schema (and checked by the client against the schema the server lists).
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { doc, seed, type TestProject, tempProject } from "../test-support/project.js";
import { type ConnectedClient, connectArchon } from "../test-support/stdio-client.js";
import { adminTools } from "./admin/index.js";
import { compileContextTool } from "./agent/compile-context.tool.js";
import { getCompileAuditTool } from "./agent/get-compile-audit.tool.js";
import { getKnownTagsTool } from "./agent/get-known-tags.tool.js";
import { impactTool } from "./agent/impact.tool.js";
import { agentTools } from "./agent/index.js";
import { observeTool } from "./agent/observe.tool.js";
import { workspaceStatusTool } from "./agent/workspace-status.tool.js";

let project: TestProject;
const clients: ConnectedClient[] = [];
const open = async (surface: "agent" | "admin") => {
  const c = await connectArchon({ surface, dbPath: project.dbPath, projectRoot: project.root });
  clients.push(c);
  return c;
};

// A deferred rule long enough to come back in sections, so the compile result carries every optional part.
const LONG_RULE = `# API\n\n## Errors\n\n${"Return typed errors. ".repeat(120)}\n\n## Paging\n\n${"Page with cursors. ".repeat(120)}\n`;

beforeEach(() => {
  project = tempProject();
  project.write("src/api/users.ts", "export {};\n");
  project.write("docs/api.md", LONG_RULE);
  const ctx = project.context();
  seed(ctx, {
    documents: [
      doc("api-constraint", {
        kind: "constraint",
        priority: 10,
        patterns: ["src/api/**"],
        depends_on: ["naming"],
      }),
      doc("api-guide", { patterns: ["src/api/**"], source_path: "docs/api.md", content: LONG_RULE }),
      doc("naming", {}),
      doc("layered", { layers: ["api"], tags: ["auth"] }),
      doc("session-rules", { tags: ["auth"] }),
      doc("scaffold", { kind: "template", patterns: ["src/api/**"] }),
    ],
    layer_rules: [{ pattern: "src/api/**", layer: "api" }],
  });
  ctx.close();
});
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close();
  project.cleanup();
});

describe("the tools both servers register", () => {
  it("each declare an output schema", async () => {
    const agent = await open("agent");
    const admin = await open("admin");
    const listed = [...(await agent.client.listTools()).tools, ...(await admin.client.listTools()).tools];
    expect(listed.filter((t) => t.outputSchema === undefined).map((t) => t.name)).toEqual([]);
    expect(new Set(listed.map((t) => t.name)).size).toBe(new Set([...agentTools, ...adminTools]).size);
  });
});

describe("each agent tool's result", () => {
  it("parses with the tool's own schema", async () => {
    const agent = await open("agent");
    const compiled = await agent.result(compileContextTool, {
      target_files: ["src/api/users.ts", "src/missing.ts"],
      plan: "add paging errors to the users endpoint",
      intent_tags: ["auth"],
      max_inline_bytes: 600,
      include_debug: true,
      agent_id: "claude",
    });
    expect(compiled.base.documents.map((d) => [d.doc_id, d.delivery])).toEqual([
      ["api-constraint", "inline"],
      ["api-guide", "deferred"],
      ["layered", "inline"],
      ["naming", "inline"],
    ]);
    expect(compiled.base.documents[1]?.sections?.map((s) => s.heading)).toEqual(["Errors", "Paging"]);
    expect(compiled.base.templates.map((d) => [d.doc_id, d.delivery])).toEqual([["scaffold", "omitted"]]);
    expect(compiled.expanded?.documents.map((d) => d.doc_id)).toEqual(["session-rules"]);
    expect(compiled.debug_info?.layer_classification).toEqual([
      { file: "src/api/users.ts", layer: "api", rule_pattern: "src/api/**" },
      { file: "src/missing.ts", layer: null, rule_pattern: null },
    ]);
    expect(compiled.notices.length).toBeGreaterThan(0);

    const audit = await agent.result(getCompileAuditTool, { compile_id: compiled.compile_id });
    expect([audit.status, audit.agent_id, audit.replay?.same_result]).toEqual(["ok", "claude", true]);

    const tags = await agent.result(getKnownTagsTool);
    expect(tags.tags).toEqual([{ tag: "auth", doc_count: 2, doc_ids: ["layered", "session-rules"] }]);

    const impact = await agent.result(impactTool, { files: ["src/api/users.ts"] });
    expect(impact.documents.map((d) => [d.doc_id, d.via_dependency_chain])).toEqual([
      ["api-constraint", []],
      ["api-guide", []],
      ["scaffold", []],
      ["layered", []],
      ["naming", ["api-constraint"]],
    ]);

    const gap = await agent.result(observeTool, {
      event_type: "compile_miss",
      payload: { target_files: ["src/api/users.ts"], review_comment: "missed the paging rule" },
    });
    expect(gap.event_type).toBe("compile_miss");
    const decision = await agent.result(observeTool, {
      event_type: "manual_note",
      payload: { note: "From now on, never log request bodies in the api layer." },
    });
    expect([typeof decision.proposal_id, decision.conflict_candidates]).toEqual(["string", []]);

    const status = await agent.result(workspaceStatusTool);
    expect([status.initialized, status.recent_compile_regions]).toEqual([
      true,
      [
        { region: "src/", compiles: 1 },
        { region: "src/api/", compiles: 1 },
      ],
    ]);
  });
});
