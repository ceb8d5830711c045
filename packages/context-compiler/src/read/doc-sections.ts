// The `##` sections of a document, with the lines they occupy in its source file, so an agent handed a
// long deferred document can open only the parts it needs.
import { parseSourceRef } from "./source-anchor.js";

export interface DocSection {
  heading: string;
  /** 1-based, inclusive, in the source file (not in the stored content) when that offset is known. */
  start: number;
  end: number;
  /** The section's text, heading line included; what is inlined when the section is chosen. */
  text: string;
  bytes: number;
}

const FENCE = /^\s*(```|~~~)/;

/**
 * Where the content starts in its file: a whole file or a line-range anchor gives the offset; a heading
 * anchor does not say (the heading may have moved), so no line ranges are offered for it.
 */
export function lineOffset(sourcePath: string): number | undefined {
  const ref = parseSourceRef(sourcePath);
  if (!ref.anchor) return 0;
  return ref.anchor.kind === "lines" ? ref.anchor.start - 1 : undefined;
}

/** `##` sections, each up to the next `#`/`##` heading outside a code fence; text before the first is not one. */
export function sectionsOf(content: string, offset: number): DocSection[] {
  const lines = content.split("\n");
  const headings: number[] = [];
  let fenced = false;
  lines.forEach((line, i) => {
    if (FENCE.test(line)) fenced = !fenced;
    else if (!fenced && /^#{1,2}\s/.test(line)) headings.push(i);
  });
  const sections: DocSection[] = [];
  headings.forEach((at, k) => {
    const line = lines[at] as string;
    if (!/^##\s/.test(line)) return;
    let last = (headings[k + 1] ?? lines.length) - 1;
    while (last > at && (lines[last] as string).trim() === "") last--;
    const text = lines.slice(at, last + 1).join("\n");
    sections.push({
      heading: line.replace(/^##\s+/, "").trim(),
      start: offset + at + 1,
      end: offset + last + 1,
      text,
      bytes: Buffer.byteLength(text, "utf8"),
    });
  });
  return sections;
}
