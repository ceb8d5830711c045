// `archon graph`: render the page for the live knowledge and write it inside the project, never over a stranger's file.
import { existsSync, readFileSync } from "node:fs";
import { relative, resolve } from "node:path";
import { type Db, UserError } from "@archon/core";
import { listProjectFiles } from "../knowledge/project-files.js";
import { isInside, writeProjectFile } from "../knowledge/project-write.js";
import { graphModel } from "./graph-model.js";
import { GRAPH_MARKER, renderGraph } from "./render-graph.js";

export const DEFAULT_GRAPH_FILE = ".archon/graph.html";

export interface GraphWritten {
  path: string;
  bytes: number;
  knowledge_version: number;
  nodes: number;
  links: number;
}

/** The page for what the database holds now, with the project's own files for the path search. */
export function graphPage(
  db: Db,
  projectRoot: string,
): { html: string; model: ReturnType<typeof graphModel> } {
  const model = graphModel(db, listProjectFiles(projectRoot).files);
  return { html: renderGraph(model), model };
}

/** A file is ours to replace when it is missing or an earlier `archon graph` wrote it. */
function assertOurs(target: string, shown: string): void {
  if (!existsSync(target)) return;
  const head = readFileSync(target, "utf8").slice(0, 512);
  if (!head.includes(GRAPH_MARKER))
    throw new UserError(
      `${shown} exists and was not written by archon graph; it was left as it is.`,
      "Name another file (archon graph <file>), or move that one away first.",
      "file",
    );
}

export function writeGraph(db: Db, projectRoot: string, file = DEFAULT_GRAPH_FILE): GraphWritten {
  const target = resolve(projectRoot, file);
  const shown = relative(projectRoot, target) || file;
  if (!isInside(projectRoot, target))
    throw new UserError(
      `${file} is outside the project (${projectRoot}); archon writes only inside the project.`,
      "Name a file inside the project, e.g. .archon/graph.html (the default).",
      "file",
    );
  assertOurs(target, shown);
  const { html, model } = graphPage(db, projectRoot);
  writeProjectFile({ root: projectRoot }, target, html);
  return {
    path: shown,
    bytes: Buffer.byteLength(html, "utf8"),
    knowledge_version: model.knowledge_version,
    nodes: model.nodes.length,
    links: model.links.length,
  };
}
