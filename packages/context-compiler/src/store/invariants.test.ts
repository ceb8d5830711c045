import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { writeContext } from "../context/archon-context.js";
import { importDoc } from "../knowledge/import-doc.js";
import { setDocTags } from "../knowledge/set-doc-tags.js";
import { AUDIT_FLUSH_WINDOW_MS } from "../services/audit-queue.js";
import { deterministicPart } from "../test-support/deterministic-part.js";
import { doc, seed, type TestProject, tempProject } from "../test-support/project.js";
import { readCompileLog } from "./audit.js";
import { readSnapshotManifest } from "./snapshots.js";
import { readVersion } from "./version.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject();
});
afterEach(() => project.cleanup());

describe("INV-1: the read path only sees approved rows", () => {
  it("never delivers pending or deprecated documents, nor edges that are not approved", () => {
    const ctx = project.context();
    seed(ctx, { documents: [doc("live", { patterns: ["src/**"] }), doc("old", { patterns: ["src/**"] })] });
    const db = ctx.kdb.db;
    db.prepare("UPDATE documents SET status = 'deprecated' WHERE doc_id = 'old'").run();
    db.prepare(
      "INSERT INTO documents (doc_id, title, kind, content_hash, content_bytes, status, priority, created_version, updated_version) SELECT 'draft', 'Draft', 'guideline', content_hash, content_bytes, 'pending', 1, 2, 2 FROM documents WHERE doc_id = 'live'",
    ).run();
    db.prepare(
      "INSERT INTO edges (edge_type, source_value, target_doc_id, status, created_version) VALUES ('path_requires', 'src/**', 'draft', 'pending', 2)",
    ).run();
    db.prepare("UPDATE meta SET value = '2' WHERE key = 'knowledge_version'").run();
    const r = ctx.compiler.compile({ target_files: ["src/a.ts"] });
    expect(r.base.documents.map((d) => d.doc_id)).toEqual(["live"]);
  });
});

describe("INV-2: doc_depends_on cannot form a cycle", () => {
  it("rejects the closing edge at insert and names the cycle", () => {
    const ctx = project.context();
    seed(ctx, { documents: [doc("a", { depends_on: ["b"] }), doc("b", { depends_on: ["c"] }), doc("c")] });
    expect(() =>
      importDoc(writeContext(ctx), { doc_id: "c", title: "C", content: "c", depends_on: ["a"] }),
    ).toThrow("Cycle rejected: c → a would close the cycle c → a → b → c.");
    expect(readVersion(ctx.kdb.db)).toBe(1);
  });

  it("rejects a self-dependency", () => {
    const ctx = project.context();
    seed(ctx, { documents: [doc("a")] });
    expect(() =>
      importDoc(writeContext(ctx), { doc_id: "a", title: "A", content: "a", depends_on: ["a"] }),
    ).toThrow(/cannot depend on itself/);
  });
});

describe("INV-3: snapshots are immutable once written", () => {
  it("refuses UPDATE and DELETE on snapshots, and each snapshot keeps the rows of its version", () => {
    const ctx = project.context();
    seed(ctx, { documents: [doc("a", { patterns: ["src/**"] })] });
    seed(ctx, { documents: [doc("a", { patterns: ["lib/**"] })] });
    const db = ctx.kdb.db;
    expect(() => db.prepare("UPDATE snapshots SET created_at = 'x'").run()).toThrow(/immutable/);
    expect(() => db.prepare("DELETE FROM snapshots").run()).toThrow(/immutable/);
    expect(readSnapshotManifest(db, "snap_v1")?.edges.map((e) => e.source_value)).toEqual(["src/**"]);
    expect(readSnapshotManifest(db, "snap_v2")?.edges.map((e) => e.source_value)).toEqual(["lib/**"]);
  });
});

describe("INV-4: knowledge_version increases monotonically", () => {
  it("moves up by one per change, writes one snapshot per version, and stays put when nothing changed", () => {
    const ctx = project.context();
    const versions = [readVersion(ctx.kdb.db)];
    seed(ctx, { documents: [doc("a")] });
    versions.push(readVersion(ctx.kdb.db));
    importDoc(writeContext(ctx), {
      doc_id: "b",
      title: "B",
      content: "b",
      edge_hints: [{ edge_type: "path_requires", source_value: "src/**" }],
    });
    versions.push(readVersion(ctx.kdb.db));
    seed(ctx, { documents: [doc("a")] });
    versions.push(readVersion(ctx.kdb.db));
    setDocTags(writeContext(ctx), "a", ["auth"]);
    versions.push(readVersion(ctx.kdb.db));
    expect(versions).toEqual([0, 1, 2, 2, 2]);
    expect(ctx.kdb.db.prepare("SELECT knowledge_version FROM snapshots ORDER BY 1").pluck().all()).toEqual([
      1, 2,
    ]);
  });
});

describe("INV-5: every compile is auditable", () => {
  it("writes successful and failed compiles to the audit log", async () => {
    const ctx = project.context();
    seed(ctx, { documents: [doc("huge", { patterns: ["src/**"], content: "z".repeat(9000) })] });
    const ok = ctx.compiler.compile({ target_files: ["docs/x.md"], agent_id: "tester" });
    expect(() => ctx.compiler.compile({ target_files: ["src/a.ts"] })).toThrow(/budget_exceeded/);
    // The first row is written at once (writability unknown); later rows land together within the window.
    const logged = () =>
      ctx.kdb.db.prepare("SELECT compile_id FROM compile_log ORDER BY compile_id").pluck().all();
    expect(logged()).toEqual(["cmp_0001"]);
    await new Promise((resolve) => setTimeout(resolve, AUDIT_FLUSH_WINDOW_MS + 50));
    expect(logged()).toEqual(["cmp_0001", "cmp_0002"]);
    const audit = readCompileLog(ctx.kdb.db, ok.compile_id);
    expect(audit).toMatchObject({
      status: "ok",
      agent_id: "tester",
      knowledge_version: 1,
      snapshot_id: "snap_v1",
      resolved_doc_ids: [],
    });
    const failed = ctx.kdb.db
      .prepare("SELECT compile_id, status, error FROM compile_log WHERE status = 'error'")
      .all();
    expect(failed).toEqual([
      { compile_id: "cmp_0002", status: "error", error: expect.stringMatching(/^budget_exceeded/) },
    ]);
  });

  it("still answers when the audit write is refused, and says so in warnings", () => {
    const ctx = project.context();
    seed(ctx, { documents: [doc("a", { patterns: ["src/**"] })] });
    ctx.kdb.db.pragma("query_only = ON");
    const r = ctx.compiler.compile({ target_files: ["src/a.ts"] });
    expect(r.base.documents.map((d) => d.doc_id)).toEqual(["a"]);
    expect(r.warnings.at(-1)).toMatch(
      /^The audit row for this compile could not be written \(attempt to write a readonly database\)/,
    );
  });
});

describe("INV-6: the agent surface cannot mutate canonical knowledge", () => {
  it("has every write service refuse the agent surface before touching anything", () => {
    const admin = project.context("admin");
    seed(admin, { documents: [doc("a")] });
    const agent = project.context("agent");
    const ctx = writeContext(agent);
    expect(() => importDoc(ctx, { doc_id: "x", title: "X", content: "x" })).toThrow(
      /import_doc is refused on the agent surface/,
    );
    expect(() => setDocTags(ctx, "a", ["t"])).toThrow(/set_doc_tags is refused on the agent surface/);
    expect(() => seed(agent, { documents: [doc("y")] })).toThrow(/seed is refused on the agent surface/);
    expect(readVersion(agent.kdb.db)).toBe(1);
    expect(agent.kdb.db.prepare("SELECT COUNT(*) FROM tag_mappings").pluck().get()).toBe(0);
  });
});

describe("P-1: same input, same knowledge (knowledge_hash: the rules and the tag catalog) give the same output", () => {
  it("returns identical canonical bytes for repeated compiles, from fresh services too", () => {
    const ctx = project.context();
    seed(ctx, {
      documents: [
        doc("a", { patterns: ["src/**"], tags: ["auth"] }),
        doc("b", { patterns: ["src/api/**"], depends_on: ["c"] }),
        doc("c", { layers: ["api"] }),
        doc("t", { tags: ["auth"] }),
      ],
      layer_rules: [{ pattern: "src/api/**", layer: "api" }],
    });
    const request = {
      target_files: ["src/api/users.ts", "src/lib/x.ts"],
      plan: "auth users",
      include_debug: true,
    };
    const first = deterministicPart(ctx.compiler.compile(request));
    const again = deterministicPart(ctx.compiler.compile(request));
    const other = project.context();
    const fresh = deterministicPart(
      other.compiler.compile({ ...request, target_files: ["src/lib/x.ts", "./src/api/users.ts"] }),
    );
    expect(again).toBe(first);
    expect(fresh).toBe(first);
  });

  it("gives the same bytes from another database built from the same rules in another order, at another version", () => {
    const rules = [
      doc("a", { patterns: ["src/**", "src/api/*.ts"], tags: ["auth"] }),
      doc("b", { layers: ["api"], depends_on: ["c"] }),
      doc("c", { patterns: ["src/api/**"] }),
    ];
    const layer_rules = [{ pattern: "src/api/**", layer: "api" }];
    const ctx = project.context();
    seed(ctx, { documents: rules, layer_rules });
    const elsewhere = tempProject();
    try {
      const other = elsewhere.context();
      const backwards = rules.map((d) => ({ ...d, patterns: [...d.patterns].reverse() })).reverse();
      seed(other, { documents: backwards.map((d) => ({ ...d, content: "draft" })), layer_rules });
      seed(other, { documents: backwards, layer_rules });
      const request = { target_files: ["src/api/users.ts"], intent_tags: ["auth"], include_debug: true };
      const here = ctx.compiler.compile(request);
      const there = other.compiler.compile(request);
      expect([here.knowledge_version, there.knowledge_version]).toEqual([1, 2]);
      expect(deterministicPart(there)).toBe(deterministicPart(here));
    } finally {
      elsewhere.cleanup();
    }
  });

  it("names the tag catalog in the result, and a running service compiles with the one written since", () => {
    const ctx = project.context();
    seed(ctx, { documents: [doc("a", { patterns: ["src/**"] }), doc("t", {})] });
    const request = { target_files: ["src/x.ts"], intent_tags: ["auth"] };
    const running = project.context("agent");
    const untagged = running.compiler.compile(request);
    setDocTags(writeContext(ctx), "t", ["auth"]);
    const tagged = running.compiler.compile(request);
    const fresh = project.context("agent").compiler.compile(request);
    expect({
      versions: [untagged.knowledge_version, tagged.knowledge_version],
      hashMoved: untagged.tag_catalog_hash !== tagged.tag_catalog_hash,
      expanded: tagged.expanded?.documents.map((d) => d.doc_id),
      sameAsFresh: deterministicPart(fresh) === deterministicPart(tagged),
    }).toEqual({ versions: [1, 1], hashMoved: true, expanded: ["t"], sameAsFresh: true });
  });
});
