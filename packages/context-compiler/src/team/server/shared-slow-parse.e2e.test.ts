// A slow verify_done on a team server over a shared PostgreSQL store: the instance answers other users'
// reads while it parses (a request that may write still runs alone, behind it).
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
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
import { commitAll } from "../../test-support/git.js";
import { type TestProject, tempProject } from "../../test-support/project.js";

const availability = postgresAvailability();
const skipReason = availability.available ? "" : ` (skipped: ${availability.reason})`;
/** Files tree-sitter needs about a minute each for (200 KB of empty brackets), each cut at its budget. */
const SLOW_FILES = ["src/nested-a.ts", "src/nested-b.ts"];

let postgres: PostgresServer | undefined;
let project: TestProject | undefined;
let server: TeamServerProcess | undefined;
const clients: TeamClient[] = [];

beforeAll(async () => {
  if (availability.available) postgres = await startPostgresServer();
}, 60_000);
afterAll(async () => {
  await postgres?.stop();
});
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close().catch(() => undefined);
  await server?.stop("SIGKILL");
  project?.cleanup();
});

async function person(databaseUrl: string, name: string, scope: "agent" | "admin"): Promise<TeamClient> {
  const r = await archonCliAsync([], ["token", "create", "--person", name, "--scope", scope, "--json"], {
    ARCHON_DATABASE_URL: databaseUrl,
  });
  expect(r.status).toBe(0);
  const client = await teamClient(
    server?.url as string,
    scope,
    (JSON.parse(r.stdout) as { secret: string }).secret,
  );
  clients.push(client);
  return client;
}

describe(`a verify_done whose files parse slowly, on a shared store${skipReason}`, () => {
  it.skipIf(!availability.available)(
    "holds up no other user's reads: their compiles are answered while it runs",
    async () => {
      const databaseUrl = await freshDatabase(postgres?.url as string, "archon_slow");
      project = tempProject("archon-team-checkout-");
      project.write("src/app.ts", "export function main() {}\n");
      for (const path of SLOW_FILES) project.write(path, `export const a = ${"()".repeat(100_000)};\n`);
      commitAll(project.root, "initial", true);
      server = await startTeamServer(
        ["--project-root", project.root],
        ["--database-url", databaseUrl, "--working-db", `${project.root}/working.db`],
      );
      // A constraint over the files, so that verify_done parses them for their imports.
      const ana = await person(databaseUrl, "ana", "admin");
      const imported = await ana.call("import_doc", {
        doc_id: "no-axios",
        title: "No axios",
        kind: "constraint",
        content: 'No axios.\n\n```verify\nforbid_import: ["axios"]\n```\n',
        edge_hints: [{ edge_type: "path_requires", source_value: "src/**" }],
      });
      expect(imported.isError).toBeFalsy();
      const dana = await person(databaseUrl, "dana", "agent");
      const lee = await person(databaseUrl, "lee", "agent");
      // The grammar loads on a first, ordinary check, so the slow one below goes straight to parsing.
      await dana.call("verify_done", { changed_files: ["src/app.ts"] });
      const answered: string[] = [];
      const slow = dana.call("verify_done", { changed_files: SLOW_FILES }).then((result) => {
        answered.push("verify_done");
        return result;
      });
      // One after another, each sent once the last was answered: a server that ran one request at a time
      // would answer none of them before the slow check.
      for (let i = 1; i <= 3; i++) {
        const compiled = await lee.call("compile_context", { target_files: ["src/app.ts"] });
        expect(compiled.isError).toBeFalsy();
        answered.push(`compile ${i}`);
      }
      const slowResult = await slow;
      const verdict = slowResult.structuredContent as { warnings: string[] };
      expect({
        answered,
        timedOut: verdict.warnings.filter((w) => w.includes("not parsed within 2 s")).length,
      }).toEqual({
        answered: ["compile 1", "compile 2", "compile 3", "verify_done"],
        timedOut: SLOW_FILES.length,
      });
    },
    120_000,
  );
});
