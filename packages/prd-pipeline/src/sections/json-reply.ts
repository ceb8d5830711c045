// Pulls the first JSON object out of an agent's free-text reply, in one linear scan.

/** The first balanced `{...}` that parses as a JSON object, or null. */
export function extractJsonObject(text: string): Record<string, unknown> | null {
  let start = text.indexOf("{");
  while (start !== -1) {
    const end = balancedEnd(text, start);
    if (end === -1) return null;
    try {
      const parsed: unknown = JSON.parse(text.slice(start, end + 1));
      if (parsed !== null && typeof parsed === "object" && !Array.isArray(parsed)) {
        return parsed as Record<string, unknown>;
      }
    } catch {
      // Not JSON after all (prose with braces); try the next opening brace.
    }
    start = text.indexOf("{", start + 1);
  }
  return null;
}

function balancedEnd(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === "\\") i += 1;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === "{") depth += 1;
    else if (ch === "}") {
      depth -= 1;
      if (depth === 0) return i;
    }
  }
  return -1;
}
