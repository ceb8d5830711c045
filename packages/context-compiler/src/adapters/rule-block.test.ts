import { describe, expect, it } from "vitest";
import { VERSION } from "../version.js";
import { adapterConfig } from "./adapter-config.js";
import { nestedRuleBlock, ruleBlock } from "./rule-block.js";

const config = adapterConfig({ version: VERSION, projectRoot: "/repo", env: {} });
const bytes = (text: string) => Buffer.byteLength(text, "utf8");

describe("the managed block every prompt carries", () => {
  it("stays under a kilobyte, markers included", () => {
    expect(bytes(ruleBlock(config))).toBeLessThan(1024);
  });

  it("keeps every MUST and NEVER, with the tool names prefixed", () => {
    const lines = ruleBlock(config).split("\n");
    expect(lines.filter((l) => /\bMUST\b|\bNEVER\b/.test(l))).toEqual([
      "- You MUST call `archon_compile_context` with `target_files` and a one-line `plan` before you change, move or delete a file; again when the work moves. NEVER skip it for a small change.",
      "- MUST follow every inline rule; MUST read each deferred rule where the result says (only the lines named) before changing what it covers; one marked not about your plan only if your change concerns it.",
      "- MUST obey the result's `notices` and `warnings`; tell the user what is stale or pending.",
      '- An expected rule is missing: MUST call `archon_observe` with `event_type: "compile_miss"`.',
      '- The user states a standing decision ("from now on ..."): MUST call `archon_observe` with `event_type: "manual_note"`, then ask them to confirm it.',
      "- Without archon's tools: MUST follow the files in `.archon/rules/` that cover your files.",
      "- NEVER call admin tools: a person approves every rule change.",
      "- NEVER edit this block; archon rewrites it.",
    ]);
  });

  it("is one line between the markers in a nested file, pointing at compile_context and at the rule files without it", () => {
    expect(nestedRuleBlock(config)).toBe(
      "<!-- archon:start -->\nThis folder's rules come from archon: call `archon_compile_context` with the files you touch (without it, read the files in `.archon/rules/` that concern them).\n<!-- archon:end -->\n",
    );
  });
});
