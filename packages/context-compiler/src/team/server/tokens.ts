// Tokens for the team server: one per person and scope, shown once when created and kept only as a
// hash, in the project's database or in the team's shared store. `archon:admin` can do everything
// `archon:agent` can, and approve.
import { randomBytes } from "node:crypto";
import { type Clock, type Db, type IdGenerator, sha256, UserError } from "@archon/core";
import type { TeamTokenStore } from "../../store/team/team-repository.js";
import {
  insertToken,
  listTokens,
  liveTokenBySecretHash,
  revokeToken,
  TOKEN_SCOPES,
  type TokenRow,
  type TokenScope,
} from "../../store/team/team-tokens.js";

/** The tokens of the project's own database, for a team server that serves it directly. */
export function localTokenStore(db: Db): TeamTokenStore {
  return {
    insert: async (row) => insertToken(db, row),
    list: async () => listTokens(db),
    liveBySecretHash: async (hash) => liveTokenBySecretHash(db, hash),
    revoke: async (tokenId, at) => revokeToken(db, tokenId, at),
  };
}

/** What every secret starts with, so a leaked one is recognisable (and caught by secret scanning). */
const SECRET_PREFIX = "archon_tok_";

export function parseScope(value: string): TokenScope {
  const scope = value.startsWith("archon:") ? value : `archon:${value}`;
  if (!(TOKEN_SCOPES as readonly string[]).includes(scope))
    throw new UserError(
      `Unknown scope "${value}".`,
      "Use agent (compile and observe) or admin (also approve).",
    );
  return scope as TokenScope;
}

export async function createToken(
  store: TeamTokenStore,
  input: { person: string; scope: TokenScope },
  clock: Clock,
  ids: IdGenerator,
): Promise<TokenRow & { secret: string }> {
  const person = input.person.trim();
  if (person === "" || person.length > 200)
    throw new UserError(
      "A token needs the name of the person it is for.",
      "Pass --person <name>, up to 200 characters.",
    );
  const secret = `${SECRET_PREFIX}${randomBytes(32).toString("base64url")}`;
  const row: TokenRow = {
    token_id: ids.next("tok"),
    person,
    scope: input.scope,
    created_at: clock.now().toISOString(),
    revoked_at: null,
  };
  await store.insert({ ...row, secret_sha256: sha256(secret) });
  return { ...row, secret };
}

export async function revoke(store: TeamTokenStore, tokenId: string, clock: Clock): Promise<void> {
  if (!(await store.revoke(tokenId, clock.now().toISOString())))
    throw new UserError(`No live token "${tokenId}".`, "List them with `archon token list`.");
}

/** The token an `Authorization: Bearer …` header names, or undefined when it is missing, unknown or revoked. */
export async function tokenOfHeader(
  store: TeamTokenStore,
  header: string | undefined,
): Promise<TokenRow | undefined> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  if (!match?.[1]) return undefined;
  return store.liveBySecretHash(sha256(match[1]));
}

export const canAdminister = (token: TokenRow) => token.scope === "archon:admin";

/** The Hono environment of an authenticated request: the token that let it in. */
export type TokenEnv = { Variables: { token: TokenRow } };
