// Opening a team store from its address: the accepted forms, and the UserErrors for everything else.
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { canonicalJson, describeError, UserError } from "@archon/core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  type PostgresServer,
  postgresAvailability,
  startPostgresServer,
} from "../../bench/postgres-server.js";
import { openTeamRepository } from "./open-team-repository.js";

const ACCEPTED =
  "Use postgres://user:password@host:5432/database (or postgresql://), pglite:memory, pglite:<folder>, or sqlite:<file>.";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "archon-team-open-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What the open failed with, as the message, the hint and the text a person reads. */
async function failure(url: string, options?: { schema?: string }) {
  const error = await openTeamRepository(url, options).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UserError);
  const { message, hint } = error as UserError;
  return { message, hint, text: describeError(error) };
}

/** A loopback port with nothing listening on it. */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const port = (probe.address() as { port: number }).port;
      probe.close(() => resolve(port));
    });
  });

describe("an address archon does not know", () => {
  it("is refused with the accepted forms as the hint", async () => {
    expect(await failure("mysql://ana@db.example/team")).toMatchObject({
      message: '"mysql:" is not a team store address.',
      hint: ACCEPTED,
    });
    expect(await failure("team.db")).toMatchObject({
      message: "The team store address has no scheme.",
      hint: ACCEPTED,
    });
    expect(await failure("pglite:")).toMatchObject({
      message: "pglite: needs memory or a folder.",
      hint: ACCEPTED,
    });
  });

  it("refuses sqlite: without a file, or with one that cannot be a database", async () => {
    expect((await failure("sqlite:")).message).toBe(
      "sqlite: needs the path of a file: the team store is shared between connections.",
    );
    expect((await failure("sqlite::memory:")).message).toBe(
      "sqlite: needs the path of a file: the team store is shared between connections.",
    );
    expect((await failure(`sqlite:${dir}`)).message).toMatch(/^Cannot open the team store /);
  });
});

describe("a PostgreSQL server that cannot be reached", () => {
  it("is a UserError naming user, host, port and database, never the password", async () => {
    const port = await closedPort();
    const result = await failure(`postgres://ana:s3cret-pw@127.0.0.1:${port}/team`);
    expect(result).toStrictEqual({
      message: `Cannot reach the team database ana@127.0.0.1:${port}/team (ECONNREFUSED).`,
      hint: "Check that PostgreSQL runs there and accepts TCP connections from this machine, and the host and port in --database-url.",
      text: expect.any(String),
    });
    expect(result.text).not.toContain("s3cret-pw");
    expect(result.text).not.toMatch(/\n\s+at /);
  });

  it("refuses a schema name that is not a plain identifier before connecting", async () => {
    const port = await closedPort();
    expect(await failure(`postgresql://ana@127.0.0.1:${port}/team`, { schema: "team; DROP" })).toMatchObject({
      message: '"team; DROP" cannot name the schema of the team store.',
    });
  });
});

const availability = postgresAvailability();
describe.skipIf(!availability.available)(
  availability.available
    ? "a PostgreSQL server without the database"
    : `PostgreSQL (SKIPPED, ${availability.reason})`,
  () => {
    let server: PostgresServer | undefined;
    beforeAll(async () => {
      server = await startPostgresServer();
    });
    afterAll(async () => server?.stop());

    it("is a UserError saying to create the database", async () => {
      const url = new URL((server as PostgresServer).url);
      url.pathname = "/no_such_team";
      expect(await failure(url.toString())).toMatchObject({
        message: `The team database archon@127.0.0.1:${url.port}/no_such_team does not exist.`,
        hint: "Create it (createdb) or name an existing database in --database-url.",
      });
    });
  },
);

describe("pglite:<folder>", () => {
  const opened: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    for (const repo of opened.splice(0)) await repo.close();
  });

  it("keeps the store in that folder across opens", async () => {
    const folder = join(dir, "pglite-store");
    const first = await openTeamRepository(`pglite:${folder}`);
    opened.push(first);
    const call = {
      call_id: "call_1",
      tool: "propose_document",
      args: canonicalJson({ title: "Rule" }),
      actor: "ana",
      at: "2026-01-01T00:00:00.000Z",
      idempotency_key: "k1",
      knowledge_version: 0,
    };
    await first.write((log) => log.append(call));
    await first.close();
    const again = await openTeamRepository(`pglite:${folder}`);
    opened.push(again);
    expect({ dialect: again.dialect, calls: await again.callsAfter(0, 10) }).toStrictEqual({
      dialect: "postgres",
      calls: [{ seq: 1, ...call }],
    });
  }, 60_000);
});
