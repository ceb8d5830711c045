// Two archon-prd server processes on one project, racing answers to the same run over real stdio clients.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, it } from "vitest";
import { ScriptedHost } from "../demo/scripted-host.js";
import { connectPrdServer, type PrdConnection } from "../demo/stdio-client.js";
import { fullViewSchema } from "../run-model/answer-schemas.js";
import { envelopeSchema } from "../run-model/envelope.js";
import type { Action, ActionResult } from "../run-model/protocol.js";

const roots: string[] = [];
const open: PrdConnection[] = [];
afterEach(async () => {
  for (const c of open.splice(0)) await c.close();
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

async function connect(root: string): Promise<PrdConnection> {
  const c = await connectPrdServer(root);
  open.push(c);
  return c;
}

function text(result: CallToolResult): string {
  return result.content.map((c) => (c.type === "text" ? c.text : "")).join("\n");
}

/** The well-behaved answer, except that each server's person answers a clarification differently. */
function answer(host: ScriptedHost, action: Action, server: string): ActionResult {
  if (action.kind === "ask_user" && action.question_id.startsWith("clarification_round_")) {
    return {
      kind: "user_answer",
      question_id: action.question_id,
      selected: [],
      freeform: `${server}: ${action.question_id}`,
    };
  }
  return host.respond(action);
}

describe("two servers answering one run at once", () => {
  it("acknowledges exactly one of two racing answers to every action of a whole run, and keeps the winner's", async () => {
    const root = mkdtempSync(join(tmpdir(), "prd-race-"));
    roots.push(root);
    const servers = [await connect(root), await connect(root)];
    const names = ["a", "b"];
    const host = new ScriptedHost({ projectRoot: root, proceedAfter: 3 });
    let envelope = await servers[0]?.start({
      feature_description: "Prototype a search index for the catalogue",
      prd_context: "poc",
    });
    if (!envelope) throw new Error("the run did not start");
    const runId = envelope.run_id;
    const winningAnswers: string[] = [];
    let races = 0;
    while (envelope.action.kind !== "done" && envelope.action.kind !== "failed") {
      const action = envelope.action;
      const results = names.map((name) => answer(host, action, name));
      const replies = await Promise.all(
        servers.map((s, i) => s.call("prd_submit_action_result", { run_id: runId, result: results[i] })),
      );
      const acknowledged = replies.flatMap((r, i) => (r.isError ? [] : [i]));
      expect(acknowledged, `race ${races} on ${action.kind}`).toHaveLength(1);
      const winner = acknowledged[0] as number;
      envelope = envelopeSchema.parse(replies[winner]?.structuredContent);
      const ended = envelope.action.kind === "done" || envelope.action.kind === "failed";
      expect(text(replies[1 - winner] as CallToolResult)).toMatch(
        ended
          ? /was already answered|is being answered|already ended/
          : /was already answered|is being answered/,
      );
      expect(envelope.messages.filter((m) => m.text.startsWith("Result not applied"))).toEqual([]);
      const won = results[winner];
      if (won?.kind === "user_answer" && won.freeform) winningAnswers.push(won.freeform);
      races += 1;
    }
    expect(envelope.action.kind).toBe("done");
    expect(races).toBeGreaterThan(20);
    expect(winningAnswers.length).toBeGreaterThanOrEqual(3);
    const full = fullViewSchema.parse(
      (await servers[1]?.call("prd_get_pipeline_state", { run_id: runId, format: "full" }))
        ?.structuredContent,
    );
    expect(full.status).toBe("done");
    expect(full.clarifications?.map((c) => c.answer)).toEqual(winningAnswers);
  });
});
