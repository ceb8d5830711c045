// Finds likely secrets in text and redacts them. A hit never refuses the text: it is a warning for a
// person and, where Archon stores what an agent sent, a marker in place of the secret.
import { remember, sha256 } from "@archon/core";
import { PATTERNS, type SecretPattern } from "./secret-patterns.js";

/** Shannon entropy in bits per character. */
function entropy(s: string): number {
  const counts = new Map<string, number>();
  for (const ch of s) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let bits = 0;
  for (const n of counts.values()) {
    const p = n / s.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

/** Base64 that decodes to printable text encodes words, not a key. */
function base64OfText(s: string): boolean {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(s) || s.length % 4 !== 0) return false;
  return /^[\t\n\r\x20-\x7e]*$/.test(Buffer.from(s, "base64").toString("latin1"));
}

/**
 * A long run of mixed letters and digits with the spread of random bytes. Commit hashes and uuids are one
 * case of hex, paths and identifiers are made of words (lower entropy), integrity hashes are public.
 */
const HIGH_ENTROPY: SecretPattern = {
  kind: "high-entropy string",
  re: /[A-Za-z0-9+/=_-]{32,}/g,
  accept: (s) =>
    /[a-z]/.test(s) &&
    /[A-Z]/.test(s) &&
    /\d/.test(s) &&
    entropy(s) >= 4.5 &&
    !/^sha(?:1|256|384|512)-/.test(s) &&
    !base64OfText(s),
};

const marker = (kind: string, secret: string) => `[redacted: ${kind} sha256:${sha256(secret).slice(0, 8)}]`;
const MARKER = /\[redacted: ([^\]\n]+?) sha256:[0-9a-f]{8}\]/g;

interface Replaced {
  text: string;
  kinds: readonly string[];
}

/**
 * Short strings (ids, paths, reasons) recur in every audit row: each is scanned once. Bounded, and emptied
 * when full; long texts are rarely seen twice and are not kept.
 */
const SHORT = 512;
const MEMO_LIMIT = 20_000;
const memo = new Map<string, Replaced>();

/** Replaces each secret by its marker; returns the text and the kinds replaced, in first-found order. */
function replaceSecrets(text: string): Replaced {
  if (text.length > SHORT) return scan(text);
  return remember(memo, text, MEMO_LIMIT, () => scan(text));
}

function scan(text: string): Replaced {
  const kinds = new Set<string>();
  let out = text;
  for (const { kind, re, accept } of [...PATTERNS, HIGH_ENTROPY]) {
    out = out.replace(re, (match: string, ...rest: unknown[]) => {
      const groups = rest.at(-1) as Record<string, string | undefined> | undefined;
      const secret = (typeof groups === "object" ? groups?.secret : undefined) ?? match;
      if (accept && !accept(secret)) return match;
      kinds.add(kind);
      const at = match.lastIndexOf(secret);
      return `${match.slice(0, at)}${marker(kind, secret)}${match.slice(at + secret.length)}`;
    });
  }
  return { text: out, kinds: [...kinds] };
}

export interface Redaction {
  text: string;
  /** One warning per kind of secret replaced, naming `where` (the secret itself is never echoed). */
  warnings: string[];
}

/**
 * The text with every likely secret replaced by `[redacted: <kind> sha256:<8 hex>]`. The short hash of
 * the secret keeps two texts holding the same secret equal after redaction (so duplicates still match);
 * the secret itself is gone. Redacting twice changes nothing.
 */
export function redactSecrets(text: string, where = "the content"): Redaction {
  const { text: redacted, kinds } = replaceSecrets(text);
  return {
    text: redacted,
    warnings: kinds.map((k) => `Possible ${k} in ${where}; it was redacted before it was stored.`),
  };
}

/** Warnings naming each kind of likely secret found, for text that is kept as it is (a person's import). */
export function scanForSecrets(text: string): string[] {
  return replaceSecrets(text).kinds.map((k) => `Possible ${k} in the content.`);
}

/**
 * Every string in `value` redacted, object keys too (a free-form payload can carry a secret as a key);
 * `path` names where each warning was found (payload.sections.0.body). Keys are walked in sorted order.
 */
export function redactValue<T>(value: T, path: string): { value: T; warnings: string[] } {
  const warnings: string[] = [];
  const walk = (v: unknown, at: string): unknown => {
    if (typeof v === "string") {
      const r = redactSecrets(v, at);
      warnings.push(...r.warnings);
      return r.text;
    }
    if (Array.isArray(v)) return v.map((item, i) => walk(item, `${at}.${i}`));
    if (v === null || typeof v !== "object") return v;
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(v).sort()) {
      const name = redactSecrets(key, `a key of ${at}`);
      warnings.push(...name.warnings);
      out[name.text] = walk((v as Record<string, unknown>)[key], `${at}.${name.text}`);
    }
    return out;
  };
  return { value: walk(value, path) as T, warnings: [...new Set(warnings)] };
}

/** The kinds of secret whose markers `text` carries, in order, each once. */
function redactedKinds(text: string): string[] {
  return [...new Set([...text.matchAll(MARKER)].map((m) => m[1] as string))];
}

/** What a person confirming `text` is told when it was redacted; undefined when it carries no marker. */
export function redactionNotice(text: string): string | undefined {
  const kinds = redactedKinds(text);
  if (kinds.length === 0) return undefined;
  return `This rule looked like it contained a secret (${kinds.join(", ")}); it was redacted: the stored text keeps a [redacted: …] marker in its place, never the secret.`;
}
