import { createServer } from "@archon/core/server";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { archiveObservationsTool } from "../../mcp/admin/archive-observations.tool.js";
import { listObservationsTool } from "../../mcp/admin/list-observations.tool.js";
import { maintenanceTool } from "../../mcp/admin/maintenance.tool.js";
import { processObservationsTool } from "../../mcp/admin/process-observations.tool.js";
import { observeTool } from "../../mcp/agent/observe.tool.js";
import { doc, seed, type TestProject, tempProject } from "../../test-support/project.js";
import type { Surface } from "../surface.js";

// The tools are not on a surface list yet, so this registers them on a server of their own, over a real client.
const TOOLS = [
  observeTool,
  processObservationsTool,
  maintenanceTool,
  listObservationsTool,
  archiveObservationsTool,
];

let project: TestProject;
let client: Client;
let cleanup: () => Promise<void>;
async function connect(surface: Surface) {
  const created = createServer({
    name: "test",
    version: "0",
    tools: TOOLS,
    context: project.context(surface),
    prefix: "archon_",
  });
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await created.server.connect(serverSide);
  client = new Client({ name: "test-client", version: "0" });
  await client.connect(clientSide);
  cleanup = async () => {
    await client.close();
    await created.cleanup();
  };
}
beforeEach(() => {
  project = tempProject();
  seed(project.context(), { documents: [doc("api-constraint", { patterns: ["src/api/**"] })] });
});
afterEach(async () => {
  await cleanup();
  project.cleanup();
});

describe("the observation tools over MCP", () => {
  it("register with annotations and carry the observe → process → list round trip", async () => {
    await connect("admin");
    const { tools } = await client.listTools();
    expect(tools.map((t) => [t.name, t.annotations?.readOnlyHint])).toEqual([
      ["archon_observe", false],
      ["archon_process_observations", false],
      ["archon_maintenance", false],
      ["archon_list_observations", true],
      ["archon_archive_observations", false],
    ]);
    const observed = await client.callTool({
      name: "archon_observe",
      arguments: {
        event_type: "compile_miss",
        payload: {
          target_files: ["lib/api/a.ts"],
          review_comment: "missed",
          target_doc_id: "api-constraint",
        },
      },
    });
    expect(observed.structuredContent).toMatchObject({ observation_id: "obs_0001", warnings: [] });
    const processed = await client.callTool({ name: "archon_process_observations", arguments: {} });
    expect(processed.structuredContent).toEqual({
      proposed: [{ observation_id: "obs_0001", proposal_id: "prop_0002", proposal_type: "add_edge" }],
      skipped: [],
      errors: [],
      remaining: 0,
    });
    const listed = await client.callTool({
      name: "archon_list_observations",
      arguments: { status: "analyzed" },
    });
    expect(listed.structuredContent).toMatchObject({ count: 1, observations: [{ cited_by: ["prop_0002"] }] });
  });

  it("answers a wrong payload with an error naming the field, not a protocol failure", async () => {
    await connect("agent");
    const result = await client.callTool({
      name: "archon_observe",
      arguments: { event_type: "review_correction", payload: { target_doc_id: "api-constraint" } },
    });
    expect(result).toEqual({
      isError: true,
      content: [
        {
          type: "text",
          text: "Invalid review_correction payload: payload.proposed_content: Invalid input: expected string, received undefined; payload.review_comment: Invalid input: expected string, received undefined.\nHint: review_correction needs target_doc_id, proposed_content and review_comment.",
        },
      ],
    });
  });
});
