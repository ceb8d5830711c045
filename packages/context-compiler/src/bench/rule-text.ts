// How much rule text a compile answer carries, the measure both byte reports (wire-main.ts, context-cost.ts)
// hold an answer against.
import { answeredDocs } from "../read/compile.js";
import type { CompileResponse } from "../services/compile-service.js";

const utf8 = (s: string | undefined) => Buffer.byteLength(s ?? "", "utf8");

/**
 * The rule text an answer carries (inline bodies and the sections inlined from deferred rules), and every
 * rule it names taken whole: what a server sending each selected rule once, as text, would send at least.
 */
export function ruleText(response: CompileResponse): { carried: number; whole: number } {
  const docs = answeredDocs(response).filter((d) => d.delivery !== "omitted");
  const carried = docs.reduce(
    (n, d) => n + utf8(d.content) + (d.sections ?? []).reduce((m, s) => m + utf8(s.content), 0),
    0,
  );
  return { carried, whole: docs.reduce((n, d) => n + d.content_bytes, 0) };
}
