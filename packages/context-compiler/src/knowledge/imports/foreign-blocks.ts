// Blocks another tool keeps inside an instruction file (`<!-- x:start -->` … `<!-- x:end -->`, BEGIN/END
// comments): that tool rewrites them by their markers, so they are never split into rules or moved.

/** A block's lines, 0-based and inclusive of both markers, and the name its markers carry. */
export interface ForeignBlock {
  name: string;
  from: number;
  to: number;
}

const NAMED_START = /^<!--\s*([\w.:/-]+):start\s*-->$/i;
const BEGIN = /^<!--\s*BEGIN\b\s*(.*?)\s*-->$/;

/** The end marker that closes a start line, or undefined when the line starts no block (archon's own aside). */
function closerOf(line: string): { name: string; closes: (l: string) => boolean } | undefined {
  const named = NAMED_START.exec(line);
  if (named) {
    const name = named[1] as string;
    if (name.toLowerCase().startsWith("archon")) return undefined;
    const end = new RegExp(`^<!--\\s*${name.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}:end\\s*-->$`, "i");
    return { name, closes: (l) => end.test(l) };
  }
  const begin = BEGIN.exec(line);
  if (begin) {
    const label = begin[1] as string;
    return {
      name: label === "" ? "BEGIN/END" : label,
      closes: (l) => {
        const end = /^<!--\s*END\b\s*(.*?)\s*-->$/.exec(l);
        return end !== null && end[1] === label;
      },
    };
  }
  return undefined;
}

/**
 * Every marked block of another tool in `lines`, in order. A start marker with no matching end is no
 * block: a marker alone says nothing about where the tool's text stops, so it stays ordinary text.
 */
export function foreignBlocks(lines: readonly string[]): ForeignBlock[] {
  const blocks: ForeignBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const start = closerOf((lines[i] as string).trim());
    if (!start) continue;
    const end = lines.findIndex((l, j) => j > i && start.closes(l.trim()));
    if (end < 0) continue;
    blocks.push({ name: start.name, from: i, to: end });
    i = end;
  }
  return blocks;
}
