// archon graph [file]: write the offline graph page for the live knowledge.
import { resolve } from "node:path";
import { DEFAULT_GRAPH_FILE, writeGraph } from "../graph/write-graph.js";
import { openContext } from "./open-context.js";
import type { GlobalOptions } from "./options.js";
import type { Output } from "./sync-rules-file.command.js";

/** `file` is relative to the current folder, as other file arguments are; the default sits in the project. */
export function graphCommand(
  options: GlobalOptions,
  file: string | undefined,
  opts: { json?: boolean },
  out: Output = process.stdout,
  cwd: string = process.cwd(),
): void {
  const ctx = openContext(options);
  try {
    const target = file === undefined ? resolve(options.projectRoot, DEFAULT_GRAPH_FILE) : resolve(cwd, file);
    const written = writeGraph(ctx.kdb.db, options.projectRoot, target);
    if (opts.json) {
      out.write(`${JSON.stringify(written, null, 2)}\n`);
      return;
    }
    out.write(
      `Wrote ${written.path} (knowledge_version ${written.knowledge_version}, ${written.nodes} nodes, ${written.links} links, ${written.bytes} bytes). Open it in a browser; it works offline.\n`,
    );
  } finally {
    ctx.close();
  }
}
