import { hashCanonical } from "@archon/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { compile } from "../read/compile.js";
import { cachedDocText } from "../read/doc-text.js";
import { readContent } from "../store/documents.js";
import { doc, seed, type TestProject, tempProject } from "../test-support/project.js";
import { completeEntry, handOver, type PendingAudit } from "./audit-entry.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject();
});
afterEach(() => project.cleanup());

const TOKEN = "ghp_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8";
const MARK = "[redacted: GitHub token sha256:";

/** A real compile's row, for a target file whose name holds a token, as the service queues it. */
function pendingRow(): PendingAudit {
  const ctx = project.context();
  seed(ctx, {
    documents: [
      doc("api-rule", { patterns: ["src/api/**"], content: "Validate every request body.\n".repeat(20) }),
      doc("web-rule", { patterns: ["src/web/*.tsx"] }),
    ],
  });
  const index = ctx.compiler.index();
  const file = `src/web/${TOKEN}.ts`;
  const request = { target_files: [file, "src/api/users.ts"], plan: "validate the body" };
  const text = cachedDocText((hash) => readContent(ctx.kdb.db, hash) ?? "");
  return {
    compile_id: "cmp_1",
    created_at: "2026-12-05T02:00:00.000Z",
    agent_id: null,
    request,
    knowledge_version: index.knowledge_version,
    snapshot_id: index.snapshot_id,
    tag_catalog: null,
    knowledge_hash: index.knowledge_hash,
    outcome: compile(index, request, ["src/api/users.ts", file], [], text),
    error: null,
    duration_ms: 1,
  };
}

describe("a compile's audit row made ready to store", () => {
  it("keeps the result hash of the outcome and redacts the target file in the request and the debug part", () => {
    const pending = pendingRow();
    const outcome = pending.outcome as NonNullable<PendingAudit["outcome"]>;
    const handed = handOver(pending);
    // What crosses to the writer is the reduced outcome: no rule's text, which the agent already has.
    expect(JSON.stringify(handed.outcome)).not.toContain("Validate every request body.");
    const entry = completeEntry(handed);
    const marked = (value: unknown) => {
      const json = JSON.stringify(value);
      return { token: json.includes(TOKEN), marker: json.includes(MARK) };
    };
    expect({
      result_hash: entry.result_hash,
      deliveries: entry.outcome?.deliveries,
      request: marked(entry.request),
      near_miss_edges: marked(entry.outcome?.near_miss_edges),
      layer_classification: marked(entry.outcome?.layer_classification),
    }).toEqual({
      result_hash: hashCanonical({ ...outcome, debug: undefined, knowledge_hash: undefined }),
      deliveries: [{ doc_id: "api-rule", delivery: "inline", reason: null }],
      request: { token: false, marker: true },
      near_miss_edges: { token: false, marker: true },
      layer_classification: { token: false, marker: true },
    });
  });
});
