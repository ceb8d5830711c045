// review_edge_scopes: finds path_requires globs that match most of the project and asks the agent to narrow them.

import { type Db, UserError } from "@archon/core";
import { globProblem } from "../../read/glob.js";
import { pathEdgesWithText } from "../../store/edges.js";
import { type Channel, step } from "../next-step.js";
import { filesByGlob, listProjectFiles } from "../project-files.js";

export const DEFAULT_SCOPE_THRESHOLD = 0.5;
const SAMPLE_SIZE = 10;
const EXCERPT_LINES = 8;

export interface BroadEdge {
  edge_id: number;
  glob: string;
  doc_id: string;
  title: string;
  /** Share of the project's files the glob matches, 0..1 (4 places). */
  share: number;
  matched: number;
  /** The first matched files in path order: the same every time. */
  sample: string[];
  /** The document's first lines: what the rule is about. */
  excerpt: string;
}

export interface EdgeScopeReview {
  threshold: number;
  project_files: { source: "git" | "walk"; count: number; truncated: boolean };
  edges: BroadEdge[];
  instructions: string;
}

export function reviewEdgeScopes(
  ctx: { db: Db; projectRoot: string; channel: Channel },
  input: { threshold?: number },
): EdgeScopeReview {
  const threshold = input.threshold ?? DEFAULT_SCOPE_THRESHOLD;
  if (!(threshold > 0 && threshold <= 1)) {
    throw new UserError(
      `threshold must be above 0 and at most 1, not ${threshold}.`,
      "It is the share of project files a glob must match to count as broad; 0.5 means half.",
      "threshold",
    );
  }
  const project = listProjectFiles(ctx.projectRoot);
  const valid = pathEdgesWithText(ctx.db).filter((r) => !globProblem(r.glob));
  const matched = filesByGlob(
    valid.map((r) => r.glob),
    project.files,
  );
  const total = project.files.length;
  const edges: BroadEdge[] = [];
  for (const row of valid) {
    const files = matched.get(row.glob) ?? [];
    if (total === 0 || files.length / total < threshold) continue;
    edges.push({
      edge_id: row.edge_id,
      glob: row.glob,
      doc_id: row.doc_id,
      title: row.title,
      share: Math.round((files.length / total) * 10_000) / 10_000,
      matched: files.length,
      sample: files.slice(0, SAMPLE_SIZE),
      excerpt: row.content.split("\n").slice(0, EXCERPT_LINES).join("\n"),
    });
  }
  edges.sort((a, b) => b.share - a.share || a.edge_id - b.edge_id);
  return {
    threshold,
    project_files: { source: project.source, count: total, truncated: project.truncated },
    edges,
    instructions: edges.length === 0 ? NOTHING_TO_DO : instructions(ctx.channel),
  };
}

const NOTHING_TO_DO =
  "No path_requires glob matches that share of the project's files; nothing to narrow. Lower threshold to look at narrower globs.";

// Deciding what a rule is really about is a semantic judgement, so archon asks instead of guessing.
const instructions = (channel: Channel) =>
  [
    "Each edge below attaches its document to a large share of the project, so every compile there pays for it.",
    `For each edge: read the document's title and excerpt (${step(channel, "get_document")} gives the full text), decide which files the rule is really about,`,
    "and write one or more narrower repo-relative globs for them (look at the project's folders; the sample shows what the broad glob catches).",
    "Keep an edge as it is when the rule truly applies everywhere: leave it out of your answer.",
    `Then call ${step(channel, "apply_edge_scopes")} with scopes: [{ edge_id, globs: [...] }]. Every glob is checked against the real file list`,
    "(a malformed glob or one matching no file refuses the whole call), and the result is one bundle of remove_edge + add_edge",
    "proposals that a person approves; nothing changes before that.",
  ].join(" ");
