import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { doc, seed, type TestProject, tempProject } from "../test-support/project.js";
import { type ConnectedClient, connectArchon, textOf } from "../test-support/stdio-client.js";
import { approveProposalTool } from "./admin/approve-proposal.tool.js";
import { listProposalsTool } from "./admin/list-proposals.tool.js";
import { processObservationsTool } from "./admin/process-observations.tool.js";
import { compileContextTool } from "./agent/compile-context.tool.js";
import { observeTool } from "./agent/observe.tool.js";
import { workspaceStatusTool } from "./agent/workspace-status.tool.js";

// The human-approval pipeline across two real server processes: the agent reports, a person decides.
let project: TestProject;
let agent: ConnectedClient;
let admin: ConnectedClient;
beforeEach(async () => {
  project = tempProject();
  project.write("src/api/users.ts", "export {};\n");
  const ctx = project.context();
  seed(ctx, {
    documents: [doc("api-errors", { title: "API errors", content: "Return the error envelope." })],
  });
  ctx.close();
  agent = await connectArchon({ surface: "agent", dbPath: project.dbPath, projectRoot: project.root });
  admin = await connectArchon({ surface: "admin", dbPath: project.dbPath, projectRoot: project.root });
});
afterEach(async () => {
  await agent.close();
  await admin.close();
  project.cleanup();
});

const compile = (files: string[]) => agent.result(compileContextTool, { target_files: files });

describe("a compile miss becomes a rule only through a person's approval", () => {
  it("goes observe → process_observations → approve_proposal, and the next compile delivers the rule", async () => {
    expect((await compile(["src/api/users.ts"])).base.documents).toEqual([]);
    await agent.result(observeTool, {
      event_type: "compile_miss",
      payload: {
        target_files: ["src/api/users.ts"],
        review_comment: "The error rule should apply here",
        target_doc_id: "api-errors",
      },
    });
    expect((await compile(["src/api/users.ts"])).base.documents).toEqual([]);

    const processed = await admin.result(processObservationsTool, {});
    expect(processed.proposed).toMatchObject([{ proposal_type: "add_edge" }]);
    const proposalId = processed.proposed[0]?.proposal_id as string;
    const pending = await admin.result(listProposalsTool, {});
    expect(JSON.stringify(pending)).toContain(proposalId);
    const notices = (await compile(["src/api/users.ts"])).notices;
    expect(notices).toContain("1 proposal(s) are waiting for a person's approval.");

    const approved = await admin.result(approveProposalTool, { proposal_id: proposalId });
    expect(approved).toMatchObject({ knowledge_version: 2 });
    const after = await compile(["src/api/users.ts"]);
    expect(after.base.documents.map((d) => d.doc_id)).toEqual(["api-errors"]);
    expect(after.notices).toEqual([]);
  });

  it("refuses every approving tool on the agent surface, whatever the arguments", async () => {
    for (const name of [
      "approve_proposal",
      "approve_proposal_bundle",
      "resolve_conflict",
      "delete_decision",
      "import_doc",
    ]) {
      const r = await agent.call(`archon_${name}`, {
        proposal_id: "prop_0001",
        bundle_id: "b",
        doc_id: "api-errors",
      });
      expect(r.isError).toBe(true);
      expect(textOf(r)).toContain(`Tool archon_${name} not found`);
    }
    expect((await agent.result(workspaceStatusTool)).knowledge_version).toBe(1);
  });

  it("does not list, and refuses as unknown, a tool that does not exist", async () => {
    const names = (await agent.client.listTools()).tools.map((t) => t.name);
    expect(names).not.toContain("archon_forget");
    const r = await agent.call("archon_forget", { query: "src/a.ts" });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toMatch(/Tool archon_forget not found/);
  });
});
