import { PassThrough } from "node:stream";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { ListToolsResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createServer } from "./create-server.js";
import { defineTool, readOnly } from "./define-tool.js";
import { BoundedStdioTransport } from "./stdio-transport.js";

const compile = defineTool({
  name: "compile",
  title: "Compile",
  description: (t) => `Call before ${t("other")}.`,
  input: {
    files: z.array(z.string().min(1).max(4096)).min(1).max(5000).describe("Paths"),
    budget: z.number().int().positive().optional(),
    maxItems: z.number().int().optional(),
  },
  output: {
    id: z.string(),
    version: z.number().int(),
    parent: z.string().nullable(),
    docs: z.array(z.object({ doc_id: z.string(), bytes: z.number().int() })),
    budget: z.object({ used: z.number().int() }),
    mode: z.enum(["auto", "always"]),
    debug: z.object({ files: z.array(z.string()) }).optional(),
  },
  annotations: readOnly,
  run: () => ({}),
});

async function listOf(name: string) {
  const { server } = createServer({ name: "t", version: "0", tools: [compile], context: {}, prefix: "t_" });
  const toServer = new PassThrough();
  const toClient = new PassThrough();
  await server.connect(new BoundedStdioTransport(toServer, toClient));
  const client = new Client({ name, version: "0" });
  await client.connect(new BoundedStdioTransport(toClient, toServer));
  return () => client.request({ method: "tools/list" }, ListToolsResultSchema);
}

describe("the tool list", () => {
  it("gives each tool's arguments closed to others and without size caps, and its result's top level with each field's type", async () => {
    const list = await listOf("c");
    expect(await list()).toEqual({
      tools: [
        {
          name: "t_compile",
          title: "Compile",
          description: "Call before t_other.",
          inputSchema: {
            type: "object",
            properties: {
              files: {
                type: "array",
                minItems: 1,
                items: { type: "string", minLength: 1 },
                description: "Paths",
              },
              budget: { type: "integer", exclusiveMinimum: 0 },
              maxItems: { type: "integer" },
            },
            required: ["files"],
            additionalProperties: false,
          },
          outputSchema: {
            type: "object",
            properties: {
              id: { type: "string" },
              version: { type: "integer" },
              parent: { type: ["string", "null"] },
              docs: { type: "array" },
              budget: { type: "object" },
              mode: { type: "string", enum: ["auto", "always"] },
              debug: { type: "object" },
            },
            required: ["id", "version", "parent", "docs", "budget", "mode"],
            additionalProperties: false,
          },
          annotations: {
            readOnlyHint: true,
            destructiveHint: false,
            idempotentHint: true,
            openWorldHint: false,
          },
        },
      ],
    });
  });

  it("is the same answer on every request, and on every server built from the same definitions", async () => {
    const first = await listOf("c");
    const second = await listOf("d");
    const answer = await first();
    expect(await first()).toEqual(answer);
    expect(await second()).toEqual(answer);
  });
});
