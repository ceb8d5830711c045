// Footer parsers for implementation, testing, review and PR replies: tolerant of prose, strict about fields.
import type { ImplementationFooter } from "../run-model/state.js";

// Read by hand, not by regular expression: a key line with a lazy value between optional spaces and
// emphasis backtracks in cubic time on a long line of spaces, and a reply is text an agent controls.

/** `KEY: value` with an optional bullet and bold or underline emphasis around the key and the value. */
function keyLine(line: string): { key: string; value: string } | null {
  let rest = withoutBullet(line.trim());
  const underlined = rest.startsWith("__");
  rest = withoutEmphasis(rest);
  let end = 0;
  while (end < rest.length && isKeyChar(rest.charCodeAt(end))) end += 1;
  // `__KEY__`: the closing underscores are emphasis, not part of the key.
  if (underlined && end > 2 && rest.startsWith("__", end - 2)) end -= 2;
  if (end === 0) return null;
  const key = rest.slice(0, end);
  rest = withoutEmphasis(rest.slice(end)).trimStart();
  if (!rest.startsWith(":")) return null;
  rest = withoutEmphasis(rest.slice(1).trim()).trim();
  if (rest.endsWith("**") || rest.endsWith("__")) rest = rest.slice(0, -2).trimEnd();
  return { key, value: rest };
}

/** A leading `-`, `*` or `>` list or quote marker, but not the first star of `**bold**`. */
function withoutBullet(text: string): string {
  const first = text[0];
  if (first === "-" || first === ">") return text.slice(1).trimStart();
  if (first === "*" && (!text.startsWith("**") || text.startsWith("***"))) return text.slice(1).trimStart();
  return text;
}

function withoutEmphasis(text: string): string {
  return text.startsWith("**") || text.startsWith("__") ? text.slice(2) : text;
}

function isKeyChar(code: number): boolean {
  return (code >= 65 && code <= 90) || code === 95;
}

/** The text of a `- item` or `* item` line, backticks around it dropped; null for any other line. */
function listItem(line: string): string | null {
  const text = line.trim();
  if ((text[0] !== "-" && text[0] !== "*") || !/\s/.test(text[1] ?? "")) return null;
  let item = text.slice(1).trim();
  if (item.startsWith("`")) item = item.slice(1);
  if (item.endsWith("`")) item = item.slice(0, -1);
  return item === "" || item.includes("`") ? null : item;
}

/** The last value of each `KEY: value` line, with list items that follow an empty value. */
export function footerFields(
  text: string,
  keys: readonly string[],
): Map<string, { value: string; items: string[] }> {
  const wanted = new Set(keys);
  const out = new Map<string, { value: string; items: string[] }>();
  let open: { value: string; items: string[] } | null = null;
  for (const line of text.split(/\r?\n/)) {
    const field = keyLine(line);
    if (field && wanted.has(field.key)) {
      open = { value: field.value.replace(/^`|`$/g, ""), items: [] };
      out.set(field.key, open);
      continue;
    }
    const item = listItem(line);
    if (open && open.value === "" && item) open.items.push(item);
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
  let at = 0;
  for (const line of text.split("\n")) {
    const rest = withoutEmphasis(withoutBullet(line.trim()));
    if (rest.startsWith(firstKey) && rest.slice(firstKey.length).trimStart().startsWith(":")) break;
    at += line.length + 1;
  }
  return text.slice(0, at).trim().slice(0, 2000);
}
