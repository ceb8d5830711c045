// `archon serve --http`: the team server. One long-lived admin context over the database, an MCP
// Streamable HTTP endpoint per surface, loopback by default. TLS belongs to a reverse proxy in front.
import { UserError } from "@archon/core";
import { serve as listen } from "@hono/node-server";
import { createArchonContext } from "../context/archon-context.js";
import { teamApp } from "../team/http-app.js";
import { hostName, LOOPBACK_HOSTS } from "../vocabulary/loopback-hosts.js";
import { toolPrefix } from "../vocabulary/tool-prefix.js";
import type { GlobalOptions } from "./options.js";

export const DEFAULT_LISTEN = "127.0.0.1:7420";

export interface ServeHttpOptions {
  listen?: string;
  allowHost?: string[];
  allowOrigin?: string[];
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
  const ctx = createArchonContext({
    surface: "admin",
    dbPath: options.db,
    projectRoot: options.projectRoot,
    templatesDir: options.templates,
    backgroundAudit: true,
  });
  const hosts = [...new Set([...LOOPBACK_HOSTS, listenName, ...extraHosts])];
  await new Promise<void>((resolve) => {
    const server = listen(
      {
        fetch: teamApp(ctx, toolPrefix(), { hosts, origins: opts.allowOrigin ?? [] }).fetch,
        hostname: host,
        port,
      },
      (info) => {
        const shown = listenName.startsWith("[") ? listenName : host;
        process.stdout.write(
          `archon team server on http://${shown}:${info.port} (agent surface /mcp/agent, admin surface /mcp/admin); Ctrl-C to stop\n`,
        );
      },
    );
    const stop = () => {
      server.close(() => {
        ctx.close();
        resolve();
      });
    };
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
}
