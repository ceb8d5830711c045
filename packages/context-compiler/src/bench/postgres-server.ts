// A real PostgreSQL server for one test run: the one ARCHON_TEST_DATABASE_URL names, or a private one started
// from Debian's server binaries in a temp folder and stopped after; none when neither is there.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";

export interface PostgresServer {
  /** A `postgres://` URL with the rights to create schemas. */
  url: string;
  /** Stops a private server and removes its folder; leaves a server named by the environment alone. */
  stop(): Promise<void>;
}

export type PostgresAvailability =
  | { available: true; from: "env" | "binaries" }
  | { available: false; reason: string };

const DEBIAN_ROOT = "/usr/lib/postgresql";

/** The newest Debian server binaries folder (`/usr/lib/postgresql/<major>/bin`), if one is installed. */
function debianBinaries(): string | undefined {
  if (!existsSync(DEBIAN_ROOT)) return undefined;
  const majors = readdirSync(DEBIAN_ROOT)
    .filter((name) => existsSync(join(DEBIAN_ROOT, name, "bin", "postgres")))
    .sort((a, b) => Number(b) - Number(a));
  return majors[0] === undefined ? undefined : join(DEBIAN_ROOT, majors[0], "bin");
}

/** Answered synchronously, so a suite can be skipped (with the reason in its name) while tests are collected. */
export function postgresAvailability(): PostgresAvailability {
  if (process.env.ARCHON_TEST_DATABASE_URL) return { available: true, from: "env" };
  if (debianBinaries()) return { available: true, from: "binaries" };
  return {
    available: false,
    reason: "no ARCHON_TEST_DATABASE_URL and no server binaries: install postgresql",
  };
}

/** Starts (or names) the server; undefined when `postgresAvailability()` says there is none. */
export async function startPostgresServer(): Promise<PostgresServer | undefined> {
  const url = process.env.ARCHON_TEST_DATABASE_URL;
  if (url) return { url, stop: async () => {} };
  const bin = debianBinaries();
  return bin ? startPrivateServer(bin) : undefined;
}

async function startPrivateServer(bin: string): Promise<PostgresServer> {
  const dir = mkdtempSync(join(tmpdir(), "archon-pg-"));
  const data = join(dir, "data");
  // initdb and postgres refuse to run as root; Debian's package brings the `postgres` user to run them as.
  const asRoot = process.getuid?.() === 0;
  const run = (command: string, args: string[]) =>
    asRoot ? { command: "runuser", args: ["-u", "postgres", "--", command, ...args] } : { command, args };
  if (asRoot) execFileSync("chown", ["postgres:", dir]);
  const init = run(join(bin, "initdb"), [
    "-D",
    data,
    "-U",
    "archon",
    "-A",
    "trust",
    "-E",
    "UTF8",
    "--no-sync",
  ]);
  execFileSync(init.command, init.args, { stdio: "ignore" });
  const port = await freePort();
  // The server runs under a shell that stops it (fast shutdown) and removes its folder when its stdin
  // closes: on stop(), and also when this process dies without running any handler.
  const guard = [
    '"$0" "$@" & server=$!',
    "read _ignored",
    'kill -INT "$server"',
    'wait "$server"',
    `rm -rf '${dir}'`,
  ].join("; ");
  const serverArgs = ["-D", data, "-p", String(port), "-k", dir, "-c", "listen_addresses=127.0.0.1"];
  // Durability is pointless for a throwaway server and costs seconds per run.
  serverArgs.push("-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off");
  const start = run("sh", ["-c", guard, join(bin, "postgres"), ...serverArgs]);
  const child = spawn(start.command, start.args, { stdio: ["pipe", "ignore", "pipe"] });
  let log = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stopNow = () => child.stdin?.end();
  process.once("exit", stopNow);
  const url = `postgres://archon@127.0.0.1:${port}/postgres`;
  const stop = async () => {
    process.removeListener("exit", stopNow);
    stopNow();
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitUntilAccepting(url, child);
  } catch (error) {
    await stop();
    throw new Error(`the private PostgreSQL server did not start: ${(error as Error).message}\n${log}`);
  }
  return { url, stop };
}

/** A port nothing listens on right now (the kernel's pick for port 0). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitUntilAccepting(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => {});
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/** A new, empty database on the server at `serverUrl` (named `<prefix>_<random>`), as a URL of its own. */
export async function freshDatabase(serverUrl: string, prefix: string): Promise<string> {
  const name = `${prefix}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
