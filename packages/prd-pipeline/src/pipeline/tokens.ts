// Routing: does a submitted result answer the pending action? A mismatch is never applied.
import { type ActionResult, type PendingAction, RESULT_KIND_FOR } from "./protocol.js";

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
      const known = new Set(pending.invocations.map((i) => i.invocation_id));
      const stray = result.responses.find((r) => !known.has(r.invocation_id));
      return stray
        ? `invocation_id "${stray.invocation_id}" is not part of batch "${pending.batch_id}"`
        : null;
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
