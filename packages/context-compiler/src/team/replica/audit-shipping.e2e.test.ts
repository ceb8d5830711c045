import { mkdtempSync, rmSync } from "node:fs";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { canonicalJson, openDatabase } from "@archon/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { archonCliAsync, startTeamServer, type TeamServerProcess } from "../../bench/team-server-process.js";
import { createArchonContext } from "../../context/archon-context.js";
import { observe } from "../../knowledge/observations/observe.js";
import { observationsContext } from "../../mcp/agent/observe.tool.js";
import { countAuditToShip } from "../../store/audit-outbox.js";
import { setAuditCursor } from "../../store/team/replica.js";
import type { ShippedAuditRow } from "../../store/team/shipped-audit.js";
import { doc, seed, type TestProject, tempProject } from "../../test-support/project.js";

const FILE = "apps/web/src/api/users.ts";

/**
 * A loopback proxy in front of the team server that notes every request's method and path: the proof of
 * what left a replica. `failAudit` answers /sync/audit with that status instead: a 503, as a server
 * failing mid-sync would, or a 404, as a server older than audit shipping does.
 */
interface RecordingProxy {
  url: string;
  seen: string[];
  failAudit: number | undefined;
  close(): Promise<void>;
}

async function recordingProxy(target: string): Promise<RecordingProxy> {
  const proxy: Omit<RecordingProxy, "url" | "close"> = { seen: [], failAudit: undefined };
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", target).pathname;
    proxy.seen.push(`${req.method} ${path}`);
    if (proxy.failAudit !== undefined && path === "/sync/audit") {
      res.writeHead(proxy.failAudit).end();
      return;
    }
    const url = new URL(req.url ?? "/", target);
    const out = request(
      url,
      { method: req.method, headers: { ...req.headers, host: url.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    out.on("error", () => res.writeHead(502).end());
    req.pipe(out);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return Object.assign(proxy, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

interface Replica {
  person: string;
  project: TestProject;
  config: string;
  token: string;
}

let project: TestProject;
let server: TeamServerProcess;
let proxy: RecordingProxy;
const replicas: Replica[] = [];

const run = (p: TestProject, args: string[], env: Record<string, string> = {}) =>
  archonCliAsync(["--db", p.dbPath, "--project-root", p.root], args, env);

async function token(person: string, scope: "agent" | "admin"): Promise<string> {
  const r = await run(project, ["token", "create", "--person", person, "--scope", scope, "--json"]);
  expect(r.status).toBe(0);
  return (JSON.parse(r.stdout) as { secret: string }).secret;
}

async function sync(replica: Replica, ...args: string[]) {
  const r = await run(replica.project, ["sync", ...args, "--json"], { XDG_CONFIG_HOME: replica.config });
  expect([r.status, r.stderr]).toEqual([0, ""]);
  return JSON.parse(r.stdout) as { to_version: number; pushed: number; shipped: number };
}

/** Compiles on the replica as its local MCP server does, in the session the hooks would name. */
function compileOn(replica: Replica, files: string[] = [FILE]): string {
  const ctx = createArchonContext({
    surface: "agent",
    dbPath: replica.project.dbPath,
    projectRoot: replica.project.root,
    env: { ARCHON_SESSION_ID: `session-of-${replica.person}` },
  });
  try {
    return ctx.compiler.compile({ target_files: files }).compile_id;
  } finally {
    ctx.close();
  }
}

function shippedOnServer(): ShippedAuditRow[] {
  const db = openDatabase(project.dbPath, { readonly: true });
  try {
    return db
      .prepare("SELECT * FROM shipped_audit ORDER BY created_at, compile_id")
      .all() as ShippedAuditRow[];
  } finally {
    db.close();
  }
}

const auditRequests = () => proxy.seen.filter((s) => s === "POST /sync/audit").length;

beforeAll(async () => {
  project = tempProject("archon-audit-server-");
  seed(project.context(), {
    documents: [
      doc("api-errors", {
        patterns: ["apps/web/src/api/**"],
        content: "Return typed errors from every route.",
      }),
      doc("style", { patterns: ["apps/**"], content: "Two spaces." }),
    ],
  });
  server = await startTeamServer(["--db", project.dbPath, "--project-root", project.root]);
  proxy = await recordingProxy(server.url);
  for (const person of ["dana", "lee"]) {
    const replica = {
      person,
      project: tempProject(`archon-${person}-`),
      config: mkdtempSync(join(tmpdir(), `archon-${person}-config-`)),
      token: await token(person, "agent"),
    };
    replicas.push(replica);
    expect(await sync(replica, "--server", proxy.url, "--token", replica.token)).toMatchObject({
      to_version: 1,
      shipped: 0,
    });
  }
}, 120_000);

afterAll(async () => {
  await proxy?.close();
  await server?.stop();
  project?.cleanup();
  for (const r of replicas) {
    r.project.cleanup();
    rmSync(r.config, { recursive: true, force: true });
  }
});

describe("a replica that has not opted in", () => {
  it("sends nothing of its audit: no request reaches /sync/audit, and the server holds no record", async () => {
    const dana = replicas[0] as Replica;
    compileOn(dana);
    compileOn(dana);
    expect(await sync(dana)).toMatchObject({ shipped: 0 });
    expect(proxy.seen).toContain("GET /sync/versions");
    expect(auditRequests()).toBe(0);
    expect(shippedOnServer()).toEqual([]);
  }, 60_000);
});

describe("a replica that opted in with --ship-audit", () => {
  it("ships the rows after the last shipped one, remembers the choice, and a failed push leaves them waiting", async () => {
    const dana = replicas[0] as Replica;
    // The two rows compiled before the opt-in go with the first sync that has it.
    expect(await sync(dana, "--ship-audit")).toMatchObject({ shipped: 2 });
    const first = shippedOnServer();
    expect(first.map((r) => [r.person, JSON.parse(r.record)])).toEqual(
      [0, 1].map(() => [
        "dana",
        {
          compile_id: expect.stringMatching(/^cmp_/),
          created_at: expect.any(String),
          status: "ok",
          knowledge_version: 1,
          snapshot_id: "snap_v1",
          inline_bytes: expect.any(Number),
          max_inline_bytes: 8192,
          deliveries: [
            { doc_id: "api-errors", delivery: "inline" },
            { doc_id: "style", delivery: "inline" },
          ],
          session_id: "session-of-dana",
          target_files: [FILE],
        },
      ]),
    );
    for (const row of first) expect(row.record).toBe(canonicalJson(JSON.parse(row.record)));

    // Remembered: a plain sync ships only what is new, and nothing when nothing is.
    expect(await sync(dana)).toMatchObject({ shipped: 0 });
    const third = compileOn(dana, [join(dana.project.root, FILE)]);
    proxy.failAudit = 503;
    const failed = await run(dana.project, ["sync"], { XDG_CONFIG_HOME: dana.config });
    expect([failed.status, failed.stderr]).toEqual([
      1,
      expect.stringContaining("0 observation(s) wait in the outbox, and 1 audit row(s) wait to be shipped."),
    ]);
    proxy.failAudit = undefined;
    expect(await sync(dana)).toMatchObject({ shipped: 1 });
    const rows = shippedOnServer();
    expect(rows.map((r) => r.compile_id)).toEqual([...first.map((r) => r.compile_id), third]);
    // An absolute target path inside the project arrives repo-relative.
    expect(JSON.parse((rows[2] as ShippedAuditRow).record).target_files).toEqual([FILE]);
  }, 120_000);

  it("doubles nothing when a push is retried, by the replica or by hand", async () => {
    const dana = replicas[0] as Replica;
    const before = shippedOnServer();
    // As if the server's answer had been lost: the replica ships everything again.
    const db = openDatabase(dana.project.dbPath);
    setAuditCursor(db, null);
    db.close();
    expect(await sync(dana)).toMatchObject({ shipped: 3 });
    const records = before.map((r) => JSON.parse(r.record) as unknown);
    const push = (secret: string | undefined) =>
      fetch(`${server.url}/sync/audit`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(secret ? { authorization: `Bearer ${secret}` } : {}),
        },
        body: JSON.stringify({ records }),
      });
    const again = await push((replicas[1] as Replica).token);
    expect([again.status, await again.json()]).toEqual([200, { stored: 0, duplicates: 3 }]);
    expect(shippedOnServer()).toEqual(before);
  }, 60_000);

  it("takes an agent or an admin token and refuses a push without one (401) or with a malformed record (400)", async () => {
    const records = [
      {
        compile_id: "cmp_by_hand",
        created_at: "2026-01-01T00:00:00.000Z",
        status: "ok",
        knowledge_version: 1,
        snapshot_id: "snap_v1",
        inline_bytes: 10,
        max_inline_bytes: 8192,
        deliveries: [],
        session_id: null,
        target_files: [],
      },
    ];
    const push = (headers: Record<string, string>, body: unknown = { records }) =>
      fetch(`${server.url}/sync/audit`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify(body),
      });
    const without = await push({});
    expect(without.status).toBe(401);
    const bad = await push({ authorization: `Bearer ${(replicas[0] as Replica).token}` }, { records: [{}] });
    expect(bad.status).toBe(400);
    const admin = await push({ authorization: `Bearer ${await token("ana", "admin")}` });
    expect([admin.status, await admin.json()]).toEqual([200, { stored: 1, duplicates: 0 }]);
    expect(shippedOnServer().find((r) => r.compile_id === "cmp_by_hand")?.person).toBe("ana");
  }, 60_000);

  it("names a server older than audit shipping (404) as such, with the way out, and keeps the row waiting", async () => {
    const dana = replicas[0] as Replica;
    const waiting = compileOn(dana);
    proxy.failAudit = 404;
    const refused = await run(dana.project, ["sync"], { XDG_CONFIG_HOME: dana.config });
    proxy.failAudit = undefined;
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(
      "has no /sync/audit route (404): the team server is older than audit shipping.",
    );
    expect(refused.stderr).toContain("archon sync --no-ship-audit");
    expect(refused.stderr).not.toContain("Check --server");
    expect(shippedOnServer().map((r) => r.compile_id)).not.toContain(waiting);
    const db = openDatabase(dana.project.dbPath);
    try {
      expect(countAuditToShip(db)).toBe(1);
    } finally {
      db.close();
    }
  }, 60_000);

  it("stops with --no-ship-audit: later compiles stay local, and later syncs send no audit request", async () => {
    const dana = replicas[0] as Replica;
    const before = [shippedOnServer(), auditRequests()];
    compileOn(dana);
    expect(await sync(dana, "--no-ship-audit")).toMatchObject({ shipped: 0 });
    compileOn(dana);
    expect(await sync(dana)).toMatchObject({ shipped: 0 });
    expect([shippedOnServer(), auditRequests()]).toEqual(before);
  }, 60_000);
});

describe("eval --team on the server", () => {
  it("judges what both replicas shipped against the server's observations, per person", async () => {
    const lee = replicas[1] as Replica;
    const leeCompile = compileOn(lee);
    const ctx = createArchonContext({
      surface: "agent",
      dbPath: lee.project.dbPath,
      projectRoot: lee.project.root,
    });
    observe(observationsContext(ctx), {
      event_type: "compile_miss",
      payload: {
        target_files: [FILE],
        review_comment: "the database rule was missing",
        missing_doc: "db-access",
        compile_id: leeCompile,
      },
    });
    ctx.close();
    expect(await sync(lee, "--ship-audit")).toMatchObject({ pushed: 1, shipped: 1 });

    const r = await run(project, ["eval", "--team", "--json"]);
    expect([r.status, r.stderr]).toEqual([0, ""]);
    const report = JSON.parse(r.stdout) as Record<string, unknown>;
    expect({
      compiles: report.compiles,
      shipped: report.shipped,
      by_person: report.by_person,
      missed: report.missed,
      unnecessary: report.unnecessary,
    }).toEqual({
      compiles: { kept: 5, folded: 0, failed: 0 },
      shipped: 5,
      by_person: [
        { person: "ana", compiles: 1, missed: 0, unnecessary: 0 },
        { person: "dana", compiles: 3, missed: 0, unnecessary: 6 },
        { person: "lee", compiles: 1, missed: 1, unnecessary: 2 },
      ],
      missed: [
        {
          observation_id: expect.any(String),
          event_type: "compile_miss",
          doc_id: "db-access",
          files: [FILE],
          compile_id: leeCompile,
          created_at: expect.any(String),
        },
      ],
      unnecessary: [
        { doc_id: "api-errors", delivered: 4, inline: 4, deferred: 0 },
        { doc_id: "style", delivered: 4, inline: 4, deferred: 0 },
      ],
    });
    const text = await run(project, ["eval", "--team"]);
    expect(text.stdout).toContain(
      "Team: 5 of the 5 compile(s) shipped by replicas (archon sync --ship-audit); by person (3):\n  ana: 1 compile(s), 0 missed, 0 unnecessary deliveries\n  dana: 3 compile(s), 0 missed, 6 unnecessary deliveries\n  lee: 1 compile(s), 1 missed, 2 unnecessary deliveries\n",
    );
  }, 120_000);
});
