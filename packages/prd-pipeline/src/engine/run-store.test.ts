import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { InternalError, manualClock, openDatabase, sequentialIds } from "@archon/core";
import { afterEach, describe, expect, it } from "vitest";
import { PipelineService } from "./run-service.js";
import { RunStore } from "./run-store.js";

const roots: string[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

describe("a stored run the state schema rejects", () => {
  it("is reported as an internal error naming the run, never loaded half", () => {
    const root = mkdtempSync(join(tmpdir(), "prd-store-"));
    roots.push(root);
    const path = join(root, ".archon", "prd.db");
    const store = new RunStore(path);
    const service = new PipelineService({
      store,
      clock: manualClock(),
      ids: sequentialIds(),
      namespace: "ns",
      toolPrefix: "prd_",
    });
    const { run_id } = service.start({ feature_description: "Export invoices as PDF" });
    store.close();
    // What another program (or a hand edit) could leave in the file: a row that is JSON but no run.
    const db = openDatabase(path);
    db.prepare("UPDATE runs SET state_json = ? WHERE run_id = ?").run('{"run_id": 7}', run_id);
    db.close();

    const reopened = new RunStore(path);
    let thrown: unknown;
    try {
      reopened.get(run_id);
    } catch (error) {
      thrown = error;
    }
    reopened.close();
    expect(thrown).toBeInstanceOf(InternalError);
    expect((thrown as Error).message).toMatch(
      new RegExp(`^stored run ${run_id} does not match the state schema: `),
    );
  });
});
