// Two `archon serve --http` instances on one PostgreSQL database, from outside: real processes, real MCP
// clients over Streamable HTTP, tokens in the shared store. Writes made on either instance are seen by
// both, approvals need an admin token and record who made them, and an instance killed and started
// again rebuilds the same knowledge from the log.
import { randomBytes } from "node:crypto";
import { canonicalJson } from "@archon/core";
import pg from "pg";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type PostgresServer, postgresAvailability, startPostgresServer } from "../bench/postgres-server.js";
import {
  archonCli,
  startTeamServer,
  type TeamClient,
  type TeamServerProcess,
  teamClient,
} from "../bench/team-server-process.js";
import { type TestProject, tempProject } from "../test-support/project.js";

const availability = postgresAvailability();
const skipReason = availability.available ? "" : ` (skipped: ${availability.reason})`;

let postgres: PostgresServer | undefined;
let databaseUrl: string;
const projects: TestProject[] = [];
const servers: TeamServerProcess[] = [];
const clients: TeamClient[] = [];

beforeAll(async () => {
  if (availability.available) postgres = await startPostgresServer();
}, 60_000);
afterAll(async () => {
  await postgres?.stop();
});

/** A database of its own for each test, on the one server. */
beforeEach(async () => {
  if (!postgres) return;
  const name = `archon_e2e_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(postgres.url);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
});
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close().catch(() => undefined);
  for (const s of servers.splice(0)) await s.stop("SIGKILL");
  for (const p of projects.splice(0)) p.cleanup();
});

function token(person: string, scope: "agent" | "admin"): string {
  const r = archonCli([], ["token", "create", "--person", person, "--scope", scope, "--json"], {
    ARCHON_DATABASE_URL: databaseUrl,
  });
  expect(r.stderr).toBe("");
  expect(r.status).toBe(0);
  return (JSON.parse(r.stdout) as { secret: string }).secret;
}

/** An instance in a checkout of its own, on the shared store. */
async function instance(): Promise<TeamServerProcess> {
  const project = tempProject("archon-team-checkout-");
  projects.push(project);
  const server = await startTeamServer(["--project-root", project.root], ["--database-url", databaseUrl]);
  servers.push(server);
  return server;
}

async function client(server: TeamServerProcess, surface: "agent" | "admin", secret: string) {
  const c = await teamClient(server.url, surface, secret);
  clients.push(c);
  return c;
}

/** The part of a compile answer that must be the same everywhere for the same knowledge. */
async function compiled(agent: TeamClient, file: string): Promise<string> {
  const answer = await agent.call("compile_context", { target_files: [file] });
  expect(answer.isError).toBeFalsy();
  const { compile_id: _id, notices: _notices, ...rest } = answer.structuredContent as Record<string, unknown>;
  return canonicalJson(rest);
}

const structured = <T>(r: { structuredContent?: unknown; isError?: unknown; content?: unknown }): T => {
  expect(r.isError, JSON.stringify(r.content)).toBeFalsy();
  return r.structuredContent as T;
};

describe.skipIf(!availability.available)(`two team-server instances on one PostgreSQL${skipReason}`, () => {
  it("take proposals from two developers on either, approve with an admin token only, and compile the same", async () => {
    const a = await instance();
    const b = await instance();
    const adminSecret = token("ana", "admin");
    const admin = await client(b, "admin", adminSecret);
    for (const [doc_id, content] of [
      ["api-errors", "Return typed errors from every route."],
      ["db-access", "Open connections through the pool only."],
    ])
      structured(await admin.call("import_doc", { doc_id, title: doc_id, content }));
    const dana = await client(a, "agent", token("dana", "agent"));
    const eli = await client(b, "agent", token("eli", "agent"));
    for (const [who, file, target] of [
      [dana, "apps/web/src/api/users.ts", "api-errors"],
      [eli, "packages/db/src/client.ts", "db-access"],
    ] as const)
      structured(
        await who.call("observe", {
          event_type: "compile_miss",
          payload: { target_files: [file], review_comment: `${target} applies here`, target_doc_id: target },
        }),
      );

    // Triage on A sees both observations, B's included.
    const adminOnA = await client(a, "admin", adminSecret);
    const processed = structured<{ proposed: { proposal_id: string }[] }>(
      await adminOnA.call("process_observations"),
    );
    expect(processed.proposed).toHaveLength(2);

    // An agent token cannot reach the admin surface of either instance.
    await expect(teamClient(a.url, "admin", token("mallory", "agent"))).rejects.toThrow(/403|archon:admin/);

    for (const { proposal_id } of processed.proposed)
      structured(await admin.call("approve_proposal", { proposal_id }));
    const decided = structured<{ proposals: { proposal_id: string; status: string }[] }>(
      await adminOnA.call("list_proposals", { status: "approved" }),
    );
    expect(decided.proposals.map((p) => p.proposal_id).sort()).toEqual(
      processed.proposed.map((p) => p.proposal_id).sort(),
    );
    const proposal = structured<{ decided_by?: string }>(
      await adminOnA.call("get_proposal", { proposal_id: processed.proposed[0]?.proposal_id }),
    );
    expect(proposal).toMatchObject({ decided_by: "ana" });

    for (const file of ["apps/web/src/api/users.ts", "packages/db/src/client.ts"]) {
      const onA = await compiled(dana, file);
      expect(await compiled(eli, file)).toBe(onA);
      expect(onA).toContain('"knowledge_version":4');
    }
    expect(await compiled(dana, "apps/web/src/api/users.ts")).toContain("api-errors");
  }, 120_000);

  it("rebuild an instance killed mid-day from the log, with the knowledge the other approved meanwhile", async () => {
    const a = await instance();
    const b = await instance();
    const adminSecret = token("ana", "admin");
    const agentSecret = token("dana", "agent");
    const adminOnA = await client(a, "admin", adminSecret);
    structured(
      await adminOnA.call("import_doc", {
        doc_id: "api-errors",
        title: "API errors",
        content: "Return typed errors from every route.",
        edge_hints: [{ edge_type: "path_requires", source_value: "apps/web/src/api/**" }],
      }),
    );
    await a.stop("SIGKILL");
    const adminOnB = await client(b, "admin", adminSecret);
    structured(
      await adminOnB.call("import_doc", {
        doc_id: "api-auth",
        title: "API auth",
        content: "Check the session before the handler runs.",
        edge_hints: [{ edge_type: "path_requires", source_value: "apps/web/src/api/**" }],
      }),
    );
    const again = await instance();
    const file = "apps/web/src/api/users.ts";
    const onB = await compiled(await client(b, "agent", agentSecret), file);
    expect(await compiled(await client(again, "agent", agentSecret), file)).toBe(onB);
    expect(onB).toContain("api-auth");
    expect(onB).toContain("api-errors");
  }, 120_000);

  it("refuse a tool that reads the instance's own files", async () => {
    const a = await instance();
    const admin = await client(a, "admin", token("ana", "admin"));
    const refused = await admin.call("import_doc", { doc_id: "x", title: "x", file_path: "AGENTS.md" });
    expect(refused.isError).toBe(true);
    expect(JSON.stringify(refused.content)).toContain("inline content, not file_path");
    const init = await admin.call("deploy_adapters", { targets: ["claude"] });
    expect(init.isError).toBe(true);
    expect(JSON.stringify(init.content)).toContain("reads this project's files");
  }, 60_000);
});
