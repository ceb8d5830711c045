import { MAX_MESSAGE_BYTES } from "@archon/core";
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { doc, seed, type TestProject, tempProject } from "../test-support/project.js";
import { type ConnectedClient, connectArchon, textOf } from "../test-support/stdio-client.js";
import { getDocumentTool } from "./admin/get-document.tool.js";
import { importDocTool } from "./admin/import-doc.tool.js";
import { compileContextTool } from "./agent/compile-context.tool.js";
import { LIMITS } from "./input-limits.js";

// Oversized inputs and answers, sent by a client to the built servers over real stdio: each is refused
// with a clear error and the same session answers the next call.
let project: TestProject;
let agent: ConnectedClient;
let admin: ConnectedClient;
beforeEach(async () => {
  project = tempProject();
  project.write("src/api/users.ts", "export {};\n");
  const ctx = project.context();
  seed(ctx, {
    documents: [doc("api-errors", { content: "Return the error envelope.", patterns: ["src/**"] })],
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

/** The session still answers: a compile of one file delivers the seeded rule. */
async function expectNextCompileAnswered(client: ConnectedClient) {
  const next = await client.result(compileContextTool, { target_files: ["src/api/users.ts"] });
  expect(next.base.documents.map((d) => d.doc_id)).toEqual(["api-errors"]);
}

const refusal = async (pending: Promise<unknown>) => {
  const error = await pending.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(McpError);
  const { code, data, message } = error as McpError;
  return { code, data: data as { bytes: number; limit_bytes: number }, message };
};

const paths = (count: number) => Array.from({ length: count }, (_, i) => `src/gen/file-${i}.ts`);

describe("a request over the stdio message limit", () => {
  it("an 11 MB plan is answered with an error naming its size and the limit, and the session goes on", async () => {
    const { code, data, message } = await refusal(
      agent.call("archon_compile_context", {
        target_files: ["src/api/users.ts"],
        plan: "p".repeat(11_000_000),
      }),
    );
    expect({ code, limit: data.limit_bytes, over: data.bytes > 11_000_000 }).toEqual({
      code: -32600,
      limit: MAX_MESSAGE_BYTES,
      over: true,
    });
    expect(message).toBe(
      `MCP error -32600: Request too large: ${data.bytes} bytes (${(data.bytes / 1048576).toFixed(1)} MiB) in one message, over the limit of ${MAX_MESSAGE_BYTES} bytes (10.0 MiB). It was discarded unread and the session goes on: send less in one call.`,
    );
    await expectNextCompileAnswered(agent);
  });

  it("a 20 MB inline import is answered the same way, and the admin session goes on", async () => {
    const { code, data } = await refusal(
      admin.call("archon_import_doc", { doc_id: "huge", title: "Huge", content: "c".repeat(20_000_000) }),
    );
    expect({ code, limit: data.limit_bytes, over: data.bytes > 20_000_000 }).toEqual({
      code: -32600,
      limit: MAX_MESSAGE_BYTES,
      over: true,
    });
    await expectNextCompileAnswered(admin);
    const stats = await admin.call("archon_get_document", { doc_id: "huge" });
    expect(textOf(stats)).toBe(
      'No document "huge".\nHint: Check the spelling: doc_ids appear in compile answers (resolution_path), in doctor findings and in archon export.',
    );
  });
});

describe("an input field over its own limit", () => {
  it.each([
    [
      "10,000 target files",
      "agent",
      "archon_compile_context",
      { target_files: paths(10_000) },
      `target_files: too many entries (10000; the limit is ${LIMITS.files})`,
    ],
    [
      "a plan of 40,000 characters",
      "agent",
      "archon_compile_context",
      { target_files: ["src/api/users.ts"], plan: "p".repeat(40_000) },
      `plan: too long (40000 characters; the limit is ${LIMITS.plan})`,
    ],
    [
      "a 2 MB inline content",
      "admin",
      "archon_import_doc",
      { doc_id: "big", title: "Big", content: "c".repeat(2_000_000) },
      `content: too long (2000000 characters; the limit is ${LIMITS.content})`,
    ],
    [
      "an observation payload of 3 MB",
      "agent",
      "archon_observe",
      { event_type: "session_note", payload: { note: "n".repeat(3_000_000) } },
      `payload: too large (3000011 characters as JSON; the limit is ${LIMITS.payload})`,
    ],
  ] as const)(
    "%s is refused naming the field and the limit, and the session goes on",
    async (_case, surface, tool, args, expected) => {
      const client = surface === "agent" ? agent : admin;
      const [field, problem] = expected.split(": ");
      const result = await client.call(tool, args);
      expect({ isError: result.isError, text: textOf(result) }).toEqual({
        isError: true,
        text: `MCP error -32602: Input validation error: Invalid arguments for tool ${tool}: ${problem} at ${field}`,
      });
      await expectNextCompileAnswered(client);
    },
  );
});

describe("legitimate use never meets a limit", () => {
  it("passes a 20 KB AGENTS.md imported inline, a 1 MB rule file inline and by path, and a compile of 2,000 files", async () => {
    const agentsMd = `# AGENTS.md\n\n${"- Keep handlers thin; put logic in services.\n".repeat(460)}`;
    expect(agentsMd.length).toBeGreaterThan(20_000);
    const inline = await admin.result(importDocTool, {
      doc_id: "agents-md",
      title: "AGENTS.md",
      content: agentsMd,
    });
    expect(inline).toMatchObject({ doc_id: "agents-md", content_bytes: agentsMd.length });
    const megabyte = `# Big rules\n\n${"Every query goes through the repository layer.\n".repeat(21_500)}`;
    expect(megabyte.length).toBeGreaterThan(1_000_000);
    const big = await admin.result(importDocTool, {
      doc_id: "big-inline",
      title: "Big",
      content: megabyte,
    });
    expect(big).toMatchObject({ doc_id: "big-inline", content_bytes: megabyte.length });
    const readBack = await admin.result(getDocumentTool, { doc_id: "big-inline" });
    expect(readBack).toMatchObject({ doc_id: "big-inline" });
    project.write("docs/rules/big.md", megabyte);
    const file = await admin.result(importDocTool, {
      doc_id: "big-rules",
      title: "Big rules",
      file_path: "docs/rules/big.md",
      edge_hints: [{ edge_type: "path_requires", source_value: "src/**" }],
    });
    expect(file).toMatchObject({ doc_id: "big-rules", source_path: "docs/rules/big.md" });
    expect(file.content_bytes).toBeGreaterThan(1_000_000);
    const compiled = await agent.result(compileContextTool, { target_files: paths(2000) });
    expect(compiled.base.documents.map((d) => d.doc_id)).toEqual(["api-errors", "big-rules"]);
  });
});

describe("an answer over the response limit", () => {
  it("comes back as an error naming its size and the limit instead of ending the session", async () => {
    // 5,000 long paths with debug output: a 3 MB request whose answer would pass 20 MB, twice over the
    // 10 MiB a client reads in one message.
    const files = Array.from(
      { length: 5000 },
      (_, i) => `src/${String(i).padStart(5, "0")}/${"d".repeat(600)}.ts`,
    );
    const result = await agent.call("archon_compile_context", {
      target_files: files,
      include_debug: true,
      response_format: "json",
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(
      /^The answer of archon_compile_context is \d+ bytes \(\d+\.\d MiB\), over the limit of 4194304 bytes \(4\.0 MiB\) for one answer, so it was not sent\.\nHint: Ask for less in one call: fewer files or ids, a lower limit or a narrower filter, and split the rest over further calls\.$/,
    );
    await expectNextCompileAnswered(agent);
  });
});
