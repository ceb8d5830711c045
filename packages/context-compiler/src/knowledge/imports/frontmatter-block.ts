// Where a frontmatter block starts and ends, without reading its YAML: the one place the `---` block is
// found, kept apart from frontmatter.ts so that what deploys skills and subagents at a server's start
// does not load the YAML parser.

const BLOCK = /^---[ \t]*\n([\s\S]*?)\n?^---[ \t]*$\n?/m;

/**
 * The leading `---` block: its YAML, the block as written (closing line included) and the text after it;
 * undefined when the text does not start with one.
 */
export function frontmatterBlock(text: string): { yaml: string; head: string; body: string } | undefined {
  if (!text.startsWith("---")) return undefined;
  const match = BLOCK.exec(text);
  if (match?.index !== 0) return undefined;
  return { yaml: match[1] ?? "", head: match[0], body: text.slice(match[0].length) };
}
