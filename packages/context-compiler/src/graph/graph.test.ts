import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { storeEmbedding } from "../store/embeddings.js";
import { recordObservation } from "../store/observations.js";
import { seedKnowledge } from "../test-support/knowledge-fixture.js";
import { doc, seed, type TestProject, tempProject } from "../test-support/project.js";
import { GHOST_LIMIT, graphModel } from "./graph-model.js";
import { D3_MODULES } from "./vendor-scripts.js";
import { graphPage, writeGraph } from "./write-graph.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject();
});
afterEach(() => project.cleanup());

const FILES = ["README.md", "src/api/orders.ts", "src/api/users.ts", "src/web/page.ts"];

describe("the graph model", () => {
  it("holds approved documents, selectors as nodes, every edge type, and the backlog as ghosts", () => {
    const fx = seedKnowledge(project);
    const model = graphModel(project.context().kdb.db, FILES);
    expect(model.nodes.map((n) => [n.id, n.group, n.ghost])).toEqual([
      ["command:scaffold", "command", false],
      ["doc:api-errors", "guideline", false],
      ["doc:api-layer", "guideline", false],
      ["doc:base-style", "constraint", false],
      ["doc:scaffold-template", "template", false],
      ["doc:users-handler", "guideline", false],
      ["glob:src/api/**", "glob", false],
      ["glob:src/api/users.ts", "glob", false],
      ["layer:api", "layer", false],
      [`observation:${fx.observationId}`, "manual_note", true],
      [`proposal:${fx.newDocProposal}`, "new_doc", true],
      [`proposal:${fx.updateProposal}`, "update_doc", true],
    ]);
    expect(model.links.map((l) => `${l.type} ${l.source} → ${l.target}`)).toEqual([
      `cites observation:${fx.observationId} → proposal:${fx.newDocProposal}`,
      "command_requires command:scaffold → doc:scaffold-template",
      "doc_depends_on doc:users-handler → doc:base-style",
      "layer_requires layer:api → doc:api-layer",
      "layer_rule glob:src/api/** → layer:api",
      "path_requires glob:src/api/** → doc:api-errors",
      "path_requires glob:src/api/users.ts → doc:users-handler",
      `proposes proposal:${fx.updateProposal} → doc:api-errors`,
    ]);
    expect(model.knowledge_version).toBe(1);
    expect(model.ghosts_left_out).toBe(0);
  });

  it("joins documents whose stored vectors point the same way with a similarity link", () => {
    const ctx = project.context();
    seed(ctx, {
      documents: [
        doc("errors-api", { content: "Return typed errors from routes." }),
        doc("errors-web", { content: "Show typed errors in pages." }),
        doc("naming", { content: "Name files for what they hold." }),
      ],
    });
    const hashes = ctx.kdb.db.prepare("SELECT doc_id, content_hash FROM documents").all() as {
      doc_id: string;
      content_hash: string;
    }[];
    // Vectors as embed-docs stores them; the two error rules nearly parallel, naming orthogonal to both.
    const vectors: Record<string, number[]> = {
      "errors-api": [1, 0.1, 0],
      "errors-web": [1, 0.2, 0],
      naming: [0, 0, 1],
    };
    for (const { doc_id, content_hash } of hashes)
      storeEmbedding(
        ctx.kdb.db,
        content_hash,
        "granite-embedding:278m",
        vectors[doc_id] as number[],
        "2026-12-01T00:00:00.000Z",
      );
    const links = graphModel(ctx.kdb.db, FILES).links.filter((l) => l.type === "similar");
    expect(links).toEqual([
      { source: "doc:errors-api", target: "doc:errors-web", type: "similar", edge_id: null },
    ]);
    ctx.close();
  });

  it("draws at most GHOST_LIMIT backlog items and counts the rest", () => {
    const ctx = project.context();
    for (let i = 0; i <= GHOST_LIMIT; i++)
      recordObservation(ctx.kdb.db, { event_type: "session_note", payload: { i } }, ctx.clock, ctx.ids);
    const model = graphModel(ctx.kdb.db, []);
    expect(model.nodes.filter((n) => n.kind === "observation").length).toBe(GHOST_LIMIT);
    expect(model.ghosts_left_out).toBe(1);
  });

  it("answers each project file with the documents its compile reaches, in compile order", () => {
    seedKnowledge(project);
    const { files } = graphModel(project.context().kdb.db, FILES);
    const docsOf = (file: string) => {
      const at = files.files[file];
      return at === undefined ? [] : files.hits[at]?.doc_ids;
    };
    expect(docsOf("src/api/users.ts")).toEqual(["users-handler", "api-errors", "api-layer", "base-style"]);
    expect(docsOf("src/api/orders.ts")).toEqual(["api-errors", "api-layer"]);
    expect(docsOf("src/web/page.ts")).toEqual([]);
    expect(files.total).toBe(4);
  });
});

describe("the graph page", () => {
  it("is the same bytes for the same knowledge version, whatever else was recorded in between", () => {
    seedKnowledge(project);
    const ctx = project.context();
    const first = graphPage(ctx.kdb.db, project.root).html;
    ctx.compiler.compile({ target_files: ["src/api/users.ts"] });
    ctx.compiler.flushAudit();
    expect(graphPage(project.context().kdb.db, project.root).html).toBe(first);
  });

  it("inlines every d3 module in load order and needs nothing from the network", () => {
    seedKnowledge(project);
    const page = graphPage(project.context().kdb.db, project.root).html;
    const modules = [...page.matchAll(/<script data-module="([^"]+)">/g)].map((m) => m[1]);
    expect(modules).toEqual([...D3_MODULES]);
    expect(page).not.toMatch(/(src|href)="https?:/);
    expect(page).toContain(`content="default-src 'none'; script-src 'unsafe-inline'`);
  });

  it("keeps a document's title from closing the data block early", () => {
    const ctx = project.context();
    seed(ctx, { documents: [doc("odd", { title: "</script><script>alert(1)</script>", patterns: ["**"] })] });
    const page = graphPage(ctx.kdb.db, project.root).html;
    expect(page.match(/<\/script>/g)?.length).toBe(D3_MODULES.length + 2);
    expect(page).toContain("\\u003c/script>\\u003cscript>alert(1)");
  });
});

describe("writing the page", () => {
  it("writes .archon/graph.html by default and replaces a page it wrote before", () => {
    seedKnowledge(project);
    const db = project.context().kdb.db;
    const written = writeGraph(db, project.root);
    expect({ ...written, bytes: written.bytes > 0 }).toEqual({
      path: ".archon/graph.html",
      bytes: true,
      knowledge_version: 1,
      nodes: 12,
      links: 8,
    });
    expect(writeGraph(db, project.root).path).toBe(".archon/graph.html");
  });

  it("leaves a file archon did not write as it is", () => {
    const db = project.context().kdb.db;
    const mine = project.write("docs/graph.html", "<p>my notes</p>");
    expect(() => writeGraph(db, project.root, mine)).toThrow(
      "docs/graph.html exists and was not written by archon graph; it was left as it is.",
    );
    expect(readFileSync(mine, "utf8")).toBe("<p>my notes</p>");
  });

  it("refuses a file outside the project", () => {
    const db = project.context().kdb.db;
    const outside = join(project.root, "..", "elsewhere.html");
    expect(() => writeGraph(db, project.root, outside)).toThrow("is outside the project");
  });
});
