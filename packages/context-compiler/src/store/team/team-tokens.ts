// The bearer tokens of the team server: rows keyed by token_id, the secret only as its sha256.
import type { Db } from "@archon/core";

export type TokenScope = "archon:agent" | "archon:admin";
export const TOKEN_SCOPES: readonly TokenScope[] = ["archon:agent", "archon:admin"];

export interface TokenRow {
  token_id: string;
  person: string;
  scope: TokenScope;
  created_at: string;
  revoked_at: string | null;
}

export function insertToken(db: Db, row: TokenRow & { secret_sha256: string }): void {
  db.prepare(
    `INSERT INTO team_tokens (token_id, person, scope, secret_sha256, created_at, revoked_at)
     VALUES (@token_id, @person, @scope, @secret_sha256, @created_at, NULL)`,
  ).run(row);
}

/** Every token, newest first, revoked ones included (they stay as the record of who had access). */
export function listTokens(db: Db): TokenRow[] {
  return db
    .prepare(
      "SELECT token_id, person, scope, created_at, revoked_at FROM team_tokens ORDER BY created_at DESC, token_id",
    )
    .all() as TokenRow[];
}

/** The live token whose secret hashes to this; undefined for an unknown or revoked one. */
export function liveTokenBySecretHash(db: Db, secretSha256: string): TokenRow | undefined {
  return db
    .prepare(
      "SELECT token_id, person, scope, created_at, revoked_at FROM team_tokens WHERE secret_sha256 = ? AND revoked_at IS NULL",
    )
    .get(secretSha256) as TokenRow | undefined;
}

/** Marks a token revoked; false when there is no such live token. */
export function revokeToken(db: Db, tokenId: string, at: string): boolean {
  return (
    db
      .prepare("UPDATE team_tokens SET revoked_at = ? WHERE token_id = ? AND revoked_at IS NULL")
      .run(at, tokenId).changes === 1
  );
}
