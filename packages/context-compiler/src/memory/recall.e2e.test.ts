import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { compileContextTool } from "../mcp/agent/compile-context.tool.js";
import { observeTool } from "../mcp/agent/observe.tool.js";
import { recallTool } from "../mcp/agent/recall.tool.js";
import { doc, seed, type TestProject, tempProject } from "../test-support/project.js";
import { type ConnectedClient, connectArchon } from "../test-support/stdio-client.js";

let project: TestProject;
let agent: ConnectedClient;
beforeEach(async () => {
  project = tempProject();
  project.write("src/api/users.ts", "export {};\n");
  project.write("src/api/orders.ts", "export {};\n");
  seed(project.context(), { documents: [doc("api", { patterns: ["src/api/**"] })] });
  agent = await connectArchon({ surface: "agent", dbPath: project.dbPath, projectRoot: project.root });
});
afterEach(async () => {
  await agent.close();
  project.cleanup();
});

describe("recall over stdio", () => {
  it("lists this server's run and its compiles as pointers, ranked, with each hit's component scores", async () => {
    const paging = await agent.result(compileContextTool, {
      target_files: ["src/api/users.ts"],
      plan: "add paging to users",
      response_format: "json",
    });
    const orders = await agent.result(compileContextTool, {
      target_files: ["src/api/orders.ts"],
      plan: "rename the orders table",
      response_format: "json",
    });
    const result = await agent.result(recallTool, { search: "paging", files: ["src/api/users.ts"] });
    const runId = paging.compile_id.replace(/^cmp_/, "run_");
    expect(result.runs.map((r) => [r.run_id, r.compiles, r.files])).toEqual([
      [runId, 2, ["src/api/orders.ts", "src/api/users.ts"]],
    ]);
    expect(
      result.hits.map((h) => [h.kind, h.id, h.run_id, h.excerpt, h.scores.text, h.scores.proximity]),
    ).toEqual([["compile", paging.compile_id, runId, "add paging to users", 1, 1]]);
    const everything = await agent.result(recallTool, {});
    expect(everything.hits.map((h) => h.id).sort()).toEqual([orders.compile_id, paging.compile_id].sort());
    expect(everything.truncated).toBe(false);
  });

  it("finds a session note the agent reported through observe", async () => {
    const { observation_id } = await agent.result(observeTool, {
      event_type: "session_note",
      payload: { text: "the migration failed on sqlite", outcome: "failed", files: ["src/api/users.ts"] },
    });
    const result = await agent.result(recallTool, { search: "migration", gaps: true });
    expect(result.hits.map((h) => [h.id, h.outcome, h.origin])).toEqual([
      [`note_${observation_id}`, "failed", "manual"],
    ]);
    expect(result.gaps).toEqual([]);
  });
});
