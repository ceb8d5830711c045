// `archon serve --http`: the team server. One long-lived admin context over the database (the project's
// own, or with --database-url a working copy of the team's shared store), an MCP Streamable HTTP
// endpoint per surface, loopback by default. TLS belongs to a reverse proxy in front.
import { UserError } from "@archon/core";
import { serve as listen } from "@hono/node-server";
import { type ArchonContext, createArchonContext } from "../context/archon-context.js";
import { openWorkingCopy, replicatedSyncBackend, type TeamAppOptions, teamApp } from "../team/index.js";
import { hostName, LOOPBACK_HOSTS } from "../vocabulary/loopback-hosts.js";
import { toolPrefix } from "../vocabulary/tool-prefix.js";
import type { GlobalOptions } from "./options.js";

export const DEFAULT_LISTEN = "127.0.0.1:7420";

export interface ServeHttpOptions {
  listen?: string;
  allowHost?: string[];
  allowOrigin?: string[];
  databaseUrl?: string;
  workingDb?: string;
}

/** A URL as it may be printed: without its password. */
export function shownUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return url;
  }
}

interface Served {
  ctx: ArchonContext;
  app: Omit<TeamAppOptions, "policy">;
  what: string;
  close(): Promise<void>;
}

/** The project's database, served directly: one instance, tokens in the database itself. */
function direct(options: GlobalOptions): Served {
  const ctx = createArchonContext({
    surface: "admin",
    dbPath: options.db,
    projectRoot: options.projectRoot,
    templatesDir: options.templates,
    backgroundAudit: true,
    warmUp: true,
  });
  return { ctx, app: {}, what: options.db, close: async () => ctx.close() };
}

/** A working copy of the team's shared store, brought up to date from its log before serving. */
async function shared(options: GlobalOptions, url: string, workingDb: string | undefined): Promise<Served> {
  const copy = await openWorkingCopy({
    url,
    ...(workingDb ? { workingDb } : {}),
    projectRoot: options.projectRoot,
    templatesDir: options.templates,
    backgroundAudit: true,
    warmUp: true,
  });
  const head = await copy.repo.head();
  return {
    ctx: copy.ctx,
    app: {
      tokens: copy.repo.tokens,
      replicated: copy.replicated,
      sync: replicatedSyncBackend(copy.replicated),
    },
    what: `${shownUrl(url)} (${head.seq} calls applied, knowledge version ${head.knowledge_version})`,
    close: copy.close,
  };
}

function parseListen(value: string): { host: string; port: number } {
  const match = /^(\[[0-9a-fA-F:.]+\]|[^:[\]\s]+):(\d{1,5})$/.exec(value);
  const port = Number(match?.[2]);
  if (!match?.[1] || !Number.isInteger(port) || port > 65_535)
    throw new UserError(
      `--listen must be host:port, not "${value}".`,
      `For example ${DEFAULT_LISTEN}; port 0 picks a free one.`,
    );
  return { host: match[1].replace(/^\[|\]$/g, ""), port };
}

export async function serveHttpCommand(options: GlobalOptions, opts: ServeHttpOptions): Promise<void> {
  const { host, port } = parseListen(opts.listen ?? DEFAULT_LISTEN);
  const listenName = hostName(host.includes(":") ? `[${host}]` : host) as string;
  const loopback = LOOPBACK_HOSTS.includes(listenName);
  const extraHosts = (opts.allowHost ?? []).map((h) => {
    const name = hostName(h);
    if (!name) throw new UserError(`--allow-host takes a host name, not "${h}".`);
    return name;
  });
  if (!loopback && extraHosts.length === 0)
    throw new UserError(
      `Listening on ${host} is reachable from other machines, so name the host clients use.`,
      "Add --allow-host <name> for each name (the one behind your TLS proxy), or listen on 127.0.0.1.",
    );
  if (opts.workingDb && !opts.databaseUrl)
    throw new UserError("--working-db is the working copy of a shared store: it needs --database-url.");
  const served = opts.databaseUrl ? await shared(options, opts.databaseUrl, opts.workingDb) : direct(options);
  const hosts = [...new Set([...LOOPBACK_HOSTS, listenName, ...extraHosts])];
  await new Promise<void>((resolve) => {
    const server = listen(
      {
        fetch: teamApp(served.ctx, toolPrefix(), {
          ...served.app,
          policy: { hosts, origins: opts.allowOrigin ?? [] },
        }).fetch,
        hostname: host,
        port,
      },
      (info) => {
        const shown = listenName.startsWith("[") ? listenName : host;
        process.stdout.write(
          `archon team server on http://${shown}:${info.port} (agent surface /mcp/agent, admin surface /mcp/admin) over ${served.what}; Ctrl-C to stop\n`,
        );
      },
    );
    const stop = () => {
      server.close(() => {
        void served.close().then(resolve);
      });
    };
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
}
