import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { observeTool } from "../../mcp/agent/observe.tool.js";
import { readVersion } from "../../store/version.js";
import { doc, seed, type TestProject, tempProject } from "../../test-support/project.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject();
});
afterEach(() => project.cleanup());

describe("the agent surface can observe but never changes canonical knowledge", () => {
  it("leaves documents, edges, snapshots and knowledge_version untouched for every event type", () => {
    seed(project.context(), { documents: [doc("api-constraint", { patterns: ["src/api/**"] })] });
    const ctx = project.context("agent");
    const canonical = () => ({
      version: readVersion(ctx.kdb.db),
      documents: ctx.kdb.db.prepare("SELECT * FROM documents ORDER BY doc_id").all(),
      edges: ctx.kdb.db.prepare("SELECT * FROM edges ORDER BY edge_id").all(),
      snapshots: ctx.kdb.db.prepare("SELECT snapshot_id FROM snapshots ORDER BY snapshot_id").pluck().all(),
    });
    const before = canonical();
    const payloads = {
      compile_miss: {
        target_files: ["src/apis/x.ts"],
        review_comment: "missed",
        target_doc_id: "api-constraint",
      },
      review_correction: {
        target_doc_id: "api-constraint",
        proposed_content: "New text.",
        review_comment: "wrong",
      },
      pr_merged: { changed_files: ["src/api/x.ts"] },
      manual_note: { note: "From now on, always use the API client." },
      document_import: { title: "T", content: "C" },
      doc_gap_detected: { topic: "caching" },
      session_note: { text: "done" },
    };
    for (const [event_type, payload] of Object.entries(payloads)) {
      observeTool.run({ event_type: event_type as keyof typeof payloads, payload }, ctx);
    }
    expect(canonical()).toEqual(before);
    expect(before.version).toBe(1);
    expect(ctx.kdb.db.prepare("SELECT COUNT(*) FROM observations").pluck().get()).toBe(7);
  });
});
