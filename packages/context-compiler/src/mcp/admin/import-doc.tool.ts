// import_doc: add or overwrite one approved document and its edges.
import { additiveWrite, defineTool } from "@archon/core";
import { z } from "zod";
import { type ArchonContext, writeContext } from "../../context/archon-context.js";
import { importDoc } from "../../knowledge/import-doc.js";
import { DOC_KINDS, EDGE_TYPES } from "../../vocabulary/knowledge-model.js";
import { LIMITS, list, text } from "../input-limits.js";

export const importDocTool = defineTool({
  name: "import_doc",
  title: "Import a document",
  description:
    "Adds (or overwrites) one document as approved, with its edges, in one transaction that bumps knowledge_version and writes a snapshot. Give inline content or a repo-relative file_path (which must stay inside the project root and becomes source_path). Every edge hint targets this document: path_requires takes a glob, layer_requires a layer, command_requires a command, doc_depends_on the doc_id of a document that depends on this one; use depends_on for what this document depends on. Re-importing overwrites content and adds edges. Warns above 4096 bytes, at 2+ '##' headings, when no edge reaches the document, and on likely secrets.",
  input: {
    doc_id: text(LIMITS.id).min(1),
    title: text(LIMITS.title).min(1),
    kind: z.enum(DOC_KINDS).optional().describe("Default guideline (or the existing kind on re-import)"),
    content: text(LIMITS.content)
      .optional()
      .describe(`Inline text, at most ${LIMITS.content} characters; for a larger file give file_path`),
    file_path: text(LIMITS.path).min(1).optional().describe("Repo-relative file inside the project root"),
    priority: z.number().int().optional().describe("Lower comes first; default 100"),
    edge_hints: list(
      z.object({ edge_type: z.enum(EDGE_TYPES), source_value: text(LIMITS.path).min(1) }),
      LIMITS.edges,
    ).optional(),
    depends_on: list(text(LIMITS.id).min(1), LIMITS.edges)
      .optional()
      .describe("doc_ids this document pulls in"),
    tags: list(text(LIMITS.tag).min(1), LIMITS.tags)
      .optional()
      .describe("Intent tags; replaces the document's tags"),
  },
  output: {
    doc_id: z.string(),
    created: z.boolean(),
    changed: z.boolean(),
    edges_added: z.array(z.number().int()),
    knowledge_version: z.number().int(),
    snapshot_id: z.string().nullable(),
    source_path: z.string().nullable(),
    content_bytes: z.number().int(),
    warnings: z.array(z.string()),
  },
  annotations: { ...additiveWrite, destructiveHint: true },
  run: (args, ctx: ArchonContext) => importDoc(writeContext(ctx), args),
});
