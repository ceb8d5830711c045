// A separate process that works on one knowledge database, for concurrency and crash tests.
// Usage: node db-worker.mjs <write|compile|seed-big|approve-bundle> <dbPath> <projectRoot> <name> <count>

import { createArchonContext, writeContext } from "../../dist/context/archon-context.js";
import { applySeed } from "../../dist/knowledge/apply-seed.js";
import { approveProposalBundle } from "../../dist/knowledge/approval/bundle.js";
import { importDoc } from "../../dist/knowledge/import-doc.js";

const [mode, dbPath, projectRoot, name, countText] = process.argv.slice(2);
const count = Number(countText);
const ctx = createArchonContext({ surface: "admin", dbPath, projectRoot });

if (mode === "write") {
  for (let i = 0; i < count; i++) {
    const r = importDoc(writeContext(ctx), {
      doc_id: `${name}-${i}`,
      title: `${name} ${i}`,
      content: `Rule ${i} written by ${name}.`,
      edge_hints: [{ edge_type: "path_requires", source_value: `src/${name}/**` }],
    });
    process.stdout.write(`${r.knowledge_version}\n`);
  }
} else if (mode === "compile") {
  for (let i = 0; i < count; i++) {
    const r = ctx.compiler.compile({ target_files: [`src/${name}/file.ts`], agent_id: name });
    process.stdout.write(`${r.knowledge_version}\n`);
  }
} else if (mode === "seed-big") {
  const documents = Array.from({ length: count }, (_, i) => ({
    doc_id: `big-${i}`,
    title: `Big ${i}`,
    kind: "guideline",
    priority: 100,
    content: `Rule ${i} `.repeat(40),
    source_path: null,
    patterns: [`src/m${i % 50}/**`],
    layers: [],
    commands: [],
    depends_on: i > 0 && i % 10 !== 0 ? [`big-${i - 1}`] : [],
  }));
  process.stdout.write("started\n");
  applySeed(writeContext(ctx), { documents, layer_rules: [] });
  process.stdout.write("done\n");
}
if (mode === "approve-bundle") {
  process.stdout.write("started\n");
  approveProposalBundle(writeContext(ctx), { bundle_id: name });
  process.stdout.write("done\n");
}
ctx.close();
