import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { canonicalJson, openDatabase } from "@archon/core";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { archonCliAsync, startTeamServer, type TeamServerProcess } from "../../bench/team-server-process.js";
import type { CompileResponse } from "../../services/compile-service.js";
import { deterministicPart } from "../../test-support/deterministic-part.js";
import { doc, seed, type TestProject, tempProject } from "../../test-support/project.js";
import { type ConnectedClient, connectArchon } from "../../test-support/stdio-client.js";

const TARGET = { target_files: ["apps/web/src/api/users.ts"] };

let project: TestProject;
let server: TeamServerProcess | undefined;
let base = "";
const replicas: { project: TestProject; config: string; token: string }[] = [];
const clients: { close(): Promise<void> }[] = [];

const run = (p: TestProject, args: string[], env: Record<string, string> = {}, input = "") =>
  archonCliAsync(["--db", p.dbPath, "--project-root", p.root], args, env, input);

async function token(person: string, scope: "agent" | "admin"): Promise<string> {
  const r = await run(project, ["token", "create", "--person", person, "--scope", scope, "--json"]);
  expect(r.status).toBe(0);
  return (JSON.parse(r.stdout) as { secret: string }).secret;
}

/** The team server on the project's database; `listen` gives the old port to start it again where replicas know it. */
async function startServer(listen: string): Promise<string> {
  server = await startTeamServer(["--db", project.dbPath, "--project-root", project.root], [], listen);
  return server.url;
}

async function stopServer(): Promise<void> {
  const stopping = server;
  server = undefined;
  await stopping?.stop();
}

async function overHttp(surface: "agent" | "admin", secret: string) {
  const client = new Client({ name: "archon-test", version: "0.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${base}/mcp/${surface}`), {
      requestInit: { headers: { Authorization: `Bearer ${secret}` } },
    }),
  );
  clients.push(client);
  return async (name: string, args: Record<string, unknown> = {}) =>
    (await client.callTool({ name: `archon_${name}`, arguments: args })) as CallToolResult;
}

async function overStdio(replica: (typeof replicas)[number]): Promise<ConnectedClient> {
  const client = await connectArchon({
    surface: "agent",
    dbPath: replica.project.dbPath,
    projectRoot: replica.project.root,
    env: { XDG_CONFIG_HOME: replica.config },
  });
  clients.push(client);
  return client;
}

const sync = (replica: (typeof replicas)[number], ...args: string[]) =>
  run(replica.project, ["sync", ...args], { XDG_CONFIG_HOME: replica.config });

/** The deterministic part with the version beside it: a replica holds the server's versions, not only its rules. */
const deterministic = (result: CallToolResult) => {
  const response = result.structuredContent as unknown as CompileResponse;
  const part = JSON.parse(deterministicPart(response));
  return canonicalJson({ ...part, knowledge_version: response.knowledge_version });
};

function count(dbPath: string, sql: string): unknown {
  const db = openDatabase(dbPath, { readonly: true });
  try {
    return db.prepare(sql).pluck().get();
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  project = tempProject("archon-team-");
  const ctx = project.context();
  seed(ctx, { documents: [doc("api-errors", { content: "Return typed errors from every route." })] });
  ctx.close();
  base = await startServer("127.0.0.1:0");
  for (const person of ["dana", "lee"])
    replicas.push({
      project: tempProject(`archon-${person}-`),
      config: mkdtempSync(join(tmpdir(), `archon-${person}-config-`)),
      token: await token(person, "agent"),
    });
});

afterAll(async () => {
  for (const c of clients.splice(0)) await c.close();
  await stopServer();
  project.cleanup();
  for (const r of replicas) {
    r.project.cleanup();
    rmSync(r.config, { recursive: true, force: true });
  }
});

describe("replicas of a team server", () => {
  it("sync approved knowledge and compile byte-identically to the server, then keep it offline and push what was observed", async () => {
    const [dana, lee] = replicas as [(typeof replicas)[number], (typeof replicas)[number]];
    const admin = await overHttp("admin", await token("ana", "admin"));
    const danaAgent = await overHttp("agent", dana.token);
    const leeAgent = await overHttp("agent", lee.token);

    // Two developers' proposals, approved by an admin; an agent token is refused on the admin surface.
    await danaAgent("observe", {
      event_type: "compile_miss",
      payload: { ...TARGET, review_comment: "errors apply", target_doc_id: "api-errors" },
    });
    const { proposed } = (await admin("process_observations")).structuredContent as {
      proposed: { proposal_id: string }[];
    };
    const noted = (
      await leeAgent("observe", {
        event_type: "manual_note",
        payload: { note: "From now on, never return raw database rows from an API route." },
      })
    ).structuredContent as { proposal_id: string };
    const refused = await fetch(`${base}/mcp/admin`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${dana.token}`,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "archon_approve_proposal", arguments: { proposal_id: noted.proposal_id } },
      }),
    });
    expect(refused.status).toBe(403);
    for (const id of [proposed[0]?.proposal_id, noted.proposal_id])
      expect((await admin("approve_proposal", { proposal_id: id })).isError).toBeFalsy();

    // Both replicas pull every version; each compile is the server's, byte for byte.
    for (const replica of replicas) {
      const first = await sync(replica, "--server", base, "--token", replica.token, "--json");
      expect([first.status, first.stderr]).toEqual([0, ""]);
      expect(JSON.parse(first.stdout)).toEqual({
        server: base,
        from_version: 0,
        to_version: 3,
        pushed: 0,
        duplicates: 0,
        rejected: 0,
        shipped: 0,
        // The approved manual note is a standing rule: the replica renders rules.md as the server did.
        rules_file_written: true,
        warnings: [],
      });
      expect(readFileSync(join(replica.project.root, ".archon", "rules.md"), "utf8")).toBe(
        readFileSync(join(project.root, ".archon", "rules.md"), "utf8"),
      );
      expect(first.stdout + first.stderr).not.toContain(replica.token);
      // The token is kept for later runs in the user's config folder, readable by them alone, not in the project.
      expect(statSync(join(replica.config, "archon", "team-tokens.json")).mode & 0o777).toBe(0o600);
      const archonDir = join(replica.project.root, ".archon");
      for (const name of readdirSync(archonDir))
        expect(readFileSync(join(archonDir, name)).includes(replica.token)).toBe(false);
    }
    const onServer = deterministic(await danaAgent("compile_context", TARGET));
    for (const replica of replicas) {
      const local = await overStdio(replica);
      expect(deterministic(await local.call("archon_compile_context", TARGET))).toBe(onServer);
    }
    expect(JSON.parse(onServer)).toMatchObject({
      knowledge_version: 3,
      base: { documents: [{ doc_id: "api-errors" }] },
    });

    // The server stops: sync says so and fails, compiles still answer, with the offline notice.
    await stopServer();
    const offline = await sync(dana);
    expect(offline.status).toBe(1);
    expect(offline.stderr).toContain(`archon: ${base} cannot be reached (ECONNREFUSED).`);
    const local = await overStdio(dana);
    const compiled = await local.call("archon_compile_context", TARGET);
    expect(deterministic(compiled)).toBe(onServer);
    const notices = (compiled.structuredContent as { notices: string[] }).notices;
    expect(notices.filter((n) => n.startsWith("This replica"))).toEqual([
      expect.stringMatching(
        new RegExp(
          `^This replica of ${base.replace(/[.]/g, "\\.")} is offline since \\S+ \\(${base.replace(/[.]/g, "\\.")} cannot be reached \\(ECONNREFUSED\\)\\): compiles use knowledge_version 3, the last one synced\\. Run \`archon sync\` once the server is reachable\\.$`,
        ),
      ),
    ]);

    // Observed while offline: it waits in the outbox, and reaches the server once it is back.
    await local.call("archon_observe", {
      event_type: "session_note",
      payload: { text: "The users route still returns raw rows." },
    });
    expect(count(dana.project.dbPath, "SELECT COUNT(*) FROM replica_outbox WHERE pushed_at IS NULL")).toBe(1);
    const before = count(project.dbPath, "SELECT COUNT(*) FROM observations");
    base = await startServer(new URL(base).host);
    const back = await sync(dana, "--json");
    expect([back.status, JSON.parse(back.stdout)]).toEqual([
      0,
      {
        server: base,
        from_version: 3,
        to_version: 3,
        pushed: 1,
        duplicates: 0,
        rejected: 0,
        shipped: 0,
        rules_file_written: false,
        warnings: [],
      },
    ]);
    const after = count(project.dbPath, "SELECT COUNT(*) FROM observations");
    expect(after).toBe((before as number) + 1);
    const cleared = await local.call("archon_compile_context", TARGET);
    expect(
      (cleared.structuredContent as { notices: string[] }).notices.some((n) => n.startsWith("This replica")),
    ).toBe(false);

    // The same batch pushed again: every key is a duplicate, and the server's count does not move.
    const db = openDatabase(dana.project.dbPath, { readonly: true });
    const outbox = db.prepare("SELECT idempotency_key, arguments FROM replica_outbox").all() as {
      idempotency_key: string;
      arguments: string;
    }[];
    db.close();
    const retried = await fetch(`${base}/sync/observations`, {
      method: "POST",
      headers: { authorization: `Bearer ${dana.token}`, "content-type": "application/json" },
      body: JSON.stringify({
        observations: outbox.map((o) => ({
          idempotency_key: o.idempotency_key,
          arguments: JSON.parse(o.arguments),
        })),
      }),
    });
    expect((await retried.json()) as unknown).toEqual({
      results: outbox.map((o) => ({
        idempotency_key: o.idempotency_key,
        status: "duplicate",
        observation_id: expect.any(String),
      })),
    });
    expect(count(project.dbPath, "SELECT COUNT(*) FROM observations")).toBe(after);
  }, 180_000);

  it("syncs in the SessionStart hook, and turns an unreachable server into the offline notice", async () => {
    const lee = replicas[1] as (typeof replicas)[number];
    const hook = () =>
      run(
        lee.project,
        ["sync-rules", "--hook"],
        { XDG_CONFIG_HOME: lee.config },
        JSON.stringify({ hook_event_name: "SessionStart", session_id: "s1" }),
      );
    seed(project.context(), { documents: [doc("db-access", { content: "Query through the repository." })] });
    const synced = await hook();
    expect([synced.status, synced.stdout]).toEqual([
      0,
      `archon: synced knowledge_version 3 → 4 from ${base}.\n`,
    ]);
    expect((await hook()).stdout).toBe("");
    await stopServer();
    const down = await hook();
    expect([down.status, down.stderr]).toEqual([0, ""]);
    expect(down.stdout).toMatch(
      /^This replica of \S+ is offline since \S+ \(.*ECONNREFUSED.*\): compiles use knowledge_version 4, /,
    );
    base = await startServer(new URL(base).host);
  }, 90_000);

  it("answers /sync/ only to a live token, and bad parameters with 400", async () => {
    const secret = replicas[0]?.token as string;
    expect((await fetch(`${base}/sync/versions`)).status).toBe(401);
    const bad = await fetch(`${base}/sync/versions?after=-1`, {
      headers: { authorization: `Bearer ${secret}` },
    });
    expect([bad.status, await bad.json()]).toEqual([
      400,
      { error: `after must be a whole number from 0 to ${Number.MAX_SAFE_INTEGER}, not "-1".` },
    ]);
    const empty = await fetch(`${base}/sync/observations`, {
      method: "POST",
      headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" },
      body: JSON.stringify({ observations: [] }),
    });
    expect(empty.status).toBe(400);
  });
});
