import { sha256 } from "@archon/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { writeContext } from "../context/archon-context.js";
import { type TestProject, tempProject } from "../test-support/project.js";
import { applySeed } from "./apply-seed.js";
import { readSeedFile } from "./seed-file.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject();
});
afterEach(() => project.cleanup());

const WORDS = ["api", "billing", "cache", "errors", "auth", "retry", "schema", "routes", "logging", "tests"];
const KINDS = ["guideline", "constraint", "pattern", "reference"];

/**
 * A 600-document seed in every shape people write: files and inline text (one-line, multi-paragraph,
 * indented code), titles yaml must quote, brace and globstar patterns, layers, commands, dependency
 * chains, tags, descriptions, and layer rules. Deterministic: the same every run.
 */
function writeFixedSeed(p: TestProject): string {
  let state = 17;
  const next = (n: number) => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state % n;
  };
  const word = () => WORDS[next(WORDS.length)] as string;
  const documents = Array.from({ length: 600 }, (_, i) => {
    const area = `${["services", "apps", "packages"][i % 3]}/${word()}-${i % 7}`;
    const text = Array.from({ length: 1 + next(4) }, () =>
      Array.from({ length: 8 + next(30) }, word).join(" "),
    ).join("\n\n");
    const body =
      i % 11 === 0 ? `${text}\n\n    const x = ${i};\n    return x;\n` : i % 5 === 0 ? `${word()}.` : text;
    const fileBacked = i % 4 !== 0;
    if (fileBacked) p.write(`docs/rules/${area}/${i}.md`, `# ${word()} ${i}\n\n${body}\n`);
    return {
      doc_id: `${word()}-${i}`,
      title: i % 9 === 0 ? `${word()}: ${word()} #${i}` : `${area} ${word()} ${i}`,
      kind: KINDS[i % KINDS.length],
      priority: 50 + next(100),
      patterns: [
        `${area}/**`,
        ...(i % 3 === 0 ? [`${area}/src/**/*.{ts,tsx}`] : []),
        ...(i % 10 === 0 ? ["**/*.test.ts"] : []),
      ],
      layers: i % 6 === 0 ? [`${word()}-layer`] : [],
      commands: i % 8 === 0 ? ["test"] : [],
      depends_on: i > 0 && i % 3 === 1 ? [`${WORDS[0]}-seed-root`] : [],
      ...(i % 7 === 0 ? { tags: [word(), "security"] } : {}),
      ...(i % 13 === 0 ? { description: `when changing ${word()} ${word()}` } : {}),
      ...(fileBacked ? { file: `docs/rules/${area}/${i}.md` } : { content: body }),
    };
  });
  documents.unshift({
    doc_id: `${WORDS[0]}-seed-root`,
    title: "Root rule",
    kind: "guideline",
    priority: 1,
    patterns: ["**"],
    layers: [],
    commands: [],
    depends_on: [],
    content: "Everything starts here.",
  });
  const layer_rules = WORDS.map((w) => ({ pattern: `services/${w}-*/src/**`, layer: `${w}-layer` }));
  return p.write("archon.seed.yaml", stringify({ documents, layer_rules }));
}

/** Every row a seed writes, with the columns it sets, in a pinned order. */
const ROW_QUERIES = [
  `SELECT doc_id, title, kind, content_hash, content_bytes, status, source_path, priority, description,
     created_version, updated_version, origin FROM documents ORDER BY doc_id`,
  "SELECT content_hash, content FROM content_blobs ORDER BY content_hash",
  "SELECT edge_id, edge_type, source_value, target_doc_id, status, created_version FROM edges ORDER BY edge_id",
  "SELECT rule_id, path_pattern, layer_name FROM layer_rules ORDER BY rule_id",
  "SELECT tag, doc_id FROM tag_mappings ORDER BY tag, doc_id",
  "SELECT key, value FROM meta WHERE key IN ('knowledge_version', 'tag_catalog_rev') ORDER BY key",
];

describe("the snapshot and rows a seed writes", () => {
  it("are byte for byte those the seed reader and writer wrote before they were made faster", () => {
    const seedPath = writeFixedSeed(project);
    const ctx = project.context();
    const summary = applySeed(writeContext(ctx), readSeedFile(ctx.kdb.db, seedPath, project.root));
    const { manifest, ...snapshot } = ctx.kdb.db
      .prepare("SELECT snapshot_id, knowledge_version, created_at, manifest_hash, manifest FROM snapshots")
      .get() as { manifest: Buffer };
    const rows = ROW_QUERIES.map((sql) => ctx.kdb.db.prepare(sql).all());
    // The three hashes were computed by this very test on the code before the change (b68b494) and after.
    expect({
      summary,
      snapshot: { ...snapshot, stored_manifest: sha256(manifest) },
      rows: sha256(JSON.stringify(rows)),
    }).toEqual({
      summary: {
        documents: 601,
        documents_changed: 601,
        edges_added: 1236,
        edges_removed: 0,
        layer_rules_added: 10,
        changed: true,
        knowledge_version: 1,
        snapshot_id: "snap_v1",
      },
      snapshot: {
        snapshot_id: "snap_v1",
        knowledge_version: 1,
        created_at: "2026-11-29T12:00:00.000Z",
        manifest_hash: "0d541d4f81b92e64034c5e870c506f34a003138bc465c5bea19110d25c3a1003",
        stored_manifest: "8712760bad1605274e9d7ea96c52d99566f4a2a6b35b5aed78bd63d82d9ca518",
      },
      rows: "f36783a497357c8399d8a579a4e33c84d928499b12a0b6678f87f4addf3d742b",
    });
  });
});
