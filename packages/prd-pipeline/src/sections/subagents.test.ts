import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { PANELS } from "../verification/panels.js";
import { DEFAULT_SUBAGENT_NAMESPACE, type SubagentRole, subagentType } from "./subagents.js";

/** The agent files `archon deploy-adapters` installs into .claude/agents/. */
const AGENTS = fileURLToPath(new URL("../../../context-compiler/agents/", import.meta.url));
const ROLES: SubagentRole[] = ["engineer", "test-engineer", "code-reviewer", "git-historian"];

describe("the default subagent namespace", () => {
  it("names exactly the agents Archon installs, team roles and judge seats alike", () => {
    const seats = Object.values(PANELS).flatMap((panel) => panel.map((s) => s.name));
    const named = new Set([...ROLES, ...seats].map((r) => subagentType(DEFAULT_SUBAGENT_NAMESPACE, r)));
    const installed = readdirSync(AGENTS).map((f) => f.replace(/\.md$/, ""));
    expect([...named].sort()).toEqual(installed.sort());
  });

  it("stays configurable for another suite, as <namespace>:<role>", () => {
    expect(subagentType("zetetic-team-subagents", "genius:popper")).toBe(
      "zetetic-team-subagents:genius:popper",
    );
    expect(subagentType(DEFAULT_SUBAGENT_NAMESPACE, "genius:popper")).toBe("archon-genius-popper");
  });
});
