import { request } from "node:http";
import { openDatabase } from "@archon/core";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { archonCliAsync, startTeamServer, type TeamServerProcess } from "../../bench/team-server-process.js";
import { doc, seed, type TestProject, tempProject } from "../../test-support/project.js";

let project: TestProject;
let server: TeamServerProcess | undefined;
let base: string;
const clients: Client[] = [];

const globals = () => ["--db", project.dbPath, "--project-root", project.root];

/** Awaited, not run synchronously: a blocked event loop would miss the server closing an idle socket. */
const archon = (...args: string[]) => archonCliAsync(globals(), args);

async function token(person: string, scope: "agent" | "admin"): Promise<string> {
  const r = await archon("token", "create", "--person", person, "--scope", scope, "--json");
  expect(r.status).toBe(0);
  return (JSON.parse(r.stdout) as { secret: string }).secret;
}

async function connect(surface: "agent" | "admin", secret: string) {
  const client = new Client({ name: "archon-test", version: "0.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${base}/mcp/${surface}`), {
      requestInit: { headers: { Authorization: `Bearer ${secret}` } },
    }),
  );
  clients.push(client);
  return {
    call: async (name: string, args: Record<string, unknown> = {}) =>
      (await client.callTool({ name: `archon_${name}`, arguments: args })) as CallToolResult,
  };
}

/** What a refused request must leave alone: the knowledge version and every proposal's status. */
function state() {
  const db = openDatabase(project.dbPath, { readonly: true });
  try {
    return {
      version: db.prepare("SELECT value FROM meta WHERE key = 'knowledge_version'").pluck().get(),
      proposals: db
        .prepare("SELECT proposal_id, status, decided_by FROM proposals ORDER BY proposal_id")
        .all(),
    };
  } finally {
    db.close();
  }
}

beforeEach(async () => {
  project = tempProject();
  const ctx = project.context();
  seed(ctx, { documents: [doc("api-errors", { content: "Return typed errors from every route." })] });
  ctx.close();
  server = await startTeamServer(globals());
  base = server.url;
});
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close();
  await server?.stop();
  project.cleanup();
});

describe("the team server", () => {
  it("takes an agent's observation and an admin's approval, and records who approved", async () => {
    const agent = await connect("agent", await token("dana", "agent"));
    const admin = await connect("admin", await token("ana", "admin"));
    const miss = await agent.call("compile_context", { target_files: ["apps/web/src/api/users.ts"] });
    expect(miss.structuredContent).toMatchObject({ base: { documents: [] } });
    await agent.call("observe", {
      event_type: "compile_miss",
      payload: {
        target_files: ["apps/web/src/api/users.ts"],
        review_comment: "errors apply",
        target_doc_id: "api-errors",
      },
    });
    const processed = (await admin.call("process_observations")).structuredContent as {
      proposed: { proposal_id: string }[];
    };
    const proposalId = processed.proposed[0]?.proposal_id as string;
    expect(
      (await admin.call("approve_proposal", { proposal_id: proposalId })).structuredContent,
    ).toMatchObject({
      knowledge_version: 2,
    });
    expect(state()).toEqual({
      version: "2",
      proposals: [{ proposal_id: proposalId, status: "approved", decided_by: "ana" }],
    });
    const hit = await agent.call("compile_context", { target_files: ["apps/web/src/api/users.ts"] });
    expect(hit.structuredContent).toMatchObject({ base: { documents: [{ doc_id: "api-errors" }] } });
  });

  it("keeps the agent surface read-only: no admin tool is listed there", async () => {
    const agent = await connect("agent", await token("dana", "agent"));
    const names = (await clients[0]?.listTools())?.tools.map((t) => t.name) ?? [];
    expect(names).toContain("archon_compile_context");
    expect(names).not.toContain("archon_approve_proposal");
    expect((await agent.call("approve_proposal", { proposal_id: "prop_x" })).isError).toBe(true);
  });
});

describe("requests an attacker would send", () => {
  // node:http, not fetch: fetch will not send a Host of the caller's choosing, which is the whole attack.
  const approve = (headers: Record<string, string>) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const body = JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "archon_process_observations", arguments: {} },
      });
      const req = request(
        `${base}/mcp/admin`,
        {
          method: "POST",
          headers: {
            "content-type": "application/json",
            accept: "application/json, text/event-stream",
            ...headers,
          },
        },
        (res) => {
          let text = "";
          res.on("data", (chunk: Buffer) => {
            text += chunk.toString();
          });
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on("error", reject);
      req.end(body);
    });

  it("refuses a request without a token, with a wrong or revoked one, and an agent token on the admin surface", async () => {
    const agentSecret = await token("dana", "agent");
    const adminSecret = await token("ana", "admin");
    const before = state();
    expect((await approve({})).status).toBe(401);
    expect((await approve({ authorization: "Bearer archon_tok_not-a-real-one" })).status).toBe(401);
    expect((await approve({ authorization: `Bearer ${agentSecret}` })).status).toBe(403);
    const list = JSON.parse((await archon("token", "list", "--json")).stdout) as {
      tokens: { token_id: string; person: string }[];
    };
    const anas = list.tokens.find((t) => t.person === "ana")?.token_id as string;
    expect((await archon("token", "revoke", anas)).status).toBe(0);
    expect((await approve({ authorization: `Bearer ${adminSecret}` })).status).toBe(401);
    expect(state()).toEqual(before);
  });

  it("refuses a rebinding Host and a foreign Origin even with an admin token", async () => {
    const adminSecret = await token("ana", "admin");
    const before = state();
    const port = new URL(base).port;
    const rebound = await approve({ authorization: `Bearer ${adminSecret}`, host: `evil.example:${port}` });
    expect(rebound.status).toBe(403);
    expect(JSON.parse(rebound.body)).toEqual({
      error: `Host "evil.example:${port}" is not one this server answers to.`,
    });
    const foreign = await approve({ authorization: `Bearer ${adminSecret}`, origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    expect(state()).toEqual(before);
    // The same request, as the admin's own client sends it, is answered.
    expect((await approve({ authorization: `Bearer ${adminSecret}` })).status).toBe(200);
  });

  it("never stores a secret: the database holds only its hash", async () => {
    const secret = await token("ana", "admin");
    const db = openDatabase(project.dbPath, { readonly: true });
    const dump = JSON.stringify(db.prepare("SELECT * FROM team_tokens").all());
    db.close();
    expect(dump).not.toContain(secret);
    expect(dump).toContain("ana");
  });
});
