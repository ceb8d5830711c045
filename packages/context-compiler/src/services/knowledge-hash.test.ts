import { hashCanonical } from "@archon/core";
import { afterEach, describe, expect, it } from "vitest";
import { writeContext } from "../context/archon-context.js";
import { approveProposal, rejectProposal } from "../knowledge/approval/approve-proposal.js";
import type { SeedDocument } from "../knowledge/seed-file.js";
import { setDocTags } from "../knowledge/set-doc-tags.js";
import { readCompileLog } from "../store/audit.js";
import { createProposal } from "../store/proposals.js";
import { deterministicPart } from "../test-support/deterministic-part.js";
import { doc, seed, type TestProject, tempProject } from "../test-support/project.js";

const projects: TestProject[] = [];
afterEach(() => {
  for (const p of projects.splice(0)) p.cleanup();
});

type Ctx = ReturnType<TestProject["context"]>;

const documents: SeedDocument[] = [
  doc("api", { patterns: ["src/api/**", "src/**/*.ts"], depends_on: ["errors"], tags: ["http"] }),
  doc("errors", { layers: ["api"], description: "error envelopes and status codes" }),
  doc("style", { patterns: ["src/**"], priority: 50 }),
  doc("auth", { tags: ["auth"], content: "Rotate session tokens on login." }),
];
const layer_rules = [
  { pattern: "src/api/**", layer: "api" },
  { pattern: "src/lib/**", layer: "lib" },
];
const request = {
  target_files: ["src/api/users.ts", "src/lib/x.ts"],
  plan: "return error envelopes",
  intent_tags: ["auth"],
  include_debug: true,
};

function project(build: (ctx: Ctx) => void): Ctx {
  const p = tempProject();
  projects.push(p);
  const ctx = p.context();
  build(ctx);
  return ctx;
}

const seeded = (docs = documents, rules = layer_rules) =>
  project((ctx) => seed(ctx, { documents: docs, layer_rules: rules }));

/** An edit approved and then approved back, with a rejected proposal between: same rules, two versions on. */
function editedAndReverted(ctx: Ctx): void {
  const propose = (payload: unknown) =>
    createProposal(
      ctx.kdb.db,
      { proposal_type: "update_doc", payload, source: "manual_note" },
      ctx.clock,
      ctx.ids,
    ).proposal_id;
  approveProposal(writeContext(ctx), { proposal_id: propose({ doc_id: "style", content: "Tabs." }) });
  rejectProposal(writeContext(ctx), { proposal_id: propose({ doc_id: "auth", priority: 1 }), comment: "no" });
  approveProposal(writeContext(ctx), {
    proposal_id: propose({ doc_id: "style", content: "Content of style." }),
  });
}

describe("knowledge_hash names the rules by content, not by how a database came to hold them", () => {
  it("is the same, and so is the deterministic part of a compile, for databases built in other orders and histories", () => {
    const first = seeded();
    const reversed = project((ctx) => {
      const backwards = documents.map((d) => ({ ...d, patterns: [...d.patterns].reverse() })).reverse();
      seed(ctx, { documents: backwards, layer_rules: [...layer_rules].reverse() });
      editedAndReverted(ctx);
    });
    const a = first.compiler.compile(request);
    const b = reversed.compiler.compile(request);
    const edgeIds = (ctx: typeof first) =>
      ctx.compiler.compile({ ...request, include_debug: true }).debug_info?.resolution_edge_ids;
    expect({
      versions: [a.knowledge_version, b.knowledge_version],
      // The databases numbered the same edges differently: what the hash and the parts must not see.
      sameEdgeIds: JSON.stringify(edgeIds(first)) === JSON.stringify(edgeIds(reversed)),
      sameHash: a.knowledge_hash === b.knowledge_hash,
      samePart: deterministicPart(a) === deterministicPart(b),
      delivered: b.base.documents.map((d) => d.doc_id),
    }).toEqual({
      versions: [1, 3],
      sameEdgeIds: false,
      sameHash: true,
      samePart: true,
      delivered: ["api", "style", "errors"],
    });
    expect(deterministicPart(a)).toContain(`"knowledge_hash":"${a.knowledge_hash}"`);
  });

  it("moves with one character of a rule's content, a glob, a tag or a layer rule", () => {
    const edit = (docId: string, fields: Partial<SeedDocument>) =>
      documents.map((d) => (d.doc_id === docId ? { ...d, ...fields } : d));
    const hashes = {
      base: seeded(),
      content: seeded(edit("auth", { content: "Rotate session tokens on logon." })),
      glob: seeded(edit("style", { patterns: ["src/*"] })),
      tag: project((ctx) => {
        seed(ctx, { documents, layer_rules });
        setDocTags(writeContext(ctx), "auth", ["autH"]);
      }),
      layerRule: seeded(documents, [
        layer_rules[0] as (typeof layer_rules)[0],
        { pattern: "src/lib/**", layer: "lip" },
      ]),
    };
    const of = Object.fromEntries(
      Object.entries(hashes).map(([name, ctx]) => [name, ctx.compiler.compile(request).knowledge_hash]),
    );
    expect(new Set(Object.values(of)).size).toBe(5);
    expect(Object.values(of).every((h) => /^[0-9a-f]{64}$/.test(h))).toBe(true);
  });
});

describe("an audit row names the knowledge its compile saw, and rows logged before that still replay", () => {
  it("records knowledge_hash in the row, and a row logged before migration 21 replays to the same result", () => {
    const ctx = seeded();
    const response = ctx.compiler.compile({ ...request, include_debug: false });
    ctx.compiler.flushAudit();
    const logged = readCompileLog(ctx.kdb.db, response.compile_id);
    // A row as the code before knowledge_hash wrote it: no hash, and a result_hash over a result without one.
    const { compile_id: _id, notices: _notices, knowledge_hash: _hash, ...before } = response;
    ctx.kdb.db
      .prepare("UPDATE compile_log SET knowledge_hash = NULL, result_hash = ? WHERE compile_id = ?")
      .run(hashCanonical(before), response.compile_id);
    const old = readCompileLog(ctx.kdb.db, response.compile_id);
    if (!logged || !old) throw new Error("the compile was not logged");
    expect({
      logged: logged.knowledge_hash,
      old: old.knowledge_hash,
      sameResultHash: old.result_hash === logged.result_hash,
      replay: ctx.compiler.replay(old),
    }).toEqual({
      logged: response.knowledge_hash,
      old: null,
      sameResultHash: true,
      replay: {
        snapshot_id: "snap_v1",
        tag_catalog_hash: response.tag_catalog_hash,
        knowledge_hash: response.knowledge_hash,
        result_hash: logged.result_hash,
        error: null,
        same_result: true,
      },
    });
  });
});
