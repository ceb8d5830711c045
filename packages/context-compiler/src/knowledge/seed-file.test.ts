import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { writeContext } from "../context/archon-context.js";
import { stats } from "../services/stats.js";
import { type TestProject, tempProject } from "../test-support/project.js";
import { applySeed } from "./apply-seed.js";
import { readSeedFile } from "./seed-file.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject();
});
afterEach(() => project.cleanup());

const GOOD = `
documents:
  - doc_id: base-style
    title: Base style
    content: "Named exports only."
    patterns: ["src/**/*.{ts,tsx}"]
  - doc_id: api-constraint
    title: API layer constraints
    kind: constraint
    priority: 10
    file: docs/rules/api.md
    layers: [api]
    commands: [scaffold]
    depends_on: [base-style]
    tags: [auth]
layer_rules:
  - pattern: "src/api/**"
    layer: api
`;

describe("seeding from archon.seed.yaml", () => {
  it("loads documents, edges, layer rules and tags in one version", () => {
    project.write("docs/rules/api.md", "# API\nNever call fetch directly from components.\n");
    const seedPath = project.write("archon.seed.yaml", GOOD);
    const ctx = project.context();
    const summary = applySeed(writeContext(ctx), readSeedFile(ctx.kdb.db, seedPath, project.root));
    expect(summary).toEqual({
      documents: 2,
      documents_changed: 2,
      edges_added: 4,
      edges_removed: 0,
      layer_rules_added: 1,
      changed: true,
      knowledge_version: 1,
      snapshot_id: "snap_v1",
    });
    const r = ctx.compiler.compile({ target_files: ["src/api/users.ts"] });
    expect(r.base.documents.map((d) => [d.doc_id, d.source_path ?? null])).toEqual([
      ["base-style", null],
      ["api-constraint", "docs/rules/api.md"],
    ]);
  });

  it("is idempotent, and the file is the truth for the edges of the documents it lists", () => {
    project.write("docs/rules/api.md", "# API\n");
    const seedPath = project.write("archon.seed.yaml", GOOD);
    const ctx = project.context();
    applySeed(writeContext(ctx), readSeedFile(ctx.kdb.db, seedPath, project.root));
    const again = applySeed(writeContext(ctx), readSeedFile(ctx.kdb.db, seedPath, project.root));
    expect(again).toMatchObject({ changed: false, knowledge_version: 1 });
    project.write(
      "archon.seed.yaml",
      GOOD.replace('patterns: ["src/**/*.{ts,tsx}"]', 'patterns: ["lib/**"]'),
    );
    const edited = applySeed(writeContext(ctx), readSeedFile(ctx.kdb.db, seedPath, project.root));
    expect(edited).toMatchObject({ edges_added: 1, edges_removed: 1, knowledge_version: 2 });
  });

  it("rejects the whole file with every problem listed, and changes nothing", () => {
    const seedPath = project.write(
      "archon.seed.yaml",
      `
documents:
  - doc_id: a
    title: A
    content: "a"
    depends_on: [b, ghost]
    patterns: ["src/{api/**", "/abs/**"]
  - doc_id: b
    title: B
    content: "b"
    depends_on: [a]
  - doc_id: c
    title: C
    file: docs/missing.md
  - doc_id: d
    title: D
    file: ../outside.md
layer_rules:
  - pattern: "../x/**"
    layer: bad
`,
    );
    const ctx = project.context();
    let message = "";
    try {
      readSeedFile(ctx.kdb.db, seedPath, project.root);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message.split("\n")).toEqual([
      `Seed file ${seedPath} was rejected; nothing was changed. 7 problem(s):`,
      '  - documents[a]: pattern "src/{api/**" has unbalanced brackets or braces',
      '  - documents[a]: pattern "/abs/**" is absolute; globs are repo-relative',
      `  - documents[c]: file "docs/missing.md" does not exist under ${project.root}.`,
      `  - documents[d]: file "../outside.md" is outside the project root ${project.root}.`,
      '  - documents[a]: depends_on names unknown document "ghost"',
      "  - depends_on cycle: a → b → a",
      `  - layer_rules[bad]: pattern "../x/**" contains '..'; globs cannot leave the project`,
    ]);
    expect(stats(ctx.kdb.db)).toMatchObject({ knowledge_version: 0, documents_by_status: {} });
  });

  it("explains YAML syntax errors and shape errors with their location", () => {
    const ctx = project.context();
    const broken = project.write("broken.yaml", "documents:\n  - doc_id: [unclosed\n");
    expect(() => readSeedFile(ctx.kdb.db, broken, project.root)).toThrow(/is not valid YAML/);
    const shape = project.write(
      "shape.yaml",
      "documents:\n  - doc_id: a\n    title: A\n    content: x\n    kind: rule\n    colour: red\n",
    );
    expect(() => readSeedFile(ctx.kdb.db, shape, project.root)).toThrow(
      /documents\.0\.kind: Invalid option[\s\S]*Unrecognized key: "colour"/,
    );
  });
});

describe("a seed entry's problems, listed in the order the entry reads", () => {
  it("names a repeated doc_id, then a missing or doubled source, then its patterns, then its file", () => {
    const seedPath = project.write(
      "archon.seed.yaml",
      `
documents:
  - doc_id: a
    title: A
    content: "a"
  - doc_id: a
    title: A again
    content: "a"
    file: ../outside.md
    patterns: ["/abs/**"]
  - doc_id: b
    title: B
`,
    );
    const ctx = project.context();
    expect(() => readSeedFile(ctx.kdb.db, seedPath, project.root)).toThrow(
      [
        `Seed file ${seedPath} was rejected; nothing was changed. 5 problem(s):`,
        "  - documents[a]: doc_id appears more than once",
        "  - documents[a]: give exactly one of content or file",
        '  - documents[a]: pattern "/abs/**" is absolute; globs are repo-relative',
        `  - documents[a]: file "../outside.md" is outside the project root ${project.root}.`,
        "  - documents[b]: give exactly one of content or file",
      ].join("\n"),
    );
  });
});
