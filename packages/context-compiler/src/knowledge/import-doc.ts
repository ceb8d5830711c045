// import_doc: one document, approved directly, with its edges and tags, through the one commit path.
import { UserError } from "@archon/core";
import { AUTO_INLINE_LIMIT } from "../read/allocate-budget.js";
import {
  type DocumentRow,
  docIdInUse,
  documentState,
  getDocument,
  upsertDocument,
} from "../store/documents.js";
import { addEdge, approvedEdgeReaches } from "../store/edges.js";
import { setDocTags } from "../store/tags.js";
import { DOC_ID_PATTERN, type DocKind } from "../vocabulary/knowledge-model.js";
import { commitKnowledge } from "./approval/commit-knowledge.js";
import {
  isChanged,
  type KnowledgeChange,
  noChange,
  recordDocumentWrite,
} from "./approval/knowledge-change.js";
import { type EdgeHint, edgeHintProblems } from "./edge-hints.js";
import { readProjectFile } from "./project-path.js";
import { scanForSecrets } from "./secret-scan.js";
import { assertAdminSurface } from "./surface.js";
import type { WriteContext } from "./write-context.js";

export interface ImportDocInput {
  doc_id: string;
  title: string;
  kind?: DocKind;
  content?: string;
  file_path?: string;
  priority?: number;
  edge_hints?: EdgeHint[];
  depends_on?: string[];
  tags?: string[];
}

export interface ImportDocResult {
  doc_id: string;
  created: boolean;
  changed: boolean;
  edges_added: number[];
  knowledge_version: number;
  snapshot_id: string | null;
  source_path: string | null;
  content_bytes: number;
  warnings: string[];
}

export function importDoc(ctx: WriteContext, input: ImportDocInput): ImportDocResult {
  assertAdminSurface(ctx.surface, "import_doc");
  const { file, content } = checkedContent(ctx, input);
  const warnings = contentWarnings(content);
  const before = getDocument(ctx.db, input.doc_id);
  const result = commitKnowledge(ctx, (version) => ({
    change: writeImport(ctx, input, { content, source_path: file?.relative ?? null, before }, version),
    value: undefined,
  }));
  warnings.push(...result.warnings);
  if (!approvedEdgeReaches(ctx.db, input.doc_id)) {
    warnings.push(
      "No edges reach this document, so no compile can deliver it. Add edge_hints (a path glob, a layer or a command).",
    );
  }
  return {
    doc_id: input.doc_id,
    created: before === undefined,
    changed: isChanged(result.change),
    edges_added: result.change.edges_added,
    knowledge_version: result.knowledge_version,
    snapshot_id: result.snapshot_id,
    source_path: file?.relative ?? null,
    content_bytes: Buffer.byteLength(content, "utf8"),
    warnings,
  };
}

/** Refuses a bad doc_id, a missing or doubled source, and edges that could not land; returns the text to store. */
function checkedContent(ctx: WriteContext, input: ImportDocInput) {
  if (!DOC_ID_PATTERN.test(input.doc_id)) {
    throw new UserError(
      `doc_id "${input.doc_id}" is not valid.`,
      "Use letters, digits, '.', '_' or '-' (up to 128 characters), starting with a letter or digit.",
      "doc_id",
    );
  }
  if ((input.content === undefined) === (input.file_path === undefined)) {
    throw new UserError("Give exactly one of content or file_path.", undefined, "content");
  }
  const file = input.file_path !== undefined ? readProjectFile(ctx.projectRoot, input.file_path) : undefined;
  const problems = (input.edge_hints ?? []).flatMap((h) =>
    edgeHintProblems(ctx.db, input.doc_id, h, new Set([input.doc_id])),
  );
  for (const dep of input.depends_on ?? []) {
    if (!docIdInUse(ctx.db, dep)) {
      problems.push(`depends_on names unknown document "${dep}"`);
    }
  }
  if (problems.length > 0)
    throw new UserError(`import_doc refused: ${problems.join("; ")}.`, undefined, "edge_hints");
  return { file, content: file ? file.text : (input.content as string) };
}

/** Advice on the text itself (size, several topics, secrets); none of it stops the import. */
function contentWarnings(content: string): string[] {
  const warnings: string[] = [];
  const bytes = Buffer.byteLength(content, "utf8");
  if (bytes > AUTO_INLINE_LIMIT) {
    warnings.push(
      `The document is ${bytes} bytes (over ${AUTO_INLINE_LIMIT}); under content_mode auto it is deferred, never inlined. Consider splitting it.`,
    );
  }
  const headings = content.split("\n").filter((line) => /^##\s/.test(line)).length;
  if (headings >= 2) {
    warnings.push(
      `The document has ${headings} '##' sections; one topic per document retrieves better. Consider splitting it.`,
    );
  }
  warnings.push(...scanForSecrets(content));
  return warnings;
}

/** Inside the commit: the approved document, its edge hints and dependencies as edges, and its tags. */
function writeImport(
  ctx: WriteContext,
  input: ImportDocInput,
  doc: { content: string; source_path: string | null; before: DocumentRow | undefined },
  version: number,
): KnowledgeChange {
  const change = noChange();
  const state = documentState(ctx.db, input.doc_id);
  const written = upsertDocument(
    ctx.db,
    {
      doc_id: input.doc_id,
      title: input.title,
      kind: input.kind ?? doc.before?.kind ?? "guideline",
      content: doc.content,
      status: "approved",
      source_path: doc.source_path,
      priority: input.priority ?? doc.before?.priority ?? 100,
    },
    version,
  );
  if (written) recordDocumentWrite(change, input.doc_id, state);
  const edges = [
    ...(input.edge_hints ?? []).map((h) => ({ ...h, target_doc_id: input.doc_id })),
    ...(input.depends_on ?? []).map((dep) => ({
      edge_type: "doc_depends_on" as const,
      source_value: input.doc_id,
      target_doc_id: dep,
    })),
  ];
  for (const edge of edges) {
    const added = addEdge(ctx.db, edge, version);
    if (added.created) change.edges_added.push(added.edge_id);
  }
  if (input.tags) setDocTags(ctx.db, input.doc_id, input.tags);
  return change;
}
