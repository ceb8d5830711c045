// Starts the web UI on the loopback address with a fresh token; the URL it prints is the only way in.
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { UserError } from "@archon/core";
import { serve } from "@hono/node-server";
import type { ArchonContext } from "../context/archon-context.js";
import { TOKEN_PARAM } from "./security.js";
import { createWebApp } from "./webui-app.js";

/** Only the loopback interface: nothing on the network can connect, whatever the firewall says. */
const WEBUI_HOST = "127.0.0.1";

export interface RunningWebUi {
  /** The address with the token, to open once; the browser trades it for a cookie. */
  url: string;
  port: number;
  close(): Promise<void>;
}

export function startWebUi(
  ctx: ArchonContext,
  options: { port: number; token?: string },
): Promise<RunningWebUi> {
  const token = options.token ?? randomBytes(32).toString("base64url");
  let port: number | undefined;
  const app = createWebApp(ctx, { token, port: () => port });
  return new Promise((resolve, reject) => {
    const server = serve(
      { fetch: app.fetch, port: options.port, hostname: WEBUI_HOST },
      (info: AddressInfo) => {
        port = info.port;
        resolve({
          url: `http://${WEBUI_HOST}:${info.port}/?${TOKEN_PARAM}=${token}`,
          port: info.port,
          close: () => new Promise((done) => server.close(() => done())),
        });
      },
    );
    server.once("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "EADDRINUSE"
          ? new UserError(
              `Port ${options.port} is already in use.`,
              "Pass another --port, or --port 0 to pick a free one.",
            )
          : error,
      ),
    );
  });
}
