// The shapes of real credentials (cloud keys, API keys, bearer and JWT tokens, private-key blocks) and of the
// placeholders that stand in for them, read token by token so the work stays linear in the text.

/** A value that only stands for a secret: `<API_KEY>`, `${TOKEN}`, `{{ secret }}`, `xxxx`, `...EXAMPLE`. */
export function isPlaceholder(value: string): boolean {
  const lower = value.toLowerCase();
  if (/[<>]|\$\{|\{\{|^\$|^%|\.\.\.|…/.test(value)) return true;
  if (/x{4,}|\*{3,}|0{6,}/.test(lower)) return true;
  if (
    ["example", "placeholder", "redacted", "changeme", "your_", "your-", "dummy", "sample"].some((w) =>
      lower.includes(w),
    )
  )
    return true;
  return new Set(value.replace(/^(?:sk|rk)[-_](?:live|test|proj)?[-_]?/i, "")).size < 6;
}

interface Shape {
  name: string;
  matches(token: string): boolean;
}

const SHAPES: readonly Shape[] = [
  { name: "AWS access key id", matches: (t) => /^(?:AKIA|ASIA)[A-Z0-9]{16}$/.test(t) },
  {
    name: "secret API key",
    matches: (t) => /^(?:sk|rk)[-_](?:(?:live|test|proj)[-_])?[A-Za-z0-9_-]{16,}$/.test(t),
  },
  { name: "JWT", matches: (t) => /^eyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}$/.test(t) },
  { name: "GitHub token", matches: (t) => /^gh[pousr]_[A-Za-z0-9]{30,}$/.test(t) },
  { name: "Slack token", matches: (t) => /^xox[abprs]-[A-Za-z0-9-]{10,}$/.test(t) },
];

/** A line without any of these cannot hold a credential shape: one cheap scan spares most lines the rest. */
const MAYBE = /AKIA|ASIA|sk[-_]|rk[-_]|eyJ|gh[pousr]_|xox[abprs]-|bearer|PRIVATE KEY/i;

/** What kind of credential the line shows, or null: one answer per line is enough to flag it. */
export function credentialIn(line: string): string | null {
  if (!MAYBE.test(line)) return null;
  if (/-----BEGIN (?:[A-Z]+ )*PRIVATE KEY-----/.test(line)) return "private key block";
  const bearer = /\bbearer\s+([A-Za-z0-9._~+/-]{16,}=*)/i.exec(line);
  if (bearer?.[1] && !isPlaceholder(bearer[1])) return "bearer token";
  for (const token of line.split(/[\s"'`,;()[\]{}<>=:|]+/)) {
    if (token.length < 16 || token.length > 2_000 || isPlaceholder(token)) continue;
    const shape = SHAPES.find((s) => s.matches(token));
    if (shape) return shape.name;
  }
  return null;
}
