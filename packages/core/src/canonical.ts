// Canonical JSON and hashing: the bytes that determinism is checked on.
import { createHash } from "node:crypto";
import { canonicalDigest } from "./canonical-digest.js";

/** JSON with object keys sorted at every depth and no whitespace; undefined members are dropped. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === "object") {
    // No prototype: a key named "__proto__" (JSON.parse makes it an own key) stays a key, not a prototype.
    const out: Record<string, unknown> = Object.create(null);
    for (const key of Object.keys(value).sort()) {
      const member = (value as Record<string, unknown>)[key];
      if (member !== undefined) out[key] = sortKeys(member);
    }
    return out;
  }
  return value;
}

/** Lower-case hex sha256 of a UTF-8 string or bytes. */
export function sha256(data: string | Uint8Array): string {
  return createHash("sha256").update(data).digest("hex");
}

/** sha256 of the canonical JSON of a value, fed to the hash as the value is walked (canonical-digest.ts). */
export function hashCanonical(value: unknown): string {
  return canonicalDigest(value);
}
