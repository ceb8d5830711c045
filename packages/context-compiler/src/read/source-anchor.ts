// A source_path may point into a file: `docs/api.md#Error handling` (a `##` section by its heading text)
// or `docs/api.md#L10-L24` (a line range, 1-based, inclusive). Without `#` it is the whole file.

export type SourceAnchor =
  | { kind: "section"; heading: string }
  | { kind: "lines"; start: number; end: number };

export interface SourceRef {
  path: string;
  anchor?: SourceAnchor;
}

const LINES = /^L(\d+)-L(\d+)$/;

export function parseSourceRef(sourcePath: string): SourceRef {
  const hash = sourcePath.indexOf("#");
  if (hash < 0) return { path: sourcePath };
  const path = sourcePath.slice(0, hash);
  const rest = sourcePath.slice(hash + 1);
  const lines = LINES.exec(rest);
  if (lines) return { path, anchor: { kind: "lines", start: Number(lines[1]), end: Number(lines[2]) } };
  return { path, anchor: { kind: "section", heading: rest } };
}

export function formatSourceRef(ref: SourceRef): string {
  if (!ref.anchor) return ref.path;
  return ref.anchor.kind === "lines"
    ? `${ref.path}#L${ref.anchor.start}-L${ref.anchor.end}`
    : `${ref.path}#${ref.anchor.heading}`;
}

/**
 * The anchored part of a file's text, or undefined when the anchor no longer exists. A section runs
 * from its `## heading` line up to the next `#` or `##` heading.
 */
export function extractAnchored(text: string, anchor: SourceAnchor | undefined): string | undefined {
  if (!anchor) return text;
  const lines = text.split("\n");
  if (anchor.kind === "lines") {
    if (anchor.start < 1 || anchor.end < anchor.start || anchor.end > lines.length) return undefined;
    return lines.slice(anchor.start - 1, anchor.end).join("\n");
  }
  const start = lines.findIndex(
    (line) => /^##\s/.test(line) && line.replace(/^##\s+/, "").trim() === anchor.heading,
  );
  if (start < 0) return undefined;
  let end = start + 1;
  while (end < lines.length && !/^#{1,2}\s/.test(lines[end] as string)) end++;
  return lines.slice(start, end).join("\n").trimEnd();
}
