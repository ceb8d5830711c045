import { describe, expect, it } from "vitest";
import { z } from "zod";
import { approveProposalTool } from "./admin/approve-proposal.tool.js";
import { adminTools } from "./admin/index.js";
import { initDetectTool } from "./admin/init-detect.tool.js";
import { observeTool } from "./agent/observe.tool.js";
import { LIMITS } from "./input-limits.js";

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  maxLength?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  additionalProperties?: JsonSchema | boolean;
  anyOf?: JsonSchema[];
};

/** Every string or list in the schema without a bound, by its path ("items" for an element). */
function unbounded(schema: JsonSchema, path: string): string[] {
  const types = [schema.type ?? []].flat();
  const found: string[] = [];
  if (types.includes("string") && schema.enum === undefined && schema.maxLength === undefined)
    found.push(path);
  if (types.includes("array") && schema.maxItems === undefined) found.push(path);
  for (const [key, child] of Object.entries(schema.properties ?? {}))
    found.push(...unbounded(child, `${path}.${key}`));
  if (schema.items) found.push(...unbounded(schema.items, `${path}[]`));
  for (const option of schema.anyOf ?? []) found.push(...unbounded(option, path));
  // A free-form object is bounded by the size of its JSON, which a JSON schema cannot state: see below.
  if (typeof schema.additionalProperties === "object") found.push(`${path}{}`);
  return found;
}

// The agent tools are a subset of the admin tools, so this covers both surfaces.
describe("every input field of every tool is bounded", () => {
  it("gives every string and every list a maximum, leaving only the size-checked free-form objects", () => {
    const found = adminTools.flatMap((tool) =>
      unbounded(z.toJSONSchema(z.object(tool.input), { io: "input" }) as JsonSchema, tool.name),
    );
    expect(found).toEqual([
      "observe.payload{}",
      "approve_proposal.modifications{}",
      "init_detect.placeholders{}",
    ]);
  });

  it("refuses a free-form object whose JSON is over its limit, naming its size and the limit", () => {
    const over = (limit: number) => ({ text: "x".repeat(limit) });
    const issues = [
      z.object(observeTool.input).safeParse({ event_type: "session_note", payload: over(LIMITS.payload) }),
      z
        .object(approveProposalTool.input)
        .safeParse({ proposal_id: "p", modifications: over(LIMITS.payload) }),
      z.object(initDetectTool.input).safeParse({ placeholders: over(LIMITS.placeholders) }),
    ].map((r) => r.error?.issues.map((i) => ({ path: i.path, message: i.message })));
    expect(issues).toEqual([
      [
        {
          path: ["payload"],
          message: `too large (${LIMITS.payload + 11} characters as JSON; the limit is ${LIMITS.payload})`,
        },
      ],
      [
        {
          path: ["modifications"],
          message: `too large (${LIMITS.payload + 11} characters as JSON; the limit is ${LIMITS.payload})`,
        },
      ],
      [
        {
          path: ["placeholders"],
          message: `too large (${LIMITS.placeholders + 11} characters as JSON; the limit is ${LIMITS.placeholders})`,
        },
      ],
    ]);
  });
});
