// A host that follows the protocol by script: answers questions, fakes the memory and codebase
// servers, returns canned drafts, and writes files itself. Used by the e2e tests, the demo and the bench.

import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { InternalError } from "@archon/core";
import type { Envelope } from "../run-model/envelope.js";
import type { Action, ActionResult, Invocation } from "../run-model/protocol.js";
import { isSectionType } from "../sections/section-catalogue.js";
import { cannedDraft } from "./canned-drafts.js";

export interface ScriptedHostOptions {
  projectRoot: string;
  /** Answer to the PRD context question, when asked. */
  context?: string;
  /** Whether the memory server answers (default true). */
  memory?: boolean;
  /** Whether the codebase server answers (default true). */
  codebase?: boolean;
  /** Rounds after which the host says "Proceed" (default: as soon as it is offered). */
  proceedAfter?: number;
  /** The reply composing clarification question `round`; default: a generic question with two options. */
  questionReply?: (round: number) => string | undefined;
  /** The answer to a question by its id (an option picked, text typed, or both); default: the first option. */
  answerFor?: (questionId: string) => { selected: string[]; freeform?: string } | undefined;
  /** Replace a draft per section type and attempt, e.g. to force a retry. */
  draftOverride?: (type: string, attempt: number) => string | undefined;
  /** A judge's reply per claim; default: a PASS verdict with confidence 0.8. */
  judgeReply?: (claimId: string, claimType: string, invocationId: string) => string;
  /** Answer to the judge-budget question (default "Reduced sample"). */
  budgetChoice?: string;
  /** Answer at the implementation gate (default "PRD only"). */
  gate?: string;
  /** Answer at the PR gate (default "Push and open a PR"). */
  pr?: string;
  /** Review verdict per implementation attempt (1-based); default PASS. */
  reviewVerdict?: (attempt: number) => "PASS" | "FAIL";
  /** Replace the implementation reply per attempt, e.g. to drop its footer. */
  implementationReply?: (attempt: number) => string | undefined;
}

/** A judge reply in the shape the judge prompt asks for. */
export function judgeJson(
  verdict: string,
  confidence = 0.8,
  rationale = "Checked against the evidence.",
): string {
  return JSON.stringify({ verdict, rationale, caveats: [], confidence });
}

/** Anything that can start a run and submit results: an MCP client, or the service in-process. */
export interface PipelineCaller {
  start(args: Record<string, unknown>): Promise<Envelope>;
  submit(runId: string, result: ActionResult): Promise<Envelope>;
}

export class ScriptedHost {
  readonly written: string[] = [];
  readonly shown: string[] = [];

  constructor(private readonly options: ScriptedHostOptions) {}

  /** The result a well-behaved host submits for this action. */
  respond(action: Action): ActionResult {
    switch (action.kind) {
      case "ask_user": {
        const scripted = this.options.answerFor?.(action.question_id);
        if (scripted) return { kind: "user_answer", question_id: action.question_id, ...scripted };
        return { kind: "user_answer", question_id: action.question_id, selected: [this.answer(action)] };
      }
      case "call_cortex_tool":
        if (this.options.memory === false) {
          return {
            kind: "tool_result",
            correlation_id: action.correlation_id,
            success: false,
            error: "cortex not registered",
          };
        }
        return {
          kind: "tool_result",
          correlation_id: action.correlation_id,
          success: true,
          data: cortexData(action.tool_name),
        };
      case "call_pipeline_tool":
        if (this.options.codebase === false) {
          return {
            kind: "tool_result",
            correlation_id: action.correlation_id,
            success: false,
            error: "tool not found",
          };
        }
        return {
          kind: "tool_result",
          correlation_id: action.correlation_id,
          success: true,
          data: { ok: true, tool: action.tool_name, symbols: ["signIn"] },
        };
      case "spawn_subagents":
        return {
          kind: "subagent_batch_result",
          batch_id: action.batch_id,
          responses: action.invocations.map((i) => ({
            invocation_id: i.invocation_id,
            raw_text: this.reply(i),
          })),
        };
      case "write_file": {
        const target = resolve(this.options.projectRoot, action.path);
        mkdirSync(dirname(target), { recursive: true });
        writeFileSync(target, action.content, "utf8");
        this.written.push(action.path);
        return { kind: "file_written", path: action.path, bytes: Buffer.byteLength(action.content, "utf8") };
      }
      default:
        throw new InternalError(`no result for a ${action.kind} action: the loop has ended`);
    }
  }

  private answer(action: Extract<Action, { kind: "ask_user" }>): string {
    if (action.question_id === "prd_context") return this.options.context ?? "feature";
    if (action.question_id === "self_check_budget") return this.options.budgetChoice ?? "Reduced sample";
    if (action.question_id === "implementation_gate") return this.options.gate ?? "PRD only";
    if (action.question_id === "pr_gate") return this.options.pr ?? "Push and open a PR";
    if (action.question_id.startsWith("clarification_proceed_")) {
      const round = Number(action.question_id.slice("clarification_proceed_".length));
      return round >= (this.options.proceedAfter ?? 0) ? "Proceed" : "Continue";
    }
    return action.options?.[0]?.label ?? "Keep it to the smallest useful scope.";
  }

  private reply(invocation: Invocation): string {
    const prompt = invocation.prompt;
    if (prompt.includes("Compose ONE question")) {
      const round = /Clarification round: (\d+)/.exec(prompt)?.[1] ?? "1";
      const scripted = this.options.questionReply?.(Number(round));
      if (scripted !== undefined) return scripted;
      return JSON.stringify({
        question: `Question ${round}: which users need this first?`,
        options: ["Existing members", "New sign-ups"],
        rationale: "Scopes the first release.",
      });
    }
    // A judge batch too large for one answer arrives with stubbed prompts; its descriptions still name the claim.
    const claim =
      /^Claim ID: (\S+)\nClaim type: (\S+)/m.exec(prompt) ?? /^Judge (\S+) \(/.exec(invocation.description);
    if (claim) {
      const [, id = "", type = ""] = claim;
      return this.options.judgeReply?.(id, type, invocation.invocation_id) ?? judgeJson("PASS");
    }
    const attempt = Number(
      /(?:Implementation attempt: |\(attempt )(\d+)/.exec(`${prompt}\n${invocation.description}`)?.[1] ?? "1",
    );
    if (prompt.startsWith("You are implementing a feature")) {
      return (
        this.options.implementationReply?.(attempt) ??
        `Added the identity port and OIDC adapter.\n\nBRANCH: feat/sign-in-a${attempt}\nWORKTREE: /tmp/worktrees/sign-in\n` +
          `SHA: ${"3f9a1c2b7d4e5f60718293a4b5c6d7e8f9a0b1c2".slice(0, 38)}${String(attempt).padStart(2, "0")}\nFILES: src/auth/oidc-adapter.ts, src/auth/sign-in.ts`
      );
    }
    if (prompt.startsWith("You are testing a fresh implementation"))
      return "Ran 12 tests.\nTESTS: PASS\nFAILURES: none";
    if (prompt.startsWith("You are reviewing an implementation")) {
      const verdict = this.options.reviewVerdict?.(attempt) ?? "PASS";
      return `Reviewed.\nVERDICT: ${verdict}\nFINDINGS: ${verdict === "FAIL" ? "the callback does not validate the OIDC state" : "none"}`;
    }
    if (prompt.startsWith("Push the implementation branch"))
      return "Pushed.\nPR_URL: https://git.example.com/acme/app/pull/42";
    const type = /Section type: (\w+)/.exec(prompt)?.[1];
    if (type && isSectionType(type)) {
      const attempt = Number(/Attempt: (\d)/.exec(prompt)?.[1] ?? "1");
      return this.options.draftOverride?.(type, attempt) ?? cannedDraft(type);
    }
    if (prompt.includes("Jira tickets"))
      return this.options.draftOverride?.("jira_tickets", 1) ?? cannedDraft("jira_tickets");
    return "Recent history: the auth module was refactored behind a port last quarter.";
  }

  /** Drives one run from its first envelope to `done` or `failed`; returns the last envelope. */
  async drive(
    caller: PipelineCaller,
    first: Envelope,
    maxTrips = 500,
  ): Promise<{ last: Envelope; roundTrips: number }> {
    let envelope = first;
    let roundTrips = 1;
    while (envelope.action.kind !== "done" && envelope.action.kind !== "failed") {
      for (const m of envelope.messages) this.shown.push(m.text);
      if (roundTrips >= maxTrips) throw new InternalError(`no end after ${maxTrips} round trips`);
      envelope = await caller.submit(envelope.run_id, this.respond(envelope.action));
      roundTrips += 1;
    }
    for (const m of envelope.messages) this.shown.push(m.text);
    return { last: envelope, roundTrips };
  }
}

function cortexData(tool: string): unknown {
  if (tool === "recall") {
    return {
      results: [
        {
          content: "Past decision: identity flows go through a port with one adapter per provider.",
          score: 0.82,
        },
      ],
    };
  }
  if (tool === "memory_stats") return { memories: 42 };
  return { stored: true };
}
