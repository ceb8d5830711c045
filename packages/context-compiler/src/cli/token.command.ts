// `archon token create|list|revoke`: bearer tokens for the team server, one per person and scope.
import { UserError } from "@archon/core";
import { listTokens } from "../store/team-tokens.js";
import { createToken, parseScope, revoke } from "../team/tokens.js";
import { openContext } from "./open-context.js";
import type { GlobalOptions } from "./options.js";

export function tokenCreateCommand(
  options: GlobalOptions,
  opts: { person?: string; scope?: string; json?: boolean },
): void {
  if (!opts.person) throw new UserError("Say whose token this is.", "Pass --person <name>.");
  const scope = parseScope(opts.scope ?? "agent");
  const ctx = openContext(options);
  try {
    const token = createToken(ctx.kdb.db, { person: opts.person, scope }, ctx.clock, ctx.ids);
    if (opts.json) {
      process.stdout.write(`${JSON.stringify(token, null, 2)}\n`);
      return;
    }
    process.stdout.write(
      `Created ${token.token_id} for ${token.person} (${token.scope}). The secret is shown only now:\n\n  ${token.secret}\n\nGive it to ${token.person}; their client sends it as \`Authorization: Bearer <secret>\`.\n`,
    );
  } finally {
    ctx.close();
  }
}

export function tokenListCommand(options: GlobalOptions, opts: { json?: boolean }): void {
  const ctx = openContext(options);
  try {
    const tokens = listTokens(ctx.kdb.db);
    if (opts.json) {
      process.stdout.write(`${JSON.stringify({ tokens }, null, 2)}\n`);
      return;
    }
    if (tokens.length === 0) {
      process.stdout.write(
        "No tokens yet. Create one with `archon token create --person <name> --scope agent|admin`.\n",
      );
      return;
    }
    for (const t of tokens)
      process.stdout.write(
        `${t.token_id}  ${t.person}  ${t.scope}  created ${t.created_at}${t.revoked_at ? `  revoked ${t.revoked_at}` : ""}\n`,
      );
  } finally {
    ctx.close();
  }
}

export function tokenRevokeCommand(options: GlobalOptions, tokenId: string, opts: { json?: boolean }): void {
  const ctx = openContext(options);
  try {
    revoke(ctx.kdb.db, tokenId, ctx.clock);
    process.stdout.write(opts.json ? `${JSON.stringify({ revoked: tokenId })}\n` : `Revoked ${tokenId}.\n`);
  } finally {
    ctx.close();
  }
}
