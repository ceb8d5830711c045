// `node packages/context-compiler/dist/bench/team-load-main.js [--clients 50] [--seconds 60] [--json]`:
// the team server under load. Two `archon serve --http` instances on one PostgreSQL database
// ($ARCHON_DATABASE_URL, or a private server started from Debian's binaries); `--clients` developers
// push observations (a fifth of them sent twice, as a retry after a lost answer would) and sync
// versions, half on each instance, while two admins turn observations into proposals and approve them.
// At the end every acknowledged push must be in the log exactly once, every approval must have made
// exactly one version, and the versions every client saw must be gapless and strictly increasing.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { benchArgs } from "./bench-args.js";
import { freshDatabase, startPostgresServer } from "./postgres-server.js";
import { type Summary, summarize } from "./stats.js";
import { ARCHON_BIN, startTeamServer, type TeamClient, teamClient } from "./team-server-process.js";

const DOCS = 20;

interface Tally {
  pushMs: number[];
  syncMs: number[];
  approveMs: number[];
  applied: Set<string>;
  duplicates: number;
  unexpected: string[];
  approvedVersions: number[];
}

function token(databaseUrl: string, person: string, scope: "agent" | "admin"): string {
  const r = spawnSync(
    process.execPath,
    [ARCHON_BIN, "token", "create", "--person", person, "--scope", scope, "--json"],
    { encoding: "utf8", env: { ...process.env, ARCHON_DATABASE_URL: databaseUrl } },
  );
  if (r.status !== 0) throw new Error(`token create failed: ${r.stderr}`);
  return (JSON.parse(r.stdout) as { secret: string }).secret;
}

async function timed<T>(samples: number[], fn: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const value = await fn();
  samples.push(performance.now() - started);
  return value;
}

/** One developer: push an observation, sometimes again with the same key, then pull what is new. */
async function developer(
  base: string,
  secret: string,
  id: number,
  until: number,
  tally: Tally,
): Promise<void> {
  const headers = { authorization: `Bearer ${secret}`, "content-type": "application/json" };
  let version = 0;
  for (let n = 0; performance.now() < until; n++) {
    const key = `dev${id}-${n}`;
    const body = JSON.stringify({
      observations: [
        {
          idempotency_key: key,
          arguments: {
            event_type: "compile_miss",
            payload: {
              target_files: [`apps/gen/c${id}/f${n}.ts`],
              review_comment: "this rule applies here",
              target_doc_id: `rule-${(id + n) % DOCS}`,
            },
          },
        },
      ],
    });
    for (let attempt = 0; attempt < (n % 5 === 0 ? 2 : 1); attempt++) {
      const answer = await timed(tally.pushMs, async () => {
        const response = await fetch(`${base}/sync/observations`, { method: "POST", headers, body });
        return (await response.json()) as { results?: { status: string }[]; error?: string };
      });
      const status = answer.results?.[0]?.status;
      if (status === "applied" && attempt === 0) tally.applied.add(key);
      else if (status === "duplicate" && attempt === 1) tally.duplicates++;
      else tally.unexpected.push(`${key} attempt ${attempt}: ${status ?? answer.error}`);
    }
    const pulled = await timed(tally.syncMs, async () => {
      const response = await fetch(`${base}/sync/versions?after=${version}&limit=500`, { headers });
      return (await response.json()) as { versions: { knowledge_version: number }[] };
    });
    for (const v of pulled.versions) {
      if (v.knowledge_version !== version + 1)
        tally.unexpected.push(`dev${id} saw version ${v.knowledge_version} after ${version}`);
      version = v.knowledge_version;
    }
  }
}

/**
 * One admin: turn new observations into proposals and approve every pending one, until the time is up,
 * or (with `drain`) until nothing is left to propose or approve.
 */
async function admin(client: TeamClient, until: number, tally: Tally, drain = false): Promise<void> {
  for (;;) {
    const processed = (await client.call("process_observations", { limit: 1000 })).structuredContent as {
      remaining: number;
    };
    const pending = (await client.call("list_proposals")).structuredContent as {
      proposals: { proposal_id: string }[];
    };
    for (const { proposal_id } of pending.proposals) {
      const answer = await timed(tally.approveMs, () => client.call("approve_proposal", { proposal_id }));
      const approved = answer.structuredContent as { knowledge_version?: number } | undefined;
      // The other admin may have approved it first: then this one is refused, and nothing is applied twice.
      if (!answer.isError && approved?.knowledge_version)
        tally.approvedVersions.push(approved.knowledge_version);
    }
    const idle = processed.remaining === 0 && pending.proposals.length === 0;
    if (drain ? idle : performance.now() >= until) return;
  }
}

export interface TeamLoadResult {
  clients: number;
  seconds: number;
  pushes: number;
  retriedDuplicates: number;
  approvals: number;
  finalVersion: number;
  lostPushes: number;
  doubledPushes: number;
  doubledVersions: number;
  /** Observations still new after the last round: each should have been analyzed into a proposal. */
  observationsNotTriaged: number;
  unexpected: string[];
  push: Summary;
  sync: Summary;
  approve: Summary;
}

function emptyTally(): Tally {
  return {
    pushMs: [],
    syncMs: [],
    approveMs: [],
    applied: new Set(),
    duplicates: 0,
    unexpected: [],
    approvedVersions: [],
  };
}

/** The rules the developers' observations are about, approved before the clock starts. */
async function importRules(admin: TeamClient): Promise<void> {
  for (let d = 0; d < DOCS; d++)
    await admin.call("import_doc", { doc_id: `rule-${d}`, title: `Rule ${d}`, content: `Rule ${d} text.` });
}

/** What the shared store holds after the run: each logged push's count, and every knowledge version. */
async function readStore(
  databaseUrl: string,
): Promise<{ keyed: { idempotency_key: string; n: string }[]; stored: number[] }> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const keyed = await db.query<{ idempotency_key: string; n: string }>(
      "SELECT idempotency_key, count(*) AS n FROM call_log WHERE idempotency_key IS NOT NULL GROUP BY idempotency_key",
    );
    const versions = await db.query<{ v: string }>("SELECT knowledge_version AS v FROM snapshots ORDER BY 1");
    return { keyed: keyed.rows, stored: versions.rows.map((r) => Number(r.v)) };
  } finally {
    await db.end();
  }
}

/** Undefined when there is no PostgreSQL to run against. */
export async function runTeamLoad(clients: number, seconds: number): Promise<TeamLoadResult | undefined> {
  const server = process.env.ARCHON_DATABASE_URL ? undefined : await startPostgresServer();
  const serverUrl = process.env.ARCHON_DATABASE_URL ?? server?.url;
  if (!serverUrl) return undefined;
  const databaseUrl = await freshDatabase(serverUrl, "archon_load");
  const checkouts = ["a", "b"].map((name) => mkdtempSync(join(tmpdir(), `archon-load-${name}-`)));
  const instances = await Promise.all(
    checkouts.map((root) => startTeamServer(["--project-root", root], ["--database-url", databaseUrl])),
  );
  const tally = emptyTally();
  try {
    // Every token first: the CLI runs synchronously, and a client idle through it would find its kept-alive
    // socket closed by the server.
    const adminSecret = token(databaseUrl, "ana", "admin");
    const secrets = Array.from({ length: clients }, (_, i) => token(databaseUrl, `dev${i}`, "agent"));
    const admins = await Promise.all(instances.map((i) => teamClient(i.url, "admin", adminSecret)));
    await importRules(admins[0] as TeamClient);
    const until = performance.now() + seconds * 1000;
    await Promise.all([
      ...secrets.map((s, i) => developer(instances[i % 2]?.url as string, s, i, until, tally)),
      ...admins.map((a) => admin(a, until, tally)),
    ]);
    // A last round, so every observation pushed is a proposal and every proposal is approved.
    await admin(admins[0] as TeamClient, 0, tally, true);
    const left = (await admins[0]?.call("list_observations", { status: "new" }))?.structuredContent as {
      observations: unknown[];
    };
    for (const a of admins) await a.close();

    const { keyed, stored } = await readStore(databaseUrl);
    const inLog = new Set(keyed.map((r) => r.idempotency_key));
    const gapless = stored.every((v, i) => v === i + 1);
    if (!gapless) tally.unexpected.push("the store's versions have a gap");
    const approved = new Set(tally.approvedVersions);
    return {
      clients,
      seconds,
      pushes: tally.applied.size,
      retriedDuplicates: tally.duplicates,
      approvals: tally.approvedVersions.length,
      finalVersion: stored[stored.length - 1] ?? 0,
      lostPushes: [...tally.applied].filter((k) => !inLog.has(k)).length,
      doubledPushes: keyed.filter((r) => Number(r.n) > 1).length,
      doubledVersions: tally.approvedVersions.length - approved.size,
      observationsNotTriaged: left.observations.length,
      unexpected: tally.unexpected.slice(0, 20),
      push: summarize(tally.pushMs),
      sync: summarize(tally.syncMs),
      approve: summarize(tally.approveMs),
    };
  } finally {
    for (const i of instances) await i.stop();
    for (const root of checkouts) rmSync(root, { recursive: true, force: true });
    await server?.stop();
  }
}

const ms = (x: number) => x.toFixed(1);

function report(r: TeamLoadResult): string {
  return [
    `${r.clients} developers and 2 admins for ${r.seconds} s against two instances on one PostgreSQL database:`,
    "",
    "| measure | value |",
    "|---|---:|",
    `| pushes acknowledged | ${r.pushes} |`,
    `| retried pushes answered "duplicate" | ${r.retriedDuplicates} |`,
    `| approvals (one version each) | ${r.approvals} |`,
    `| final knowledge version | ${r.finalVersion} |`,
    `| acknowledged pushes missing from the log | ${r.lostPushes} |`,
    `| pushes applied more than once | ${r.doubledPushes} |`,
    `| versions made twice | ${r.doubledVersions} |`,
    `| observations left untriaged | ${r.observationsNotTriaged} |`,
    `| push p50 / p99 (ms) | ${ms(r.push.p50)} / ${ms(r.push.p99)} |`,
    `| sync p50 / p99 (ms) | ${ms(r.sync.p50)} / ${ms(r.sync.p99)} |`,
    `| approve p50 / p99 (ms) | ${ms(r.approve.p50)} / ${ms(r.approve.p99)} |`,
    "",
    r.unexpected.length === 0 ? "No unexpected answer." : `Unexpected: ${r.unexpected.join("; ")}`,
  ].join("\n");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const USAGE = "usage: team-load-main.js [--clients N] [--seconds N] [--json]";
  const values = benchArgs(USAGE, {
    clients: { type: "string", default: "50" },
    seconds: { type: "string", default: "60" },
    json: { type: "boolean", default: false },
  });
  const clients = Number(values.clients);
  const seconds = Number(values.seconds);
  if (!Number.isInteger(clients) || clients <= 0 || !(seconds > 0)) {
    process.stderr.write(`${USAGE}\n`);
    process.exit(2);
  }
  process.stderr.write(`team load: ${clients} developers, 2 admins, ${seconds} s\n`);
  const result = await runTeamLoad(clients, seconds);
  if (!result) {
    process.stdout.write(
      "Skipped: no PostgreSQL (set ARCHON_DATABASE_URL, or install Debian's postgresql).\n",
    );
    process.exit(0);
  }
  process.stdout.write(values.json ? `${JSON.stringify(result, null, 2)}\n` : `${report(result)}\n`);
  const broken =
    result.lostPushes +
    result.doubledPushes +
    result.doubledVersions +
    result.observationsNotTriaged +
    result.unexpected.length;
  process.exitCode = broken === 0 ? 0 : 1;
}
