import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { writeContext } from "../mcp/context.js";
import { getDocument } from "../store/documents.js";
import { edgesOfDocument } from "../store/edges.js";
import { type TestProject, tempProject } from "../test-support/project.js";
import { importDoc } from "./import-doc.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject();
});
afterEach(() => project.cleanup());

const path = (source_value: string) => ({ edge_type: "path_requires" as const, source_value });

describe("import_doc", () => {
  it("imports inline content as approved with its edges, in one new version", () => {
    const ctx = project.context();
    const r = importDoc(writeContext(ctx), {
      doc_id: "api-constraint",
      title: "API layer constraints",
      kind: "constraint",
      content: "Never call fetch directly from components.",
      edge_hints: [path("src/api/**")],
    });
    expect(r).toEqual({
      doc_id: "api-constraint",
      created: true,
      changed: true,
      edges_added: [1],
      knowledge_version: 1,
      snapshot_id: "snap_v1",
      source_path: null,
      content_bytes: 42,
      warnings: [],
    });
  });

  it("overwrites content on re-import but accumulates edges", () => {
    const ctx = project.context();
    importDoc(writeContext(ctx), { doc_id: "d", title: "D", content: "one", edge_hints: [path("src/**")] });
    const again = importDoc(writeContext(ctx), {
      doc_id: "d",
      title: "D",
      content: "two",
      edge_hints: [path("lib/**")],
    });
    expect(again).toMatchObject({ created: false, changed: true, knowledge_version: 2 });
    expect(getDocument(ctx.kdb.db, "d")?.content).toBe("two");
    expect(edgesOfDocument(ctx.kdb.db, "d").map((e) => e.source_value)).toEqual(["src/**", "lib/**"]);
  });

  it("reads a repo-relative file_path, which becomes source_path", () => {
    project.write("docs/rules/api.md", "# API\nUse the client.\n");
    const ctx = project.context();
    const r = importDoc(writeContext(ctx), {
      doc_id: "api",
      title: "API",
      file_path: "docs/rules/api.md",
      edge_hints: [path("src/**")],
    });
    expect(r.source_path).toBe("docs/rules/api.md");
    expect(getDocument(ctx.kdb.db, "api")).toMatchObject({
      content: "# API\nUse the client.\n",
      source_path: "docs/rules/api.md",
    });
  });

  it("warns about size, several sections, no edges and likely secrets, and still imports", () => {
    const ctx = project.context();
    const content = `## One\n${"a ".repeat(2100)}\n## Two\nkey AKIAABCDEFGHIJKLMNOP\n`;
    const r = importDoc(writeContext(ctx), { doc_id: "big", title: "Big", content });
    expect(r.warnings).toEqual([
      `The document is ${Buffer.byteLength(content)} bytes (over 4096); under content_mode auto it is deferred, never inlined. Consider splitting it.`,
      "The document has 2 '##' sections; one topic per document retrieves better. Consider splitting it.",
      "Possible AWS access key id in the content.",
      "No edges reach this document, so no compile can deliver it. Add edge_hints (a path glob, a layer or a command).",
    ]);
    expect(r.changed).toBe(true);
  });

  it("refuses bad globs, unknown documents, both content and file, and bad ids, changing nothing", () => {
    const ctx = project.context();
    const w = writeContext(ctx);
    expect(() =>
      importDoc(w, { doc_id: "x", title: "X", content: "x", edge_hints: [path("../up/**")] }),
    ).toThrow(`import_doc refused: glob "../up/**" contains '..'; globs cannot leave the project.`);
    expect(() => importDoc(w, { doc_id: "x", title: "X", content: "x", depends_on: ["ghost"] })).toThrow(
      /unknown document "ghost"/,
    );
    expect(() => importDoc(w, { doc_id: "x", title: "X", content: "x", file_path: "a.md" })).toThrow(
      /exactly one of content or file_path/,
    );
    expect(() => importDoc(w, { doc_id: "has space", title: "X", content: "x" })).toThrow(
      /doc_id "has space" is not valid/,
    );
    expect(ctx.kdb.db.prepare("SELECT COUNT(*) FROM documents").pluck().get()).toBe(0);
  });
});
