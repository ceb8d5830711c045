// Secret scanning over every string in an observation payload. A hit is a warning, never a refusal.
import { scanForSecrets } from "../secret-scan.js";

/** Each string value with its path (payload.note, payload.sections.0.body), in key order. */
function stringsOf(value: unknown, path: string, out: { path: string; text: string }[]): void {
  if (typeof value === "string") out.push({ path, text: value });
  else if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) stringsOf(item, `${path}.${i}`, out);
  } else if (value !== null && typeof value === "object") {
    for (const key of Object.keys(value).sort())
      stringsOf((value as Record<string, unknown>)[key], `${path}.${key}`, out);
  }
}

/** Warnings naming the field and the kind of each likely secret (the secret itself is never echoed). */
export function secretWarnings(payload: Record<string, unknown>): string[] {
  const strings: { path: string; text: string }[] = [];
  stringsOf(payload, "payload", strings);
  const warnings = strings.flatMap(({ path, text }) =>
    scanForSecrets(text).map((w) =>
      w.replace(/in the content\.$/, `in ${path}; the observation was recorded anyway.`),
    ),
  );
  return [...new Set(warnings)];
}
