// observe: the agent's one write-shaped service. It records an observation and never touches canonical
// knowledge; a manual note stating a standing decision also gets a pending proposal for the user to confirm.
import { toRepoPath } from "../../read/glob.js";
import { openConflicts } from "../../store/conflicts.js";
import { getDocument } from "../../store/documents.js";
import { recordObservation, setObservationStatus } from "../../store/observations.js";
import { getProposal } from "../../store/proposals.js";
import { queueForServer } from "../../store/team/replica.js";
import type { ObservationEvent } from "../../vocabulary/lifecycle.js";
import { type Channel, step } from "../next-step.js";
import { redactValue } from "../secret-scan.js";
import { type ConflictCandidate, findConflictCandidates } from "../standing-rules/conflict-candidates.js";
import { type ObservationPayload, parseObservationPayload } from "./observation-payloads.js";
import type { ObservationsContext } from "./observations-context.js";
import { proposeOrCite } from "./propose-or-cite.js";
import { standingReason } from "./standing-note.js";
import { confirmationStep, standingRuleProposal } from "./standing-proposal.js";
import { triageHint } from "./triage-hint.js";

export interface ObserveInput {
  event_type: ObservationEvent;
  payload: Record<string, unknown>;
  agent_id?: string;
}

export interface ObserveResult {
  observation_id: string;
  event_type: ObservationEvent;
  warnings: string[];
  next_step: string;
  triage_hint?: string;
  /** Set when a manual note captured a standing decision. */
  proposal_id?: string;
  doc_id?: string;
  conflict_candidates?: ConflictCandidate[];
}

const triageLater = (channel: Channel) =>
  `Recorded. A person triages it on the admin surface (${step(channel, "process_observations")}, then approve or reject).`;

/** Warnings about the payload's content; none of them stops the observation from being recorded. */
function payloadWarnings(ctx: ObservationsContext, input: ObserveInput): string[] {
  const { event_type, payload } = input;
  const warnings: string[] = [];
  const files =
    event_type === "compile_miss"
      ? payload.target_files
      : event_type === "pr_merged"
        ? payload.changed_files
        : [];
  for (const file of files as string[]) {
    if (toRepoPath(ctx.projectRoot, file) === undefined)
      warnings.push(`"${file}" is not a path inside the project and cannot match any rule.`);
  }
  if (event_type === "compile_miss" || event_type === "review_correction") {
    const docId = payload.target_doc_id;
    if (typeof docId === "string" && getDocument(ctx.db, docId) === undefined) {
      warnings.push(
        `target_doc_id "${docId}" names no document; ${step(ctx.channel, "process_observations")} will skip this observation.`,
      );
    }
  }
  return warnings;
}

/** Records the observation; on a replica it also waits in the outbox for `archon sync`, in the same transaction. */
function record(ctx: ObservationsContext, checked: ObserveInput) {
  return ctx.db.transaction(() => {
    const observation = recordObservation(ctx.db, checked, ctx.clock, ctx.ids);
    queueForServer(ctx.db, observation.observation_id, checked, observation.created_at);
    return observation;
  })();
}

export function observe(ctx: ObservationsContext, input: ObserveInput): ObserveResult {
  const { event_type } = input;
  const parsed = parseObservationPayload(event_type, input.payload) as Record<string, unknown>;
  // Secrets go before anything is derived from the observation (doc_id, title, duplicates) or stored.
  const redacted = redactValue(parsed, "payload");
  const agent = redactValue(input.agent_id, "agent_id");
  const checked = { event_type, payload: redacted.value, agent_id: agent.value };
  const warnings = [...redacted.warnings, ...agent.warnings, ...payloadWarnings(ctx, checked)];
  const base = { event_type, warnings };

  if (event_type === "compile_miss") return observeMiss(ctx, checked, base);
  const note =
    event_type === "manual_note" ? parseObservationPayload("manual_note", checked.payload) : undefined;
  const reason = note ? standingReason(note.note, note.hints) : undefined;
  if (note && reason !== undefined) return observeStandingNote(ctx, checked, { note, reason }, base);
  const observation = record(ctx, checked);
  return { observation_id: observation.observation_id, ...base, next_step: triageLater(ctx.channel) };
}

type Base = Pick<ObserveResult, "event_type" | "warnings">;

/** A compile miss, recorded with a hint for whoever triages it (a near-miss glob, a rule that would match). */
function observeMiss(ctx: ObservationsContext, checked: ObserveInput, base: Base): ObserveResult {
  const observation = record(ctx, checked);
  const { payload } = checked;
  const files = (payload.target_files as string[]).flatMap((f) => toRepoPath(ctx.projectRoot, f) ?? []);
  const docId = (payload.target_doc_id ?? payload.missing_doc) as string | undefined;
  const hint = triageHint(ctx, ctx.index(), files, docId);
  return {
    observation_id: observation.observation_id,
    ...base,
    triage_hint: hint,
    next_step: triageLater(ctx.channel),
  };
}

/**
 * A manual note stating a standing decision: the observation, its proposal and its 'analyzed' mark land
 * together, so process_observations has nothing left to do. Colliding rules become open conflicts, so the
 * proposal cannot be approved before a person answers.
 */
function observeStandingNote(
  ctx: ObservationsContext,
  checked: ObserveInput,
  { note, reason }: { note: ObservationPayload<"manual_note">; reason: string },
  base: Base,
): ObserveResult {
  const conflict_candidates = findConflictCandidates(ctx.db, note.note);
  const { observation, outcome, proposal } = ctx.db
    .transaction(() => {
      const observation = record(ctx, checked);
      const proposal = standingRuleProposal(ctx.db, observation, note, reason);
      const outcome = proposeOrCite(ctx.db, proposal, observation.observation_id, ctx.clock, ctx.ids);
      const existing = conflict_candidates.map((c) => c.doc_id);
      openConflicts(ctx.db, outcome.proposal_id, existing, ctx.clock, ctx.ids);
      setObservationStatus(ctx.db, [observation.observation_id], "analyzed", ctx.clock.now());
      return { observation, outcome, proposal };
    })
    .immediate();
  // On a duplicate the pending proposal keeps its own doc_id and title: name those, not the ones just derived.
  const shown = outcome.duplicate ? getProposal(ctx.db, outcome.proposal_id)?.payload : proposal.payload;
  const { doc_id, title, content } = shown as { doc_id: string; title: string; content: string };
  if (outcome.duplicate) {
    base.warnings.push(
      `The same rule is already pending as ${outcome.proposal_id} (${doc_id}); this note was added to its evidence.`,
    );
  }
  return {
    observation_id: observation.observation_id,
    ...base,
    proposal_id: outcome.proposal_id,
    doc_id,
    conflict_candidates,
    next_step: confirmationStep(ctx.channel, outcome.proposal_id, { title, content }, conflict_candidates),
  };
}
