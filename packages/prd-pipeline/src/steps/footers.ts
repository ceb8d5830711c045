// Footer parsers for implementation, testing, review and PR replies: tolerant of prose, strict about fields.
import type { ImplementationFooter } from "../pipeline/state.js";

const KEY_LINE =
  /^\s*(?:[-*>]\s*)?(?:\*\*|__)?([A-Z_]+)(?:\*\*|__)?\s*:\s*(?:\*\*|__)?\s*(.*?)\s*(?:\*\*|__)?\s*$/;

/** The last value of each `KEY: value` line, with list items that follow an empty value. */
export function footerFields(
  text: string,
  keys: readonly string[],
): Map<string, { value: string; items: string[] }> {
  const wanted = new Set(keys);
  const out = new Map<string, { value: string; items: string[] }>();
  let open: { value: string; items: string[] } | null = null;
  for (const line of text.split(/\r?\n/)) {
    const m = KEY_LINE.exec(line);
    const key = m?.[1]?.toUpperCase();
    if (m && key && wanted.has(key)) {
      open = { value: (m[2] ?? "").replace(/^`|`$/g, ""), items: [] };
      out.set(key, open);
      continue;
    }
    const item = /^\s*[-*]\s+`?([^`]+?)`?\s*$/.exec(line);
    if (open && open.value === "" && item?.[1]) open.items.push(item[1]);
    else if (line.trim() !== "") open = null;
  }
  return out;
}

function list(field: { value: string; items: string[] } | undefined): string[] {
  if (!field) return [];
  const inline = field.value
    .split(/[,;]/)
    .map((s) => s.trim().replace(/^`|`$/g, ""))
    .filter((s) => s !== "" && !/^(none|n\/a|-)$/i.test(s));
  return [...inline, ...field.items.map((s) => s.trim())].filter((s) => s !== "");
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

export function parseImplementationFooter(text: string): Parsed<ImplementationFooter> {
  const f = footerFields(text, ["BRANCH", "WORKTREE", "SHA", "FILES"]);
  const missing = ["BRANCH", "WORKTREE", "SHA", "FILES"].filter((k) => !f.has(k));
  if (missing.length > 0) return { ok: false, error: `footer lacks ${missing.join(", ")}` };
  const branch = f.get("BRANCH")?.value ?? "";
  const worktree = f.get("WORKTREE")?.value ?? "";
  const sha = f.get("SHA")?.value ?? "";
  const files = list(f.get("FILES"));
  if (!/^[\w][\w./-]*$/.test(branch) || branch.includes(".."))
    return { ok: false, error: `BRANCH "${branch}" is not a branch name` };
  if (!/^(?:\/|[A-Za-z]:[\\/])\S*/.test(worktree))
    return { ok: false, error: `WORKTREE "${worktree}" is not an absolute path` };
  if (!/^[0-9a-f]{7,40}$/i.test(sha)) return { ok: false, error: `SHA "${sha}" is not a commit hash` };
  if (files.length === 0) return { ok: false, error: "FILES names no file" };
  return { ok: true, value: { branch, worktree, sha: sha.toLowerCase(), files } };
}

export function parseTestFooter(text: string): { status: "PASS" | "FAIL" | "UNKNOWN"; failures: string[] } {
  const f = footerFields(text, ["TESTS", "FAILURES"]);
  const word = (f.get("TESTS")?.value ?? "").toUpperCase().split(/\s/)[0];
  const status = word === "PASS" || word === "FAIL" ? word : "UNKNOWN";
  return { status, failures: list(f.get("FAILURES")).slice(0, 20) };
}

export function parseReviewFooter(text: string): { verdict: "PASS" | "FAIL"; findings: string[] } | null {
  const f = footerFields(text, ["VERDICT", "FINDINGS"]);
  const word = (f.get("VERDICT")?.value ?? "").toUpperCase().split(/\s/)[0];
  if (word !== "PASS" && word !== "FAIL") return null;
  return { verdict: word, findings: list(f.get("FINDINGS")).slice(0, 20) };
}

export function parsePrFooter(text: string): string | null {
  const url = footerFields(text, ["PR_URL"]).get("PR_URL")?.value ?? "";
  return /^https?:\/\/\S+$/.test(url) ? url : null;
}

/** The reply without its footer lines: the engineer's own summary. */
export function bodyBeforeFooter(text: string, firstKey: string): string {
  const at = text.search(new RegExp(`^\\s*(?:[-*>]\\s*)?(?:\\*\\*)?${firstKey}\\s*:`, "m"));
  return (at === -1 ? text : text.slice(0, at)).trim().slice(0, 2000);
}
