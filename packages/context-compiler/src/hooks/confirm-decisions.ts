// The confirmation step of the prompt hook: a reply approves at most the one captured decision the
// person was shown, in the session that showed it. Several captured in one turn are asked about one at
// a time; a reply that is not a plain yes approves nothing.
import { approveProposal } from "../knowledge/approval/approve-proposal.js";
import { redactionNotice } from "../knowledge/secret-scan.js";
import { getProposal } from "../store/proposals.js";
import { decideReply } from "./confirmation.js";
import type { HookContext } from "./sync-rules-hook.js";

export interface ConfirmOutcome {
  lines: string[];
  /** Decisions this session still has to ask about, the one being asked first. */
  awaiting: string[];
}

const textOf = (ctx: HookContext, id: string) =>
  String((getProposal(ctx.db, id)?.payload as { content?: unknown } | undefined)?.content ?? "").trim();

const stillPending = (ctx: HookContext, id: string) => getProposal(ctx.db, id)?.status === "pending";

/** The rule in quotes, and beside it the warning when a secret was redacted from it before it was stored. */
function quoted(ctx: HookContext, id: string): string {
  const text = textOf(ctx, id);
  const notice = redactionNotice(text);
  return notice === undefined ? `"${text}"` : `"${text}" (${notice})`;
}

const askAbout = (ctx: HookContext, id: string) =>
  `Show the person this decision (${id}) word for word and ask for a plain yes to save it: ${quoted(ctx, id)}`;

/**
 * `awaiting` is what this session was already asking about; `fresh` the decisions captured during the
 * agent's last turn. A reply is about the first of them only when it is the only one the person could
 * have been shown: one fresh capture, or the head of the queue the hook asked about.
 */
export function confirmDecisions(
  ctx: HookContext,
  reply: string,
  awaiting: readonly string[],
  fresh: readonly string[],
): ConfirmOutcome {
  const queue = [...new Set([...awaiting, ...fresh])].filter((id) => stillPending(ctx, id));
  const [head, ...rest] = queue;
  if (head === undefined) return { lines: [], awaiting: [] };
  if (awaiting.length === 0 && fresh.length > 1)
    return {
      lines: [
        `archon saved none of the ${fresh.length} decisions captured in the last turn: one reply confirms one rule.`,
        askAbout(ctx, head),
      ],
      awaiting: queue,
    };
  const decision = decideReply(reply);
  if (decision === "confirm") {
    const lines: string[] = [];
    try {
      const approved = approveProposal(ctx, { proposal_id: head });
      lines.push(
        `archon recorded the confirmed standing rule (${head}, knowledge_version ${approved.knowledge_version}): ${quoted(ctx, head)}`,
        // rules.md refused by the write guard, say: the rule stands, and the agent learns why the file lags.
        ...approved.warnings.map((w) => `archon: ${w}`),
      );
    } catch (error) {
      lines.push(`archon could not record ${head}: ${(error as Error).message}`);
    }
    if (rest[0] !== undefined) lines.push(askAbout(ctx, rest[0]));
    return { lines, awaiting: rest };
  }
  const why = decision === "decline" ? "the person said no" : "the reply was not a plain yes";
  return {
    lines: [
      `archon did not save ${head} (${why}); it stays pending for a person to decide.`,
      ...(rest[0] !== undefined ? [askAbout(ctx, rest[0])] : []),
    ],
    awaiting: rest,
  };
}
