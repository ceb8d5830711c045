import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { validateSection } from "./validate-section.js";

const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".split("");
const UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".split("");
const word = (chars: string[], min: number, max: number) =>
  fc
    .array(fc.constantFrom(...chars), { minLength: min, maxLength: max })
    .map((a) => a.join(""))
    .filter((s) => new Set(s).size >= 8 && !/x{4}|example|sample|dummy/i.test(s));

/** Credentials with the shapes real providers issue. */
const credential = fc.oneof(
  word(UPPER, 16, 16).map((s) => `AKIA${s}`),
  word(ALNUM, 24, 48).map((s) => `sk-${s}`),
  word(ALNUM, 24, 48).map((s) => `sk-live-${s}`),
  word(ALNUM, 24, 48).map((s) => `sk_live_${s}`),
  fc
    .tuple(word(ALNUM, 12, 30), word(ALNUM, 12, 30), word(ALNUM, 20, 43))
    .map(([h, p, s]) => `eyJ${h}.eyJ${p}.${s}`),
);

/** The ways a PRD writes a credential down: in code, in a config sample, in prose, as a header. */
const inContext = fc.oneof(
  credential.map((c) => `\`\`\`ts\nconst client = new Client({ accessKeyId: "${c}" });\n\`\`\``),
  credential.map((c) => `\`\`\`yaml\nstripe:\n  key: ${c}\n\`\`\``),
  credential.map((c) => `Use the key ${c} for the staging account.`),
  word(ALNUM, 24, 60).map((t) => `Send \`Authorization: Bearer ${t}\` with every call.`),
  fc.constant("```\n-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA\n-----END RSA PRIVATE KEY-----\n```"),
  fc.constant("-----BEGIN OPENSSH PRIVATE KEY-----"),
);

// Shell and template interpolations, written with a "$" joined on so they read as the literal text they are.
const DOLLAR = "$";
const placeholder = fc.constantFrom(
  "<API_KEY>",
  `${DOLLAR}{TOKEN}`,
  `${DOLLAR}{process.env.STRIPE_KEY}`,
  "{{ secrets.AWS_ACCESS_KEY_ID }}",
  "sk-xxxxxxxxxxxxxxxxxxxxxxxx",
  "AKIAXXXXXXXXXXXXXXXX",
  "AKIAIOSFODNN7EXAMPLE",
  "<your-token-here>",
  "sk-live-...",
);
const withPlaceholder = fc.oneof(
  placeholder.map((p) => `\`\`\`ts\nconst client = new Client({ accessKeyId: "${p}" });\n\`\`\``),
  placeholder.map((p) => `Send \`Authorization: Bearer ${p}\` with every call.`),
  placeholder.map((p) => `\`\`\`\nSTRIPE_KEY=${p}\napi_key: "${p}"\n\`\`\``),
  placeholder.map((p) => `The key (${p}) comes from the vault at deploy time.`),
);

const spec = (body: string) =>
  `## Technical Specification\n\nThe export service signs requests; secrets come from the vault.\n\n${body}\n`;
const secretFindings = (body: string) =>
  validateSection("technical_specification", spec(body)).violations.filter(
    (v) => v.rule === "no_hardcoded_secrets",
  );

describe("the hard-coded secrets rule", () => {
  it("catches AWS key ids, sk- keys, JWTs, bearer tokens and private-key blocks, in code and in prose", () => {
    fc.assert(
      fc.property(inContext, (body) => {
        const found = secretFindings(body);
        expect(found.length).toBeGreaterThan(0);
        expect(found.every((v) => v.critical)).toBe(true);
      }),
      { numRuns: 300, seed: 13 },
    );
  });

  it("never flags a placeholder that stands for a secret", () => {
    fc.assert(
      fc.property(withPlaceholder, (body) => {
        expect(secretFindings(body)).toEqual([]);
      }),
      { numRuns: 200, seed: 13 },
    );
  });
});
