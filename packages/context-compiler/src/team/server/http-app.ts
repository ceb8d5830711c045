// The team server's HTTP app: MCP Streamable HTTP, stateless (every POST is answered on its own, so
// several instances can share one database behind a load balancer), with the read-only agent surface at
// /mcp/agent and the admin surface at /mcp/admin. Every request passes the Host and Origin checks, then
// needs a live bearer token; the admin surface needs an `archon:admin` one, and every decision it makes
// records the token's person. Replicas pull versions and push observations at /sync/ (sync-routes.ts).
import { MAX_RESPONSE_BYTES, oversizedAnswer } from "@archon/core";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { type Handler, Hono, type MiddlewareHandler } from "hono";
import type { ArchonContext } from "../../context/archon-context.js";
import type { Surface } from "../../knowledge/surface.js";
import { serverOn } from "../../mcp/server.js";
import type { TeamTokenStore } from "../../store/team/team-repository.js";
import { readsOnly } from "./read-only-request.js";
import type { ReplicatedKnowledge } from "./replicated-knowledge.js";
import { replicatedTools } from "./replicated-tools.js";
import { type HostPolicy, refusal } from "./request-guards.js";
import { directSyncBackend, type SyncBackend } from "./sync-backend.js";
import { syncRoutes } from "./sync-routes.js";
import { canAdminister, localTokenStore, type TokenEnv, tokenOfHeader } from "./tokens.js";

const SURFACES = { agent: "agent", admin: "admin" } as const;

function jsonError(status: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ error: message }), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });
}

/** A JSON-RPC answer over the answer limit, replaced by the tool error saying so (as on stdio). */
async function bounded(response: Response, request: Request): Promise<Response> {
  const text = await response.text();
  const bytes = Buffer.byteLength(text);
  const headers = new Headers(response.headers);
  if (bytes > MAX_RESPONSE_BYTES && response.headers.get("content-type")?.includes("application/json")) {
    const message = JSON.parse(text) as { result?: CallToolResult };
    const call = (await request.json().catch(() => ({}))) as { params?: { name?: string } };
    const replaced =
      message.result && oversizedAnswer(message.result, bytes, call.params?.name ?? "the tool");
    if (replaced) {
      headers.delete("content-length");
      return new Response(JSON.stringify({ ...message, result: replaced }), {
        status: response.status,
        headers,
      });
    }
  }
  return new Response(text, { status: response.status, headers });
}

export interface TeamAppOptions {
  policy: HostPolicy;
  /** Where tokens live: the shared store's, or (by default) the project database's own. */
  tokens?: TeamTokenStore;
  /** On a shared store: the log every write goes through, and the working database it keeps current. */
  replicated?: ReplicatedKnowledge;
  /** What /sync/* answers from; by default the project database itself. */
  sync?: SyncBackend;
}

export function teamApp(admin: ArchonContext, prefix: string, options: TeamAppOptions): Hono<TokenEnv> {
  const { policy } = options;
  const tokens = options.tokens ?? localTokenStore(admin.kdb.db);
  const sync = options.sync ?? directSyncBackend(admin);
  const app = new Hono<TokenEnv>();

  app.use("*", async (c, next) => {
    const refused = refusal(policy, { host: c.req.header("host"), origin: c.req.header("origin") });
    if (refused) return jsonError(403, refused);
    await next();
  });
  app.use("/mcp/*", requireToken(tokens));
  app.use("/sync/*", requireToken(tokens));
  app.route("/sync", syncRoutes(sync));
  app.all("/mcp/:surface", mcpEndpoint(admin, prefix, options.replicated));
  app.notFound(() =>
    jsonError(404, "Nothing here: the MCP endpoints are /mcp/agent and /mcp/admin; replicas sync at /sync/."),
  );
  return app;
}

/** A live bearer token, or 401; the token rides on the request for the handlers after. */
function requireToken(tokens: TeamTokenStore): MiddlewareHandler<TokenEnv> {
  return async (c, next) => {
    const token = await tokenOfHeader(tokens, c.req.header("authorization"));
    if (!token)
      return jsonError(
        401,
        "A live bearer token is required: `Authorization: Bearer <token>` (archon token create).",
        {
          "www-authenticate": 'Bearer realm="archon"',
        },
      );
    c.set("token", token);
    await next();
  };
}

/** /mcp/agent and /mcp/admin: one stateless MCP server per POST, acting as the token's person. */
function mcpEndpoint(
  admin: ArchonContext,
  prefix: string,
  replicated: ReplicatedKnowledge | undefined,
): Handler<TokenEnv> {
  const contexts = { admin, agent: { ...admin, surface: "agent" as const } };
  // On a shared store the working database is caught up with the log first, and a request that may write
  // runs alone; one that only reads runs beside other readers. Direct mode needs neither.
  const onWorkingDb = async <T>(request: Request, surface: Surface, fn: () => Promise<T>): Promise<T> => {
    if (!replicated) return fn();
    return (await readsOnly(request, surface, prefix)) ? replicated.shared(fn) : replicated.exclusive(fn);
  };
  const wrap = replicated
    ? { wrapTools: (tools: Parameters<typeof replicatedTools>[0]) => replicatedTools(tools, replicated) }
    : {};
  return async (c) => {
    const surface = SURFACES[c.req.param("surface") as keyof typeof SURFACES];
    if (!surface) return jsonError(404, "No such surface: use /mcp/agent or /mcp/admin.");
    const token = c.get("token");
    if (surface === "admin" && !canAdminister(token))
      return jsonError(
        403,
        `The token of ${token.person} has scope ${token.scope}; the admin surface needs archon:admin.`,
        {
          "www-authenticate": 'Bearer realm="archon", error="insufficient_scope", scope="archon:admin"',
        },
      );
    // Stateless: no session to resume a stream on, and nothing to delete.
    if (c.req.method !== "POST")
      return jsonError(405, "This server is stateless: send each request as a POST.", { allow: "POST" });
    return onWorkingDb(c.req.raw, surface, async () => {
      const created = await serverOn({ ...contexts[surface], actor: token.person }, prefix, wrap);
      const transport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      try {
        await created.server.connect(transport);
        const copy = c.req.raw.clone();
        return await bounded(await transport.handleRequest(c.req.raw), copy);
      } finally {
        await created.server.close();
      }
    });
  };
}
