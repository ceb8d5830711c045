// `/sync/*` on the team server: the versions a replica pulls, the observations it pushes, and the audit
// records it ships when its team opted in. Mounted by teamApp behind the same Host/Origin guard and bearer
// token as `/mcp/*`; an agent-scope token suffices, since no route changes canonical knowledge.
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { z } from "zod";
import {
  AUDIT_PUSH_LIMIT,
  auditPushRequestSchema,
  PUSH_LIMIT,
  type PushResult,
  pushRequestSchema,
  VERSIONS_LIMIT,
} from "../sync-wire.js";
import type { SyncBackend } from "./sync-backend.js";
import type { TokenEnv } from "./tokens.js";

const badRequest = (message: string) =>
  new Response(JSON.stringify({ error: message }), {
    status: 400,
    headers: { "content-type": "application/json" },
  });

/** A whole number from `min` up to `max`, or the reason it is not. */
function wholeNumber(value: string | undefined, name: string, min: number, max: number, fallback?: number) {
  if (value === undefined && fallback !== undefined) return { value: fallback };
  const n = Number(value);
  if (value === undefined || !/^\d+$/.test(value) || n < min || n > max)
    return { error: `${name} must be a whole number from ${min} to ${max}, not "${value ?? ""}".` };
  return { value: n };
}

const firstIssue = (error: z.ZodError) => {
  const issue = error.issues[0];
  return issue ? `${issue.path.join(".") || "body"}: ${issue.message}` : "the body is not a push request";
};

/** A body no larger than `maxSize`, refused with a 400 saying what to send instead. */
const limited = (maxSize: number, what: string) =>
  bodyLimit({
    maxSize,
    onError: () => badRequest(`The push is over ${maxSize} bytes: send fewer ${what} at once.`),
  });

export function syncRoutes(backend: SyncBackend): Hono<TokenEnv> {
  const routes = new Hono<TokenEnv>();

  routes.get("/versions", async (c) => {
    const after = wholeNumber(c.req.query("after"), "after", 0, Number.MAX_SAFE_INTEGER, 0);
    if (after.error !== undefined) return badRequest(after.error);
    const limit = wholeNumber(c.req.query("limit"), "limit", 1, VERSIONS_LIMIT.max, VERSIONS_LIMIT.default);
    if (limit.error !== undefined) return badRequest(limit.error);
    return c.json(await backend.versionsAfter(after.value, limit.value));
  });

  routes.post("/observations", limited(PUSH_LIMIT.bodyBytes, "observations"), async (c) => {
    const body: unknown = await c.req.json().catch(() => undefined);
    if (body === undefined) return badRequest("The body must be JSON: { observations: [...] }.");
    const parsed = pushRequestSchema.safeParse(body);
    if (!parsed.success) return badRequest(firstIssue(parsed.error));
    const actor = c.get("token").person;
    const results: PushResult[] = [];
    // In order, one at a time: a batch naming the same key twice applies it once.
    for (const { idempotency_key, arguments: args } of parsed.data.observations)
      results.push(await backend.pushObservation(actor, idempotency_key, args));
    return c.json({ results });
  });

  routes.post("/audit", limited(AUDIT_PUSH_LIMIT.bodyBytes, "records"), async (c) => {
    const body: unknown = await c.req.json().catch(() => undefined);
    if (body === undefined) return badRequest("The body must be JSON: { records: [...] }.");
    const parsed = auditPushRequestSchema.safeParse(body);
    if (!parsed.success) return badRequest(firstIssue(parsed.error));
    return c.json(await backend.pushAudit(c.get("token").person, parsed.data.records));
  });

  return routes;
}
