import { createHash } from "node:crypto";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ListToolsResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { renderCompileText } from "../services/compile-text.js";
import { doc, seed, type TestProject, tempProject } from "../test-support/project.js";
import { ARCHON_BIN, textOf } from "../test-support/stdio-client.js";
import { compileResultSchema } from "./result-schemas/compile-result.js";

let project: TestProject;
const clients: Client[] = [];

/** The built server on stdio, and a client introducing itself as `name`, as each real client does. */
async function open(surface: "agent" | "admin", name = "archon-test") {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [ARCHON_BIN, "--surface", surface, "--db", project.dbPath, "--project-root", project.root],
    env: process.env as Record<string, string>,
    stderr: "pipe",
  });
  const client = new Client({ name, version: "0.0.0" });
  await client.connect(transport);
  clients.push(client);
  return client;
}

beforeEach(() => {
  project = tempProject();
  project.write("src/api/users.ts", "export {};\n");
  const ctx = project.context();
  seed(ctx, {
    documents: [doc("api-style", { patterns: ["src/api/**"] }), doc("naming", { patterns: ["src/**"] })],
  });
  ctx.close();
});
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close();
  project.cleanup();
});

describe("a misspelled argument, over stdio", () => {
  it("is refused by compile_context with its name and the arguments it takes, instead of compiling without it", async () => {
    const agent = await open("agent");
    const answer = await agent.callTool({
      name: "archon_compile_context",
      arguments: { target_files: ["src/api/users.ts"], plna: "add paging" },
    });
    expect(answer).toEqual({
      content: [
        {
          type: "text",
          text: 'archon_compile_context has no argument "plna".\nHint: It takes: target_files, target_layers, command, plan, min_relevance, intent_tags, max_inline_bytes, content_mode, include_debug, agent_id, suggestions, response_format. Correct the name, or leave the argument out, and call again.',
        },
      ],
      isError: true,
    });
  });

  it("is refused by an admin tool too: the check is every tool's", async () => {
    const admin = await open("admin");
    const answer = await admin.callTool({ name: "archon_get_stats", arguments: { verbose: true } });
    expect([answer.isError, textOf(answer as never).split("\n")[0]]).toEqual([
      true,
      'archon_get_stats has no argument "verbose".',
    ]);
  });
});

describe("a compile answer", () => {
  const request = { target_files: ["src/api/users.ts"], plan: "add paging" };

  it("to Claude Code carries the rules once, in structuredContent, and says so in its text", async () => {
    const claude = await open("agent", "claude-code");
    const answer = await claude.callTool({ name: "archon_compile_context", arguments: request });
    const result = compileResultSchema.parse(answer.structuredContent);
    expect(result.base.documents.map((d) => [d.doc_id, d.content])).toEqual([
      ["api-style", "Content of api-style."],
      ["naming", "Content of naming."],
    ]);
    expect(textOf(answer as never)).toBe(
      'The rules are in structuredContent; if you see none, call again with response_format "text".\n',
    );
  });

  it("to Claude Code asking for response_format text, and to any other client, carries the compact text too", async () => {
    const claude = await open("agent", "claude-code");
    const other = await open("agent", "gemini-cli-mcp-client");
    for (const [client, args] of [
      [claude, { ...request, response_format: "text" }],
      [other, request],
    ] as const) {
      const answer = await client.callTool({ name: "archon_compile_context", arguments: args });
      const result = compileResultSchema.parse(answer.structuredContent);
      expect(textOf(answer as never)).toBe(renderCompileText(result, { plan: args.plan }));
    }
  });
});

describe("a compile result", () => {
  it("says which edge reached each rule without the database's edge row ids, which include_debug adds", async () => {
    const agent = await open("agent", "claude-code");
    const compile = async (include_debug: boolean) =>
      compileResultSchema.parse(
        (
          await agent.callTool({
            name: "archon_compile_context",
            arguments: { target_files: ["src/api/users.ts"], include_debug },
          })
        ).structuredContent,
      );
    const plain = await compile(false);
    const debug = await compile(true);
    const rule = (doc_id: string) => ({
      doc_id,
      title: `Title of ${doc_id}`,
      kind: "guideline",
      delivery: "inline",
      content_bytes: Buffer.byteLength(`Content of ${doc_id}.`),
      content_hash: createHash("sha256").update(`Content of ${doc_id}.`).digest("hex"),
      content: `Content of ${doc_id}.`,
    });
    const path = (source_value: string, doc_id: string) => ({
      via: "path_requires",
      source_value,
      matched: ["src/api/users.ts"],
      doc_ids: [doc_id],
    });
    expect({ ...plain, compile_id: "<id>", knowledge_hash: "<hash>", tag_catalog_hash: "<hash>" }).toEqual({
      compile_id: "<id>",
      snapshot_id: "snap_v1",
      knowledge_version: 1,
      tag_catalog_hash: "<hash>",
      knowledge_hash: "<hash>",
      base: {
        documents: [rule("api-style"), rule("naming")],
        templates: [],
        resolution_path: [path("src/api/**", "api-style"), path("src/**", "naming")],
      },
      budget: { max_inline_bytes: 8192, inline_bytes: 39, content_mode: "auto", defer_reasons: [] },
      warnings: [],
      notices: [],
    });
    // include_debug adds the edge row ids beside the same resolution_path, one list per group.
    expect({ base: debug.base, edges: debug.debug_info?.resolution_edge_ids }).toEqual({
      base: plain.base,
      edges: [[expect.any(Number)], [expect.any(Number)]],
    });
  });
});

describe("the agent surface's tool list", () => {
  it("fits in 12 KB, as it rides in every prompt of every session", async () => {
    const agent = await open("agent");
    const listed = await agent.request({ method: "tools/list" }, ListToolsResultSchema);
    expect(listed.tools.length).toBe(9);
    expect(Buffer.byteLength(JSON.stringify(listed))).toBeLessThanOrEqual(12 * 1024);
  });

  it("tells the model what every argument is for, in its own description or the tool's", async () => {
    const agent = await open("agent");
    const listed = await agent.request({ method: "tools/list" }, ListToolsResultSchema);
    const unexplained = listed.tools.flatMap((tool) =>
      Object.entries(tool.inputSchema.properties ?? {})
        .filter(([name, schema]) => {
          const own = (schema as { description?: string }).description ?? "";
          return own.length === 0 && !(tool.description ?? "").includes(name);
        })
        .map(([name]) => `${tool.name}.${name}`),
    );
    expect(unexplained).toEqual([]);
  });
});
