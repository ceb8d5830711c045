import { chmodSync, copyFileSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CAN_OBEY_MODES, OBEY_MODES } from "../test-support/file-modes.js";
import { doc, seed, type TestProject, tempProject } from "../test-support/project.js";
import { type ConnectedClient, connectArchon, textOf } from "../test-support/stdio-client.js";
import { compileContextTool } from "./agent/compile-context.tool.js";
import { getCompileAuditTool } from "./agent/get-compile-audit.tool.js";

// The database taken away or made read-only under the built servers, seen from the agent's side.

let project: TestProject;
let clients: ConnectedClient[];
beforeEach(() => {
  project = tempProject();
  project.write("src/api/users.ts", "export {};\n");
  const ctx = project.context();
  seed(ctx, {
    documents: [doc("api-errors", { content: "Return the error envelope.", patterns: ["src/**"] })],
  });
  ctx.close();
  clients = [];
});
afterEach(async () => {
  for (const client of clients) await client.close();
  chmodSync(dirname(project.dbPath), 0o755);
  project.cleanup();
});

const connect = async (surface: "agent" | "admin", launcher: readonly string[] = []) => {
  const client = await connectArchon({
    surface,
    dbPath: project.dbPath,
    projectRoot: project.root,
    launcher,
  });
  clients.push(client);
  return client;
};
const compile = (client: ConnectedClient) =>
  client.result(compileContextTool, { target_files: ["src/api/users.ts"] });
const note = { event_type: "manual_note", payload: { note: "From now on, use tabs." } };
const importArgs = { doc_id: "tabs", title: "Tabs", content: "Use tabs." };
/** The answer of a call, as whether it failed and what it says. */
const answer = async (client: ConnectedClient, tool: string, args: Record<string, unknown>) => {
  const result = await client.call(tool, args);
  return { isError: result.isError, text: textOf(result) };
};

describe("a database file removed under running servers", () => {
  const removed = (path: string) =>
    `The knowledge database ${path} was removed while the server was running: the server still reads the copy it has open, but nothing written now would be kept.`;
  const hint =
    "Restore the file (from git or a backup) and try again; restarting the server instead starts an empty database.";

  it("is said in the warnings of the very first compile after, and observe and import_doc refuse with what to do", async () => {
    const agent = await connect("agent");
    const admin = await connect("admin");
    expect((await compile(agent)).warnings).toEqual([]);
    rmSync(project.dbPath);
    const after = await compile(agent);
    expect(after.base.documents.map((d) => d.doc_id)).toEqual(["api-errors"]);
    expect(after.warnings).toEqual([
      `${removed(project.dbPath)} The audit row of this compile is kept in memory until the database can be written again. ${hint}`,
    ]);
    const refused = { isError: true, text: `${removed(project.dbPath)}\nHint: ${hint}` };
    expect(await answer(agent, "archon_observe", note)).toEqual(refused);
    expect(await answer(admin, "archon_import_doc", importArgs)).toEqual(refused);
  });

  it("writes the audit row it kept once the file is restored, so the compile made meanwhile is auditable", async () => {
    const agent = await connect("agent");
    await compile(agent);
    copyFileSync(project.dbPath, join(project.root, "backup.db"));
    rmSync(project.dbPath);
    const meanwhile = await compile(agent);
    expect(meanwhile.warnings).toHaveLength(1);
    expect((await answer(agent, "archon_observe", note)).isError).toBe(true);
    copyFileSync(join(project.root, "backup.db"), project.dbPath);
    const restored = await compile(agent);
    expect(restored.warnings).toEqual([
      "The database file was replaced on disk (for example by git pull); the server reopened it for this compile.",
    ]);
    const audit = await agent.result(getCompileAuditTool, { compile_id: meanwhile.compile_id });
    expect(audit).toMatchObject({
      compile_id: meanwhile.compile_id,
      resolved_doc_ids: ["api-errors"],
    });
    expect((await answer(agent, "archon_observe", note)).isError).toBeFalsy();
  });
});

// The servers run under OBEY_MODES, so the modes hold when the tests run as root. Skipped only as root
// without setpriv: root then writes through any mode, so no read-only state exists.
describe.skipIf(!CAN_OBEY_MODES)("a database the server cannot write", () => {
  it("read-only from the start: the first compile says its audit row cannot be written, writes refuse with a hint", async () => {
    chmodSync(project.dbPath, 0o444);
    const agent = await connect("agent", OBEY_MODES);
    const admin = await connect("admin", OBEY_MODES);
    const message = `The knowledge database ${project.dbPath} is read-only, so nothing can be written to it.`;
    const hint = `Make it writable (chmod u+w ${project.dbPath}) and try again; reading tools still work.`;
    const first = await compile(agent);
    expect(first.base.documents.map((d) => d.doc_id)).toEqual(["api-errors"]);
    expect(first.warnings).toEqual([
      `${message} The audit row of this compile is kept in memory until the database can be written again. ${hint}`,
    ]);
    const refused = { isError: true, text: `${message}\nHint: ${hint}` };
    expect(await answer(agent, "archon_observe", note)).toEqual(refused);
    expect(await answer(admin, "archon_import_doc", importArgs)).toEqual(refused);
  });

  it("a folder made read-only between two compiles: the very next compile says so, and writes refuse", async () => {
    const agent = await connect("agent", OBEY_MODES);
    expect((await compile(agent)).warnings).toEqual([]);
    const folder = dirname(project.dbPath);
    chmodSync(folder, 0o555);
    const message = `The folder ${folder} holding the knowledge database is read-only, so SQLite cannot create its journal there and nothing can be written.`;
    const hint = `Make the folder writable (chmod u+w ${folder}) and try again; reading tools still work.`;
    expect((await compile(agent)).warnings).toEqual([
      `${message} The audit row of this compile is kept in memory until the database can be written again. ${hint}`,
    ]);
    expect(await answer(agent, "archon_observe", note)).toEqual({
      isError: true,
      text: `${message}\nHint: ${hint}`,
    });
    chmodSync(folder, 0o755);
    expect((await compile(agent)).warnings).toEqual([]);
    expect((await answer(agent, "archon_observe", note)).isError).toBeFalsy();
  });
});
