// Reading memory-server recall results into the small, bounded items prompts carry.
import { z } from "zod";

/** One recalled memory as the run state keeps it and prompts carry it. */
export const recallItemSchema = z.object({ content: z.string(), score: z.number().nullable() });
export type RecallItem = z.infer<typeof recallItemSchema>;

export const RECALL_MAX_RESULTS = 8;
export const RECALL_MAX_CHARS = 800;

/** Parses the memory server's `{ results: [{ content, score }] }`; anything else yields no items. */
export function parseRecall(data: unknown): RecallItem[] {
  let value = data;
  if (typeof value === "string") {
    try {
      value = JSON.parse(value);
    } catch {
      return [];
    }
  }
  if (value === null || typeof value !== "object") return [];
  const results = (value as { results?: unknown }).results;
  if (!Array.isArray(results)) return [];
  const items: RecallItem[] = [];
  for (const entry of results) {
    if (items.length >= RECALL_MAX_RESULTS) break;
    if (entry === null || typeof entry !== "object") continue;
    const content = (entry as { content?: unknown }).content;
    const score = (entry as { score?: unknown }).score;
    if (typeof content !== "string" || content.trim() === "") continue;
    items.push({
      content: content.slice(0, RECALL_MAX_CHARS),
      score: typeof score === "number" && Number.isFinite(score) ? score : null,
    });
  }
  return items;
}

export function recallBlock(items: readonly RecallItem[], tag = "codebase_context"): string {
  if (items.length === 0) return "";
  const body = items.map((item, i) => `[${i + 1}] ${item.content}`).join("\n");
  return `<${tag}>\n${body}\n</${tag}>`;
}
