import { sha256 } from "@archon/core";
import { describe, expect, it } from "vitest";
import { redactionNotice, redactSecrets, redactValue, scanForSecrets } from "./secret-scan.js";

/** The marker a secret becomes: its kind and the first 8 hex digits of its sha256. */
const marker = (kind: string, secret: string) => `[redacted: ${kind} sha256:${sha256(secret).slice(0, 8)}]`;

// Made-up secrets in the shapes the providers issue (AWS's own documentation example for the key pair).
const GITHUB = "ghp_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8";
const AWS_ID = "AKIAIOSFODNN7EXAMPLE";
const AWS_SECRET = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY";
const STRIPE = "sk-live-4eC39HqLyjWDarjtT1zdp7dc";
const GOOGLE = "AIzaSyD-9tSrke72PouQMnMX-a7eZSW0jkFMBWY";
const JWT = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U";
const PEM = "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA7bq\n-----END RSA PRIVATE KEY-----";

const CASES: { kind: string; secret: string; text: (s: string) => string }[] = [
  { kind: "GitHub token", secret: GITHUB, text: (s) => `CI pushes with ${s} for now.` },
  { kind: "GitHub token", secret: `github_pat_11ABCDEFG0${"a1B2c3D4e5".repeat(4)}`, text: (s) => s },
  { kind: "AWS access key id", secret: AWS_ID, text: (s) => `accessKeyId: "${s}",` },
  { kind: "password or secret assignment", secret: AWS_SECRET, text: (s) => `aws_secret_access_key = ${s}` },
  { kind: "Stripe secret key", secret: STRIPE, text: (s) => `Charge with ${s} in staging.` },
  { kind: "Stripe secret key", secret: "sk_live_51H8xYzAbCdEfGhIjKlMn0pQr", text: (s) => `STRIPE_KEY=${s}` },
  { kind: "Google API key", secret: GOOGLE, text: (s) => `maps key ${s}` },
  { kind: "OpenAI API key", secret: "sk-proj-a1B2c3D4e5F6g7H8i9J0k1L2", text: (s) => `OPENAI=${s}` },
  { kind: "Anthropic API key", secret: "sk-ant-api03-a1B2c3D4e5F6g7H8i9J0k1L2", text: (s) => s },
  { kind: "Slack token", secret: "xoxb-123456789012-abcdefghij", text: (s) => `slack: ${s}` },
  {
    kind: "npm token",
    secret: "npm_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8",
    text: (s) => `//registry/:_authToken=${s}`,
  },
  { kind: "JSON web token", secret: JWT, text: (s) => `session=${s}` },
  { kind: "PEM private key", secret: PEM, text: (s) => `The deploy key:\n${s}\nKeep it safe.` },
  {
    kind: "bearer token",
    secret: "abC123dEf456ghI789jkL0",
    text: (s) => `curl -H "Authorization: Bearer ${s}" https://api.example.com`,
  },
  {
    kind: "basic auth credentials",
    secret: "dXNlcjpwYXNzd29yZA==",
    text: (s) => `Authorization: Basic ${s}`,
  },
  {
    kind: "password in a URL",
    secret: "hunter2x",
    text: (s) => `DATABASE_URL=postgres://app:${s}@db:5432/app`,
  },
  { kind: "password or secret assignment", secret: "Tr0ub4dor&3xyz", text: (s) => `DB_PASSWORD=${s}` },
  {
    kind: "password or secret assignment",
    secret: "s3cr3t-Value-99",
    text: (s) => `{"client_secret": "${s}"}`,
  },
  { kind: "high-entropy string", secret: "Zx9Qm2Lp7Vt4Rw8Ks1Nb6Hc3Jd5Fg0Ty", text: (s) => `use ${s} there` },
];

describe("each kind of secret is replaced by a marker holding a short hash of it", () => {
  it.each(CASES)("redacts a $kind and names it in the warning", ({ kind, secret, text }) => {
    expect(redactSecrets(text(secret), "payload.note")).toEqual({
      text: text(marker(kind, secret)),
      warnings: [`Possible ${kind} in payload.note; it was redacted before it was stored.`],
    });
  });

  it("redacts every secret of a text and warns once per kind", () => {
    const other = "ghp_Z9y8X7w6V5u4T3s2R1q0P9o8N7m6L5k4J3i2";
    const text = `First ${GITHUB}, then ${other}, and ${AWS_ID}.`;
    expect(redactSecrets(text)).toEqual({
      text: `First ${marker("GitHub token", GITHUB)}, then ${marker("GitHub token", other)}, and ${marker("AWS access key id", AWS_ID)}.`,
      warnings: [
        "Possible GitHub token in the content; it was redacted before it was stored.",
        "Possible AWS access key id in the content; it was redacted before it was stored.",
      ],
    });
  });

  it("changes nothing when run again over its own output", () => {
    for (const { secret, text } of CASES) {
      const once = redactSecrets(text(secret)).text;
      expect(redactSecrets(once)).toEqual({ text: once, warnings: [] });
    }
  });

  it("gives the same secret the same marker, so texts holding it still compare equal", () => {
    expect(redactSecrets(`a ${GITHUB}`).text.slice(2)).toBe(redactSecrets(`b ${GITHUB}`).text.slice(2));
    expect(redactSecrets(GITHUB).text).not.toBe(redactSecrets(GITHUB.replace("a1", "b1")).text);
  });
});

describe("ordinary rule text is left alone", () => {
  it("keeps commit hashes, uuids, digests, base64 of words, paths, identifiers and references to secrets", () => {
    const text = [
      "Reverted in 3f2c1a9b8e7d6c5b4a39281706f5e4d3c2b1a098 and 9f86d08; see commit 1a2b3c4.",
      "Request ids are uuids such as 123e4567-e89b-12d3-a456-426614174000 or 6F9619FF-8B86-D011-B42D-00C04FC964FF.",
      "The artifact digest is sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08.",
      'The lockfile pins "integrity": "sha512-Q8dN2kUd3nXzV0jJmH7wqf3yZp9cL1bR6aT4sE8vG2kW5oY0uI3xM7nB9cV1zA4==".',
      "Fixtures hold base64 such as aGVsbG8=, c2VjcmV0, VGhpcyBpcyBhIHRlc3Qgb2YgYmFzZTY0IGVuY29kaW5n and Zm9vYmFy.",
      "Keep handlers in packages/context-compiler/src/knowledge/SecretScan2 and src/components/UserProfileCard2/index.tsx.",
      "Name it createUserProfileFromRequestBody2024Handler, not ThisIsAVeryLongCamelCaseIdentifierName1.",
      "Read the key from config: apiKey: process.env.STRIPE_SECRET_KEY, secret: config.auth.jwtSecret.",
      "Types: password: string; secretKey: SecretKeyProvider; accessToken: AccessTokenResponse.",
      'Placeholders stay: password=YOUR_PASSWORD_HERE, api_key="<your key>", auth_token=$GITHUB_TOKEN_2, secret=%APP_SECRET_2%.',
      "privateKey: ./certs/server-key.pem and secret_url: https://vault.example.com/v1/secret/data/app",
      "Call password = hashPasswordWithSalt(input) and never log the password or the secret.",
      "Send the header Authorization: Bearer <token>, or Bearer YOUR_ACCESS_TOKEN in examples.",
      "Connect with postgres://user:password@localhost:5432/app in development.",
      "Ask for a bearer token; a secret is never committed; the password policy needs 12 characters.",
      "Upgrade to v2.14.0-rc.1 by 2026-11-29T12:00:00.000Z; skip sk-learn tutorials.",
    ].join("\n");
    expect(redactSecrets(text)).toEqual({ text, warnings: [] });
  });
});

describe("every string of a value is redacted, keys included", () => {
  it("returns the redacted copy and warnings naming where each secret was", () => {
    const payload = {
      title: `Deploy with ${AWS_ID}`,
      tags: ["ci", GITHUB],
      sections: [{ body: `key ${GOOGLE}` }],
      [GITHUB]: 1,
      count: 3,
      empty: null,
    };
    expect(redactValue(payload, "payload")).toEqual({
      value: {
        title: `Deploy with ${marker("AWS access key id", AWS_ID)}`,
        tags: ["ci", marker("GitHub token", GITHUB)],
        sections: [{ body: `key ${marker("Google API key", GOOGLE)}` }],
        [marker("GitHub token", GITHUB)]: 1,
        count: 3,
        empty: null,
      },
      warnings: [
        "Possible GitHub token in a key of payload; it was redacted before it was stored.",
        "Possible Google API key in payload.sections.0.body; it was redacted before it was stored.",
        "Possible GitHub token in payload.tags.1; it was redacted before it was stored.",
        "Possible AWS access key id in payload.title; it was redacted before it was stored.",
      ],
    });
  });
});

describe("a redacted text says what it held", () => {
  it("names each kind of its markers once, for the person confirming it", () => {
    const text = redactSecrets(`Use ${GITHUB} and ${AWS_ID} and ${GITHUB}.`).text;
    expect(redactionNotice(text)).toBe(
      "This rule looked like it contained a secret (GitHub token, AWS access key id); it was redacted: the stored text keeps a [redacted: …] marker in its place, never the secret.",
    );
    expect(redactionNotice("From now on, keep commits small.")).toBeUndefined();
  });
});

describe("scanning text that is kept as it is", () => {
  it("warns about each kind found without changing anything", () => {
    expect(scanForSecrets(`${AWS_ID} ${GITHUB}`)).toEqual([
      "Possible GitHub token in the content.",
      "Possible AWS access key id in the content.",
    ]);
    expect(scanForSecrets("Nothing secret here.")).toEqual([]);
  });
});
