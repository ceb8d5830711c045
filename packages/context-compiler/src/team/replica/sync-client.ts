// The replica's HTTP client for a team server's /sync/ routes. A server that cannot be reached (refused,
// silent past the timeout, or failing with 5xx) is a ServerUnreachable, which a sync records as offline;
// a server that answers and refuses is a UserError saying what to fix.
import { UserError } from "@archon/core";
import type { z } from "zod";
import type { PortableAudit } from "../../store/team/shipped-audit.js";
import {
  type AuditPushAnswer,
  auditPushAnswerSchema,
  type PushResult,
  pushAnswerSchema,
  type SyncVersionsAnswer,
  syncVersionsAnswerSchema,
} from "../sync-wire.js";
import { TOKEN_ENV } from "./token-store.js";

export class ServerUnreachable extends Error {}

const AUDIT_PATH = "/sync/audit";

/** A few seconds: a compile never waits on this, but a SessionStart hook does. */
export const REQUEST_TIMEOUT_MS = 5_000;

export interface TeamServerClient {
  versions(after: number, limit: number): Promise<SyncVersionsAnswer>;
  push(observations: { idempotency_key: string; arguments: unknown }[]): Promise<PushResult[]>;
  pushAudit(records: readonly PortableAudit[]): Promise<AuditPushAnswer>;
}

function unreachable(server: string, error: unknown): ServerUnreachable {
  const e = error as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (e.name === "TimeoutError" || e.name === "AbortError")
    return new ServerUnreachable(`${server} did not answer in time`);
  const why = e.cause?.code ?? e.cause?.message ?? e.message ?? String(error);
  return new ServerUnreachable(`${server} cannot be reached (${why})`);
}

async function refusal(server: string, path: string, response: Response): Promise<UserError> {
  const body = (await response.json().catch(() => ({}))) as { error?: string };
  const said = body.error ? `: ${body.error}` : "";
  if (response.status === 401)
    return new UserError(
      `${server} refused the token (401)${said}`,
      `Ask its admin for a token (archon token create --person <you>), then pass it once with --token or set ${TOKEN_ENV}.`,
    );
  // Reached after /sync/versions answered: the address is right, the server predates audit shipping.
  if (response.status === 404 && path === AUDIT_PATH)
    return new UserError(
      `${server} has no ${AUDIT_PATH} route (404): the team server is older than audit shipping.`,
      "Upgrade the team server, or stop shipping with `archon sync --no-ship-audit`; until then the audit rows wait here, nothing is lost.",
    );
  return new UserError(
    `${server} refused the sync request (${response.status})${said}`,
    response.status === 404
      ? "Check --server: it is the team server's address (archon serve --http), without /mcp/..."
      : "Check the server's address and your token.",
  );
}

export function teamServer(
  server: string,
  token: string,
  timeoutMs: () => number = () => REQUEST_TIMEOUT_MS,
): TeamServerClient {
  async function call<T>(path: string, schema: z.ZodType<T>, init: RequestInit = {}): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${server}${path}`, {
        ...init,
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        signal: AbortSignal.timeout(Math.max(1, timeoutMs())),
      });
    } catch (error) {
      throw unreachable(server, error);
    }
    if (response.status >= 500) throw new ServerUnreachable(`${server} failed with HTTP ${response.status}`);
    if (!response.ok) throw await refusal(server, path.split("?")[0] as string, response);
    let body: unknown;
    try {
      body = await response.json();
    } catch (error) {
      throw unreachable(server, error);
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success)
      throw new UserError(
        `${server} answered ${path} with something that is not a sync answer.`,
        "Check --server: it is the team server's address (archon serve --http).",
      );
    return parsed.data;
  }
  return {
    versions: (after, limit) =>
      call(`/sync/versions?after=${after}&limit=${limit}`, syncVersionsAnswerSchema),
    push: async (observations) =>
      (
        await call("/sync/observations", pushAnswerSchema, {
          method: "POST",
          body: JSON.stringify({ observations }),
        })
      ).results,
    pushAudit: (records) =>
      call(AUDIT_PATH, auditPushAnswerSchema, { method: "POST", body: JSON.stringify({ records }) }),
  };
}
