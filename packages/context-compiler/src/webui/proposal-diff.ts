// What approving a proposal would change, as lines a reviewer reads: fields, text hunks, edges.
import type { Db } from "@archon/core";
import { structuredPatch } from "diff";
import { getDocument } from "../store/documents.js";
import { getEdge } from "../store/edges.js";
import type { Proposal } from "../store/proposals.js";

export interface DiffLine {
  op: "+" | "-" | " " | "@";
  text: string;
}

const FIELDS = ["title", "kind", "priority", "source_path", "description"] as const;

const shown = (value: unknown) => (value === null || value === undefined ? "(none)" : String(value));

/** A unified diff of two texts, three lines of context, hunk headers as "@" lines. */
function textDiff(before: string, after: string): DiffLine[] {
  const patch = structuredPatch("current", "proposed", before, after, "", "", { context: 3 });
  return patch.hunks.flatMap((h) => [
    { op: "@" as const, text: `@@ -${h.oldStart},${h.oldLines} +${h.newStart},${h.newLines} @@` },
    ...h.lines
      .filter((l) => !l.startsWith("\\"))
      .map((l) => ({ op: l[0] as DiffLine["op"], text: l.slice(1) })),
  ]);
}

const added = (text: string): DiffLine[] => text.split("\n").map((line) => ({ op: "+", text: line }));

/** The change against what the database holds now; a proposal about something gone says so. */
export function proposalDiff(db: Db, proposal: Proposal): DiffLine[] {
  const p = proposal.payload;
  switch (proposal.proposal_type) {
    case "new_doc": {
      const hints = (p.edge_hints as { edge_type: string; source_value: string }[] | undefined) ?? [];
      const deps = (p.depends_on as string[] | undefined) ?? [];
      return [
        { op: "+", text: `document ${shown(p.doc_id)} (${shown(p.kind ?? "guideline")}): ${shown(p.title)}` },
        ...hints.map((h): DiffLine => ({ op: "+", text: `edge ${h.edge_type} ${h.source_value}` })),
        ...deps.map((d): DiffLine => ({ op: "+", text: `edge doc_depends_on ${d}` })),
        ...added(String(p.content ?? "").replace(/\n$/, "")),
      ];
    }
    case "update_doc": {
      const current = getDocument(db, String(p.doc_id));
      if (!current) return [{ op: " ", text: `document ${shown(p.doc_id)} does not exist` }];
      const fields = FIELDS.filter((f) => p[f] !== undefined && p[f] !== current[f]).flatMap(
        (f): DiffLine[] => [
          { op: "-", text: `${f}: ${shown(current[f])}` },
          { op: "+", text: `${f}: ${shown(p[f])}` },
        ],
      );
      const text = typeof p.content === "string" ? textDiff(current.content, p.content) : [];
      return fields.length + text.length === 0 ? [{ op: " ", text: "no change" }] : [...fields, ...text];
    }
    case "add_edge":
      return [
        { op: "+", text: `edge ${shown(p.edge_type)} ${shown(p.source_value)} → ${shown(p.target_doc_id)}` },
      ];
    case "remove_edge": {
      const edge = getEdge(db, Number(p.edge_id));
      return [
        {
          op: "-",
          text: edge
            ? `edge ${edge.edge_id}: ${edge.edge_type} ${edge.source_value} → ${edge.target_doc_id}`
            : `edge ${shown(p.edge_id)} (not found)`,
        },
      ];
    }
    case "deprecate_doc": {
      const current = getDocument(db, String(p.doc_id));
      return [
        { op: "-", text: `document ${shown(p.doc_id)}${current ? `: ${current.title}` : " (not found)"}` },
        ...(typeof p.reason === "string" ? [{ op: " " as const, text: `reason: ${p.reason}` }] : []),
      ];
    }
  }
}
