// `archon token create|list|revoke`: bearer tokens for the team server, one per person and scope, in the
// project's database or, with --database-url, in the team's shared store.
import { randomIds, systemClock, UserError } from "@archon/core";
import {
  createToken,
  localTokenStore,
  openTeamRepository,
  parseScope,
  revoke,
  type TeamTokenStore,
} from "../team/index.js";
import { openContext } from "./open-context.js";
import type { GlobalOptions } from "./options.js";

export interface TokenStoreOptions {
  databaseUrl?: string;
}

/** Runs `fn` over the token store the options name, and closes it after. */
async function withTokens<T>(
  options: GlobalOptions,
  opts: TokenStoreOptions,
  fn: (store: TeamTokenStore) => Promise<T>,
): Promise<T> {
  if (opts.databaseUrl) {
    const repo = await openTeamRepository(opts.databaseUrl);
    try {
      return await fn(repo.tokens);
    } finally {
      await repo.close();
    }
  }
  const ctx = openContext(options, { creates: true });
  try {
    return await fn(localTokenStore(ctx.kdb.db));
  } finally {
    ctx.close();
  }
}

export async function tokenCreateCommand(
  options: GlobalOptions,
  opts: TokenStoreOptions & { person?: string; scope?: string; json?: boolean },
): Promise<void> {
  if (!opts.person) throw new UserError("Say whose token this is.", "Pass --person <name>.");
  const scope = parseScope(opts.scope ?? "agent");
  const person = opts.person;
  const token = await withTokens(options, opts, (store) =>
    createToken(store, { person, scope }, systemClock, randomIds),
  );
  if (opts.json) {
    process.stdout.write(`${JSON.stringify(token, null, 2)}\n`);
    return;
  }
  process.stdout.write(
    `Created ${token.token_id} for ${token.person} (${token.scope}). The secret is shown only now:\n\n  ${token.secret}\n\nGive it to ${token.person}; their client sends it as \`Authorization: Bearer <secret>\`.\n`,
  );
}

export async function tokenListCommand(
  options: GlobalOptions,
  opts: TokenStoreOptions & { json?: boolean },
): Promise<void> {
  const tokens = await withTokens(options, opts, (store) => store.list());
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
}

export async function tokenRevokeCommand(
  options: GlobalOptions,
  tokenId: string,
  opts: TokenStoreOptions & { json?: boolean },
): Promise<void> {
  await withTokens(options, opts, (store) => revoke(store, tokenId, systemClock));
  process.stdout.write(opts.json ? `${JSON.stringify({ revoked: tokenId })}\n` : `Revoked ${tokenId}.\n`);
}
