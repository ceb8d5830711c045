// Two `archon serve --http` instances on one PostgreSQL database, from outside: real processes, real MCP
// clients over Streamable HTTP, tokens in the shared store. Writes made on either instance are seen by
// both, approvals need an admin token and record who made them, and an instance killed and started
// again rebuilds the same knowledge from the log.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { canonicalJson, openDatabase } from "@archon/core";
import pg from "pg";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  freshDatabase,
  type PostgresServer,
  postgresAvailability,
  startPostgresServer,
} from "../../bench/postgres-server.js";
import {
  archonCliAsync,
  startTeamServer,
  type TeamClient,
  type TeamServerProcess,
  teamClient,
} from "../../bench/team-server-process.js";
import { createArchonContext } from "../../context/archon-context.js";
import { observe } from "../../knowledge/observations/observe.js";
import { observationsContext } from "../../mcp/agent/observe.tool.js";
import type { CompileResponse } from "../../services/compile-service.js";
import { deterministicPart } from "../../test-support/deterministic-part.js";
import { type TestProject, tempProject } from "../../test-support/project.js";
import { connectArchon } from "../../test-support/stdio-client.js";

const availability = postgresAvailability();
const skipReason = availability.available ? "" : ` (skipped: ${availability.reason})`;

let postgres: PostgresServer | undefined;
let databaseUrl: string;
const projects: TestProject[] = [];
const servers: TeamServerProcess[] = [];
const clients: Pick<TeamClient, "close">[] = [];
const configs: string[] = [];

beforeAll(async () => {
  if (availability.available) postgres = await startPostgresServer();
}, 60_000);
afterAll(async () => {
  await postgres?.stop();
});

/** A database of its own for each test, on the one server. */
beforeEach(async () => {
  if (!postgres) return;
  databaseUrl = await freshDatabase(postgres.url, "archon_e2e");
});
afterEach(async () => {
  for (const dir of configs.splice(0)) rmSync(dir, { recursive: true, force: true });
  for (const c of clients.splice(0)) await c.close().catch(() => undefined);
  for (const s of servers.splice(0)) await s.stop("SIGKILL");
  for (const p of projects.splice(0)) p.cleanup();
});

/** Awaited, not run synchronously: a blocked event loop would miss a server closing an idle socket. */
async function token(person: string, scope: "agent" | "admin"): Promise<string> {
  const r = await archonCliAsync([], ["token", "create", "--person", person, "--scope", scope, "--json"], {
    ARCHON_DATABASE_URL: databaseUrl,
  });
  expect(r.stderr).toBe("");
  expect(r.status).toBe(0);
  return (JSON.parse(r.stdout) as { secret: string }).secret;
}

/**
 * An instance in a checkout of its own, on the shared store. Its working copy lives in the checkout: a
 * server stopped with SIGKILL cannot remove a temporary one.
 */
async function instance(listen?: string): Promise<TeamServerProcess> {
  const project = tempProject("archon-team-checkout-");
  projects.push(project);
  const server = await startTeamServer(
    ["--project-root", project.root],
    ["--database-url", databaseUrl, "--working-db", join(project.root, "working.db")],
    listen,
  );
  servers.push(server);
  return server;
}

async function client(server: TeamServerProcess, surface: "agent" | "admin", secret: string) {
  const c = await teamClient(server.url, surface, secret);
  clients.push(c);
  return c;
}

/**
 * The part of a compile answer that must be the same everywhere for the same knowledge, with the version
 * beside it: every instance and replica holds the team's versions, not only its rules.
 */
async function compiled(agent: Pick<TeamClient, "call">, file: string): Promise<string> {
  const answer = await agent.call("compile_context", { target_files: [file] });
  expect(answer.isError).toBeFalsy();
  const response = answer.structuredContent as unknown as CompileResponse;
  const part = JSON.parse(deterministicPart(response));
  return canonicalJson({ ...part, knowledge_version: response.knowledge_version });
}

const structured = <T>(r: { structuredContent?: unknown; isError?: unknown; content?: unknown }): T => {
  expect(r.isError, JSON.stringify(r.content)).toBeFalsy();
  return r.structuredContent as T;
};

describe.skipIf(!availability.available)(`two team-server instances on one PostgreSQL${skipReason}`, () => {
  it("take proposals from two developers on either, approve with an admin token only, and compile the same", async () => {
    const a = await instance();
    const b = await instance();
    const adminSecret = await token("ana", "admin");
    const admin = await client(b, "admin", adminSecret);
    for (const [doc_id, content] of [
      ["api-errors", "Return typed errors from every route."],
      ["db-access", "Open connections through the pool only."],
    ])
      structured(await admin.call("import_doc", { doc_id, title: doc_id, content }));
    const dana = await client(a, "agent", await token("dana", "agent"));
    const eli = await client(b, "agent", await token("eli", "agent"));
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
    await expect(teamClient(a.url, "admin", await token("mallory", "agent"))).rejects.toThrow(
      /403|archon:admin/,
    );

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
    const adminSecret = await token("ana", "admin");
    const agentSecret = await token("dana", "agent");
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
    const admin = await client(a, "admin", await token("ana", "admin"));
    const refused = await admin.call("import_doc", { doc_id: "x", title: "x", file_path: "AGENTS.md" });
    expect(refused.isError).toBe(true);
    expect(JSON.stringify(refused.content)).toContain("inline content, not file_path");
    const init = await admin.call("deploy_adapters", { targets: ["claude"] });
    expect(init.isError).toBe(true);
    expect(JSON.stringify(init.content)).toContain("reads this project's files");
  }, 60_000);

  it("keep three replicas on the team's knowledge, one of them offline through an approval, and push its outbox once", async () => {
    const a = await instance();
    const b = await instance();
    const admin = await client(b, "admin", await token("ana", "admin"));
    const people = [];
    for (const [i, person] of ["dana", "lee", "kim"].entries()) {
      const project = tempProject(`archon-replica-${person}-`);
      projects.push(project);
      const config = mkdtempSync(join(tmpdir(), `archon-${person}-config-`));
      configs.push(config);
      people.push({ person, project, config, secret: await token(person, "agent"), server: i === 1 ? b : a });
    }
    type Replica = (typeof people)[number];
    const globals = (r: Replica) => ["--db", r.project.dbPath, "--project-root", r.project.root];
    const sync = (r: Replica, ...args: string[]) =>
      archonCliAsync(globals(r), ["sync", ...args, "--json"], { XDG_CONFIG_HOME: r.config });
    const onReplica = async (r: Replica) => {
      const local = await connectArchon({
        surface: "agent",
        dbPath: r.project.dbPath,
        projectRoot: r.project.root,
        env: { XDG_CONFIG_HOME: r.config },
      });
      clients.push(local);
      return { call: (name: string, args?: Record<string, unknown>) => local.call(`archon_${name}`, args) };
    };
    const file = "apps/web/src/api/users.ts";
    const rule = (doc_id: string, content: string) => ({
      doc_id,
      title: doc_id,
      content,
      edge_hints: [{ edge_type: "path_requires", source_value: "apps/web/src/api/**" }],
    });

    structured(await admin.call("import_doc", rule("api-errors", "Return typed errors from every route.")));
    for (const r of people) {
      const first = await sync(r, "--server", r.server.url, "--token", r.secret);
      expect([first.status, first.stderr]).toEqual([0, ""]);
      expect(JSON.parse(first.stdout)).toMatchObject({ from_version: 0, to_version: 1 });
    }

    // kim's instance dies; kim keeps working offline, and observes something meanwhile.
    const kim = people[2] as Replica;
    const listen = new URL(a.url).host;
    await a.stop("SIGKILL");
    const offline = await sync(kim);
    expect(offline.status).toBe(1);
    const kimLocal = await onReplica(kim);
    const kept = await kimLocal.call("compile_context", { target_files: [file] });
    expect((kept.structuredContent as { notices: string[] }).notices.join("\n")).toContain(
      "is offline since",
    );
    structured(
      await kimLocal.call("observe", {
        event_type: "session_note",
        payload: { text: "The users route still returns raw rows." },
      }),
    );

    // An approval on the other instance while kim is away; then kim's instance comes back from the log.
    structured(
      await admin.call("import_doc", rule("api-auth", "Check the session before the handler runs.")),
    );
    const again = await instance(listen);
    const back = await sync(kim);
    expect([back.status, back.stderr]).toEqual([0, ""]);
    expect(JSON.parse(back.stdout)).toMatchObject({
      from_version: 1,
      to_version: 2,
      pushed: 1,
      duplicates: 0,
    });
    for (const r of people.slice(0, 2))
      expect(JSON.parse((await sync(r)).stdout)).toMatchObject({ to_version: 2 });

    // Every replica compiles what both instances compile, byte for byte.
    const onServer = await compiled(await client(b, "agent", kim.secret), file);
    expect(await compiled(await client(again, "agent", kim.secret), file)).toBe(onServer);
    for (const r of people) expect(await compiled(await onReplica(r), file)).toBe(onServer);
    expect(JSON.parse(onServer)).toMatchObject({ knowledge_version: 2 });

    // kim's push retried on the other instance, as after an answer lost to a server kill: nothing twice.
    const outbox = openDatabase(kim.project.dbPath, { readonly: true });
    const pushed = outbox.prepare("SELECT idempotency_key, arguments FROM replica_outbox").all() as {
      idempotency_key: string;
      arguments: string;
    }[];
    outbox.close();
    expect(pushed).toHaveLength(1);
    const retried = await fetch(`${b.url}/sync/observations`, {
      method: "POST",
      headers: { authorization: `Bearer ${kim.secret}`, "content-type": "application/json" },
      body: JSON.stringify({
        observations: pushed.map((o) => ({
          idempotency_key: o.idempotency_key,
          arguments: JSON.parse(o.arguments),
        })),
      }),
    });
    expect(((await retried.json()) as { results: { status: string }[] }).results).toEqual([
      expect.objectContaining({ status: "duplicate", observation_id: expect.any(String) }),
    ]);
    const log = new pg.Client({ connectionString: databaseUrl });
    await log.connect();
    const rows = await log.query("SELECT count(*)::int AS n FROM call_log WHERE idempotency_key = $1", [
      pushed[0]?.idempotency_key,
    ]);
    await log.end();
    expect(rows.rows).toEqual([{ n: 1 }]);
  }, 180_000);

  it("keep the audit a replica opted to ship in the store, and judge it with eval --team --database-url", async () => {
    const a = await instance();
    const admin = await client(a, "admin", await token("ana", "admin"));
    const file = "apps/web/src/api/users.ts";
    structured(
      await admin.call("import_doc", {
        doc_id: "api-errors",
        title: "api-errors",
        content: "Return typed errors from every route.",
        edge_hints: [{ edge_type: "path_requires", source_value: "apps/web/src/api/**" }],
      }),
    );
    const project = tempProject("archon-replica-dana-");
    projects.push(project);
    const config = mkdtempSync(join(tmpdir(), "archon-dana-config-"));
    configs.push(config);
    const sync = async (...args: string[]) => {
      const r = await archonCliAsync(
        ["--db", project.dbPath, "--project-root", project.root],
        ["sync", ...args, "--json"],
        { XDG_CONFIG_HOME: config },
      );
      expect([r.status, r.stderr]).toEqual([0, ""]);
      return JSON.parse(r.stdout) as unknown;
    };
    expect(
      await sync("--server", a.url, "--token", await token("dana", "agent"), "--ship-audit"),
    ).toMatchObject({ to_version: 1, shipped: 0 });
    const ctx = createArchonContext({ surface: "agent", dbPath: project.dbPath, projectRoot: project.root });
    const { compile_id } = ctx.compiler.compile({ target_files: [file] });
    observe(observationsContext(ctx), {
      event_type: "compile_miss",
      payload: {
        target_files: [file],
        review_comment: "the pool rule was missing",
        missing_doc: "db-access",
        compile_id,
      },
    });
    ctx.close();
    expect(await sync()).toMatchObject({ pushed: 1, shipped: 1 });

    const checkout = tempProject("archon-team-eval-");
    projects.push(checkout);
    const evaluated = await archonCliAsync(
      ["--project-root", checkout.root],
      ["eval", "--team", "--database-url", databaseUrl, "--json"],
    );
    expect([evaluated.status, evaluated.stderr]).toEqual([0, ""]);
    expect(JSON.parse(evaluated.stdout)).toMatchObject({
      compiles: { kept: 1, folded: 0, failed: 0 },
      shipped: 1,
      by_person: [{ person: "dana", compiles: 1, missed: 1, unnecessary: 1 }],
      missed: [{ event_type: "compile_miss", doc_id: "db-access", compile_id }],
      unnecessary: [{ doc_id: "api-errors", delivered: 1, inline: 1, deferred: 0 }],
    });
  }, 120_000);
});
