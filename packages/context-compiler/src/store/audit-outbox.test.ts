import { join } from "node:path";
import { manualClock, sequentialIds } from "@archon/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createArchonContext } from "../context/archon-context.js";
import { doc, seed, type TestProject, tempProject } from "../test-support/project.js";
import { auditToShip, countAuditToShip } from "./audit-outbox.js";
import { foldAndDeleteAuditRows } from "./audit-reads.js";
import { compileSessions } from "./memory-runs.js";
import { setAuditCursor } from "./team/replica.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject();
  project.write("src/api/users.ts", "export {};\n");
  seed(project.context(), {
    documents: [
      doc("api", { patterns: ["src/api/**"], content: "Use the client." }),
      doc("style", { patterns: ["src/**"], content: "Two spaces." }),
    ],
  });
});
afterEach(() => project.cleanup());

const ids = sequentialIds();

/** A server's context whose compiles belong to session-1, at `at`. */
function agentAt(at: string) {
  return createArchonContext({
    surface: "agent",
    dbPath: project.dbPath,
    projectRoot: project.root,
    clock: manualClock(at),
    ids,
    env: { ARCHON_SESSION_ID: "session-1" },
  });
}

describe("an audit row as a replica ships it", () => {
  it("is a portable record: repo-relative target files, deliveries by doc_id, the session, no machine", () => {
    const ctx = agentAt("2026-11-29T12:00:00.000Z");
    const { compile_id } = ctx.compiler.compile({
      target_files: [join(project.root, "src/api/users.ts"), "/elsewhere/secret.ts", "./src/api/users.ts"],
      max_inline_bytes: 4096,
      agent_id: "claude-code on dana-laptop",
    });
    ctx.close();
    const db = project.context().kdb.db;
    expect(auditToShip(db, project.root, compileSessions(db), 10)).toStrictEqual([
      {
        compile_id,
        created_at: "2026-11-29T12:00:00.000Z",
        status: "ok",
        knowledge_version: 1,
        snapshot_id: "snap_v1",
        inline_bytes: expect.any(Number),
        max_inline_bytes: 4096,
        deliveries: [
          { doc_id: "api", delivery: "inline" },
          { doc_id: "style", delivery: "inline" },
        ],
        session_id: "session-1",
        target_files: ["src/api/users.ts"],
      },
    ]);
  });
});

describe("the audit rows still to ship", () => {
  it("follow the order rows were written, not created_at, and start over once the cursor's row is pruned", () => {
    const compile = (at: string) => {
      const ctx = agentAt(at);
      const { compile_id } = ctx.compiler.compile({ target_files: ["src/api/users.ts"] });
      ctx.close();
      return compile_id;
    };
    // The second row is stamped before the first, as a row the background writer committed late.
    const [a, late, b, c] = ["29", "20", "29", "29"].map((day) => compile(`2026-11-${day}T12:00:00.000Z`));
    const db = project.context().kdb.db;
    const shipping = (limit: number) =>
      auditToShip(db, project.root, new Map(), limit).map((r) => r.compile_id);
    expect([shipping(2), countAuditToShip(db)]).toEqual([[a, late], 4]);
    setAuditCursor(db, a as string);
    expect([shipping(10), countAuditToShip(db)]).toEqual([[late, b, c], 3]);
    setAuditCursor(db, late as string);
    expect(shipping(10)).toEqual([b, c]);
    db.transaction(() => foldAndDeleteAuditRows(db, "2026-11-25T00:00:00.000Z"))();
    expect([shipping(10), countAuditToShip(db)]).toEqual([[a, b, c], 3]);
  });
});
