// A host that follows the protocol by script: answers questions, fakes the memory and codebase
// servers, returns canned drafts, and writes files itself. Used by the e2e tests, the demo and the bench.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import type { Envelope } from "../pipeline/envelope.js";
import type { Action, ActionResult, Invocation } from "../pipeline/protocol.js";
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
  /** Replace a draft per section type and attempt, e.g. to force a retry. */
  draftOverride?: (type: string, attempt: number) => string | undefined;
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
      case "ask_user":
        return { kind: "user_answer", question_id: action.question_id, selected: [this.answer(action)] };
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
        throw new Error(`no result for a ${action.kind} action: the loop has ended`);
    }
  }

  private answer(action: Extract<Action, { kind: "ask_user" }>): string {
    if (action.question_id === "prd_context") return this.options.context ?? "feature";
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
      return JSON.stringify({
        question: `Question ${round}: which users need this first?`,
        options: ["Existing members", "New sign-ups"],
        rationale: "Scopes the first release.",
      });
    }
    const type = /Section type: (\w+)/.exec(prompt)?.[1];
    if (type && isSectionType(type)) {
      const attempt = Number(/Attempt: (\d)/.exec(prompt)?.[1] ?? "1");
      return this.options.draftOverride?.(type, attempt) ?? cannedDraft(type);
    }
    if (prompt.includes("Jira tickets")) return cannedDraft("jira_tickets");
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
      if (roundTrips >= maxTrips) throw new Error(`no end after ${maxTrips} round trips`);
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
