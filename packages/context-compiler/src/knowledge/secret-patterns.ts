// The shapes of secret the scanner knows: each provider's documented token format, then the generic ones.
export interface SecretPattern {
  kind: string;
  /** Global. A named group `secret` is the part replaced (the key or scheme before it stays readable). */
  re: RegExp;
  /** Turns away look-alikes a regular expression cannot tell apart: placeholders, code, plain words. */
  accept?: (secret: string) => boolean;
}

/**
 * `config.db.password`, `process.env.API_KEY`, `${TOKEN}`, `%SECRET%`, `./certs/key.pem`, a URL: where a
 * secret lives, not the secret.
 */
const reference = (s: string) =>
  /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+$/.test(s) ||
  /^(?:[$%~]|\.{0,2}\/|\*+$)/.test(s) ||
  /^[a-z][a-z0-9+.-]*:\/\//i.test(s);
/** Words, type names and placeholders (YOUR_API_KEY) are letters only; a secret has a digit or a symbol. */
const plausible = (s: string) => !reference(s) && /[^A-Za-z_.-]/.test(s);

/**
 * What documentation writes where a URL's password goes. A real password may be letters only
 * (`postgres://app:hunter@db`), so only these words and bracketed names are let through.
 */
const URL_PLACEHOLDER =
  /^(?:pass(?:word|wd)?|pwd|secret|changeme|example|your[\w-]*|(?:db|my|user)[_-]?pass(?:word)?|x+|<[^>]*>|\{+[^}]*\}+|\[[^\]]*\])$/i;
const urlPassword = (s: string) => !reference(s) && !URL_PLACEHOLDER.test(s);

/** Documentation's webhook placeholders end in one repeated character (`XXXXXXXX`); a real token never does. */
const notRepeated = (s: string) => !/^(.)\1*$/.test(s.slice(s.lastIndexOf("/") + 1));

/** The characters a value runs over in an assignment: it stops at quotes, brackets and separators. */
const VALUE = "[^\\s\"'`,;(){}\\[\\]<>]";

// Ordered: a specific kind is named before a generic one could take the same text. A token starts only
// where a run of its characters starts (the look-behinds) or after a fixed word, and what may start
// anywhere is bounded, so the work stays linear in the text whatever an agent sends. A bounded secret
// must end where its run ends, so a longer one is never cut and half left in clear.
export const PATTERNS: readonly SecretPattern[] = [
  {
    kind: "PEM private key",
    // Up to the first END line, or to the end of the text when it was cut: the key is gone either way.
    re: /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----|$)/g,
  },
  {
    kind: "GitHub token",
    re: /(?<![A-Za-z0-9_])(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{40,})(?![A-Za-z0-9_])/g,
  },
  {
    kind: "GitLab token",
    re: /(?<![A-Za-z0-9_-])gl(?:pat|dt|rt|ptt|oas|soat|cbt|imt|ft|agent)-[A-Za-z0-9_-]{20,}(?:\.[A-Za-z0-9_-]+)*/g,
  },
  {
    kind: "Slack token",
    re: /(?<![A-Za-z0-9.-])(?:xoxe\.)?(?:xox[abposer]|xapp)-[A-Za-z0-9-]{10,}(?![A-Za-z0-9-])/g,
  },
  {
    kind: "Slack webhook URL",
    re: /\bhttps?:\/\/hooks\.slack\.com\/(?:services|workflows|triggers)\/(?<secret>[A-Za-z0-9_/-]{16,300})(?![A-Za-z0-9_/-])/g,
    accept: notRepeated,
  },
  {
    kind: "Discord webhook URL",
    re: /\bhttps?:\/\/(?:(?:ptb|canary)\.)?discord(?:app)?\.com\/api\/(?:v\d{1,2}\/)?webhooks\/\d{5,30}\/(?<secret>[A-Za-z0-9_-]{20,200})(?![A-Za-z0-9_-])/g,
    accept: notRepeated,
  },
  { kind: "Stripe secret key", re: /(?<![A-Za-z0-9_-])[rs]k[_-](?:live|test)[_-][A-Za-z0-9]{16,}\b/g },
  { kind: "Anthropic API key", re: /(?<![A-Za-z0-9_-])sk-ant-[A-Za-z0-9_-]{20,}/g },
  { kind: "OpenAI API key", re: /(?<![A-Za-z0-9_-])sk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}/g },
  { kind: "AWS access key id", re: /\b(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}\b/g },
  { kind: "Google API key", re: /\bAIza[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])/g },
  { kind: "Google OAuth client secret", re: /\bGOCSPX-[0-9A-Za-z_-]{28}(?![0-9A-Za-z_-])/g },
  { kind: "npm token", re: /\bnpm_[A-Za-z0-9]{36}\b/g },
  {
    kind: "SendGrid API key",
    re: /(?<![A-Za-z0-9_.-])SG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g,
  },
  { kind: "Twilio API key", re: /(?<![A-Za-z0-9])SK[0-9a-fA-F]{32}(?![A-Za-z0-9])/g },
  {
    kind: "Mailgun API key",
    re: /(?<![A-Za-z0-9_-])(?:key-[0-9a-f]{32}|[0-9a-f]{32}-[0-9a-f]{8}-[0-9a-f]{8})(?![A-Za-z0-9-])/g,
  },
  { kind: "DigitalOcean token", re: /(?<![A-Za-z0-9_])do[por]_v1_[0-9a-f]{64}(?![A-Za-z0-9])/g },
  { kind: "Shopify token", re: /(?<![A-Za-z0-9_])shp(?:at|ca|pa|ss)_[0-9a-fA-F]{32}(?![A-Za-z0-9])/g },
  {
    kind: "Azure access key",
    // Storage and Service Bus connection strings: the account name and endpoint stay readable.
    re: /\b(?:AccountKey|SharedAccessKey)\s{0,8}=\s{0,8}(?<secret>[A-Za-z0-9+/]{20,200}={0,2})(?![A-Za-z0-9+/=])/g,
  },
  {
    kind: "JSON web token",
    re: /(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g,
  },
  {
    kind: "bearer token",
    re: /\bBearer\s+(?<secret>[A-Za-z0-9._~+/-]{16,}=*)/gi,
    accept: plausible,
  },
  {
    kind: "basic auth credentials",
    re: /\bAuthorization\s*[:=]\s*["']?Basic\s+(?<secret>[A-Za-z0-9+/]{8,}={0,2})/gi,
  },
  {
    kind: "password in a URL",
    // Database URLs and basic auth: `scheme://user:password@host`, the user may be empty (redis://:pw@).
    // The password runs to the last `@` of the authority, so one written unencoded is still taken whole.
    re: /(?<![a-z0-9+.-])[a-z][a-z0-9+.-]{0,31}:\/\/[^\s:/?#@]{0,255}:(?<secret>[^\s/?#]{1,255})@/gi,
    accept: urlPassword,
  },
  {
    kind: "password or secret assignment",
    // The value must be whole (not a prefix of a longer run) and not the name of a function being called.
    re: new RegExp(
      `(?:password|passwd|secret|api[_-]?key|access[_-]?token|auth[_-]?token|refresh[_-]?token|private[_-]?key)[A-Za-z0-9_-]{0,40}["']?\\s{0,8}(?:=>|=|:)\\s{0,8}(?<q>["']?)(?<secret>${VALUE}{12,256})(?!${VALUE})\\k<q>(?!\\()`,
      "gi",
    ),
    accept: plausible,
  },
];
