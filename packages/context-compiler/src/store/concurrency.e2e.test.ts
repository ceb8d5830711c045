import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { doc, seed, type TestProject, tempProject } from "../test-support/project.js";
import { createProposal } from "./proposals.js";
import { readSnapshotManifest } from "./snapshots.js";
import { readVersion } from "./version.js";

const WORKER = fileURLToPath(new URL("../test-support/db-worker.mjs", import.meta.url));

let project: TestProject;
beforeEach(() => {
  project = tempProject();
  const ctx = project.context();
  seed(ctx, { documents: [doc("base", { patterns: ["src/**"] })] });
  ctx.close();
});
afterEach(() => project.cleanup());

function worker(mode: string, name: string, count: number) {
  const child = spawn(process.execPath, [WORKER, mode, project.dbPath, project.root, name, String(count)]);
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d) => {
    stdout += d;
  });
  child.stderr.on("data", (d) => {
    stderr += d;
  });
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on("close", (code) => resolve({ code, stdout, stderr })),
  );
  return { child, done, output: () => stdout };
}

describe("several processes on one database", () => {
  it("loses no write, hits no busy error, and keeps knowledge_version strictly increasing", async () => {
    const writers = ["alpha", "beta", "gamma", "delta"].map((name) => worker("write", name, 25));
    const readers = ["r1", "r2"].map((name) => worker("compile", name, 40));
    const results = await Promise.all([...writers, ...readers].map((w) => w.done));
    for (const r of results) expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: "" });

    for (const r of results.slice(0, 4)) {
      const versions = r.stdout.trim().split("\n").map(Number);
      expect(versions).toHaveLength(25);
      expect(versions.every((v, i) => i === 0 || v > (versions[i - 1] as number))).toBe(true);
    }
    const ctx = project.context();
    const db = ctx.kdb.db;
    expect(readVersion(db)).toBe(101);
    expect(db.prepare("SELECT knowledge_version FROM snapshots ORDER BY 1").pluck().all()).toEqual(
      Array.from({ length: 101 }, (_, i) => i + 1),
    );
    expect(db.prepare("SELECT COUNT(*) FROM documents WHERE status = 'approved'").pluck().get()).toBe(101);
    expect(db.prepare("SELECT COUNT(*) FROM compile_log").pluck().get()).toBe(80);
  });
});

/** Starts a worker and kills it once it is well into its transaction. */
async function killMidway(mode: string, name: string, count: number) {
  const w = worker(mode, name, count);
  await new Promise<void>((resolve) => {
    const poll = setInterval(() => {
      if (w.output().includes("started")) {
        clearInterval(poll);
        // Let it get well into the transaction before it dies.
        setTimeout(() => {
          w.child.kill("SIGKILL");
          resolve();
        }, 150);
      }
    }, 5);
  });
  return w.done;
}

describe("a process killed in the middle of a change", () => {
  it("leaves the database at the old version or the new one, never between", async () => {
    const result = await killMidway("seed-big", "big", 20_000);
    expect(result.stdout).not.toContain("done");
    expect(existsSync(`${project.dbPath}-journal`)).toBe(true);

    const ctx = project.context();
    const db = ctx.kdb.db;
    const version = readVersion(db);
    const approved = db.prepare("SELECT COUNT(*) FROM documents WHERE status = 'approved'").pluck().get();
    expect(version).toBe(1);
    expect(approved).toBe(1);
    expect(readSnapshotManifest(db, "snap_v1")?.documents.map((d) => d.doc_id)).toEqual(["base"]);
    expect(db.prepare("SELECT COUNT(*) FROM snapshots").pluck().get()).toBe(1);
    expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
    seed(ctx, { documents: [doc("after", { patterns: ["lib/**"] })] });
    expect(readVersion(db)).toBe(2);
    expect(existsSync(`${project.dbPath}-journal`)).toBe(false);
  });

  it("leaves an approval either fully applied or not at all", async () => {
    const ctx = project.context();
    const clock = ctx.clock;
    ctx.kdb.db.transaction(() => {
      for (let i = 0; i < 8000; i++) {
        createProposal(
          ctx.kdb.db,
          {
            proposal_type: "new_doc",
            payload: {
              doc_id: `imported-${i}`,
              title: `Imported ${i}`,
              content: `Rule ${i}. `.repeat(30),
              edge_hints: [{ edge_type: "path_requires", source_value: `src/m${i % 40}/**` }],
            },
            source: "import",
            bundle_id: "bundle_big",
          },
          clock,
          ctx.ids,
        );
      }
    })();
    ctx.close();
    const result = await killMidway("approve-bundle", "bundle_big", 0);
    expect(result.stdout).not.toContain("done");

    const after = project.context();
    const db = after.kdb.db;
    expect(readVersion(db)).toBe(1);
    expect(db.prepare("SELECT COUNT(*) FROM documents").pluck().get()).toBe(1);
    expect(db.prepare("SELECT COUNT(*) FROM proposals WHERE status = 'pending'").pluck().get()).toBe(8000);
    expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
    // And the same approval, run to the end, lands whole as one version.
    const finished = await worker("approve-bundle", "bundle_big", 0).done;
    expect(finished.stdout).toContain("done");
    const final = project.context().kdb.db;
    expect(readVersion(final)).toBe(2);
    expect(final.prepare("SELECT COUNT(*) FROM documents WHERE status = 'approved'").pluck().get()).toBe(
      8001,
    );
  });
});
