import { describe, expect, it } from "vitest";
import { adminTools } from "../mcp/admin/index.js";
import { STEP_TOOLS, step } from "./next-step.js";

const mcp = { kind: "mcp", prefix: "archon_" } as const;
const cli = { kind: "cli", prefix: "archon_" } as const;

describe("the tools a step may name", () => {
  it("are all registered tools", () => {
    const registered = new Set(adminTools.map((t) => t.name));
    expect(STEP_TOOLS.filter((t) => !registered.has(t))).toEqual([]);
  });
});

describe("a step over MCP", () => {
  it("is the prefixed tool name, with its arguments when it has some", () => {
    expect(step(mcp, "deploy_adapters")).toBe("archon_deploy_adapters");
    expect(step({ kind: "mcp", prefix: "kb_" }, "approve_proposal_bundle", { bundle_id: "bnd_x" })).toBe(
      'kb_approve_proposal_bundle({ bundle_id: "bnd_x" })',
    );
    expect(step(mcp, "init_confirm", { skip_template: true })).toBe(
      "archon_init_confirm({ skip_template: true })",
    );
  });
});

describe("a step at the terminal", () => {
  it("is the archon command that does the same thing", () => {
    expect([
      step(cli, "approve_proposal_bundle", { bundle_id: "bnd_x" }),
      step(cli, "preflight_proposal_bundle", { bundle_id: "bnd_x" }),
      step(cli, "reject_proposal", { proposal_id: "prop_1" }),
      step(cli, "list_proposals"),
      step(cli, "deploy_adapters"),
      step(cli, "analyze_import_batch"),
      step(cli, "init_detect"),
    ]).toEqual([
      "archon approve bnd_x",
      "archon proposals --bundle bnd_x",
      'archon reject prop_1 --comment "<why>"',
      "archon proposals",
      "archon deploy-adapters",
      "archon import-rules",
      "archon setup",
    ]);
  });

  it("names the prefixed MCP tool when there is no command for it", () => {
    expect(step(cli, "process_observations")).toBe("archon_process_observations (MCP tool)");
    expect(step(cli, "resolve_conflict", { proposal_id: "prop_1" })).toBe(
      'archon_resolve_conflict({ proposal_id: "prop_1" }) (MCP tool)',
    );
  });
});
