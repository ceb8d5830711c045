// Routing: which action a result names, and whether it answers the pending one; a mismatch is never applied.
import {
  type ActionResult,
  type PendingAction,
  RESULT_KIND_FOR,
  type SpawnSubagents,
  type SubagentBatchResult,
} from "./protocol.js";

export function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}

/** Why the result does not answer the pending action, or null when it does. */
export function mismatchReason(pending: PendingAction, result: ActionResult): string | null {
  const expected = RESULT_KIND_FOR[pending.kind];
  if (result.kind !== expected) {
    return `a ${pending.kind} action is answered by a "${expected}" result, not "${result.kind}"`;
  }
  switch (pending.kind) {
    case "ask_user":
      return result.kind === "user_answer" && result.question_id !== pending.question_id
        ? `question_id "${result.question_id}" does not match the pending "${pending.question_id}"`
        : null;
    case "call_pipeline_tool":
    case "call_cortex_tool":
      return result.kind === "tool_result" && result.correlation_id !== pending.correlation_id
        ? `correlation_id "${result.correlation_id}" does not match the pending "${pending.correlation_id}"`
        : null;
    case "spawn_subagents": {
      if (result.kind !== "subagent_batch_result") return null;
      if (result.batch_id !== pending.batch_id) {
        return `batch_id "${result.batch_id}" does not match the pending "${pending.batch_id}"`;
      }
      return batchProblem(pending, result.responses);
    }
    case "write_file": {
      if (result.kind !== "file_written") return null;
      if (result.path !== pending.path)
        return `path "${result.path}" does not match the pending "${pending.path}"`;
      const bytes = utf8Length(pending.content);
      return result.bytes !== bytes
        ? `${result.bytes} bytes confirmed for ${pending.path}, but its content is ${bytes} UTF-8 bytes; write it again`
        : null;
    }
  }
}

/** An empty batch or one invocation answered twice would be applied as a silent failure or a guess. */
function batchProblem(pending: SpawnSubagents, responses: SubagentBatchResult["responses"]): string | null {
  const expected = pending.invocations.length;
  if (responses.length === 0) {
    return `batch "${pending.batch_id}" came back with no responses; send one per invocation (${expected})`;
  }
  const known = new Set(pending.invocations.map((i) => i.invocation_id));
  const seen = new Set<string>();
  for (const r of responses) {
    if (!known.has(r.invocation_id)) {
      return `invocation_id "${r.invocation_id}" is not part of batch "${pending.batch_id}"`;
    }
    if (seen.has(r.invocation_id)) {
      return `invocation_id "${r.invocation_id}" is answered more than once in batch "${pending.batch_id}"; send one response per invocation`;
    }
    seen.add(r.invocation_id);
  }
  return null;
}

/** What identifies the action a result answers: its result kind and routing token. */
export function resultToken(result: ActionResult): string {
  switch (result.kind) {
    case "user_answer":
      return `${result.kind}:${result.question_id}`;
    case "tool_result":
      return `${result.kind}:${result.correlation_id}`;
    case "subagent_batch_result":
      return `${result.kind}:${result.batch_id}`;
    case "file_written":
      return `${result.kind}:${result.path}`;
  }
}

/** The token a result answering this action carries. */
export function actionToken(pending: PendingAction): string {
  const kind = RESULT_KIND_FOR[pending.kind];
  switch (pending.kind) {
    case "ask_user":
      return `${kind}:${pending.question_id}`;
    case "call_pipeline_tool":
    case "call_cortex_tool":
      return `${kind}:${pending.correlation_id}`;
    case "spawn_subagents":
      return `${kind}:${pending.batch_id}`;
    case "write_file":
      return `${kind}:${pending.path}`;
  }
}
