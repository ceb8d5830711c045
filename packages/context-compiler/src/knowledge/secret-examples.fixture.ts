// Made-up secrets in every shape the scanner knows, in the text they come in, for tests to paste anywhere.
import { sha256 } from "@archon/core";

const BASE62 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const BASE64URL = `${BASE62}-_`;
const BASE64 = `${BASE62}+/`;
const HEX = "0123456789abcdef";

/**
 * `length` characters of `alphabet` drawn from sha256 chains of `seed`: random-looking and fixed per seed,
 * so no real key is ever committed, and no key-shaped literal either (prefixes are joined at run time).
 */
export function fake(seed: string, length: number, alphabet = BASE62): string {
  let out = "";
  for (let block = sha256(seed); out.length < length; block = sha256(block))
    for (let i = 0; i + 2 <= block.length && out.length < length; i += 2)
      out += alphabet[Number.parseInt(block.slice(i, i + 2), 16) % alphabet.length];
  return out;
}

export interface SecretExample {
  kind: string;
  /** What the marker replaces: the whole token, or the part after a readable name or scheme. */
  secret: string;
  /** The secret in the text it would come in. */
  text: (secret: string) => string;
}

const digits = (seed: string, n: number) => fake(seed, n, "0123456789");
const pem = (label: string) =>
  `-----BEGIN ${label}-----\n${fake(label, 64, BASE64)}\n${fake(`${label}2`, 40, BASE64)}=\n-----END ${label}-----`;

export const SECRET_EXAMPLES: readonly SecretExample[] = [
  { kind: "PEM private key", secret: pem("OPENSSH PRIVATE KEY"), text: (s) => `id_ed25519:\n${s}\n` },
  { kind: "PEM private key", secret: pem("EC PRIVATE KEY"), text: (s) => `key: |\n${s}` },
  { kind: "PEM private key", secret: pem("PGP PRIVATE KEY BLOCK"), text: (s) => `Signing key ${s}` },
  { kind: "GitHub token", secret: `gh${"o_"}${fake("gho", 36)}`, text: (s) => `oauth=${s}` },
  { kind: "GitHub token", secret: `gh${"s_"}${fake("ghs", 36)}`, text: (s) => `GITHUB_TOKEN: ${s}` },
  {
    kind: "GitHub token",
    secret: `github${"_pat_"}${fake("pat1", 22)}_${fake("pat2", 59)}`,
    text: (s) => `git clone https://${s}@github.com/acme/app.git`,
  },
  {
    kind: "GitLab token",
    secret: `gl${"pat-"}${fake("glpat", 20, BASE64URL)}`,
    text: (s) => `GL_TOKEN=${s}`,
  },
  {
    kind: "Slack token",
    secret: `xo${"xb-"}${digits("team", 12)}-${digits("bot", 13)}-${fake("xoxb", 24)}`,
    text: (s) => `SLACK_BOT_TOKEN=${s}`,
  },
  {
    kind: "Slack token",
    secret: `xa${"pp-1-"}A${digits("app", 10)}-${digits("xapp", 13)}-${fake("xapp", 64, HEX)}`,
    text: (s) => `socket mode with ${s}`,
  },
  {
    kind: "Slack token",
    secret: `xo${"xe.xoxp-1-"}${fake("xoxe", 140)}`,
    text: (s) => `rotated user token ${s}`,
  },
  {
    kind: "Slack webhook URL",
    secret: `T${fake("T", 10, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")}/B${fake("B", 10, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")}/${fake("hook", 24)}`,
    text: (s) => `Alerts post to https://hooks.slack.com/services/${s} on failure.`,
  },
  {
    kind: "Discord webhook URL",
    secret: fake("discord", 68, BASE64URL),
    text: (s) => `DISCORD_WEBHOOK=https://discord.com/api/webhooks/${digits("id", 18)}/${s}`,
  },
  {
    kind: "Stripe secret key",
    secret: `sk${"_live_"}51${fake("sk", 97)}`,
    text: (s) => `STRIPE_SECRET_KEY=${s}`,
  },
  {
    kind: "Stripe secret key",
    secret: `rk${"_live_"}${fake("rk", 24)}`,
    text: (s) => `restricted key ${s}.`,
  },
  { kind: "Stripe secret key", secret: `sk${"_test_"}${fake("skt", 24)}`, text: (s) => `"${s}"` },
  {
    kind: "Anthropic API key",
    secret: `sk${"-ant-api03-"}${fake("ant", 93, BASE64URL)}AA`,
    text: (s) => `ANTHROPIC_API_KEY=${s}`,
  },
  { kind: "OpenAI API key", secret: `sk${"-proj-"}${fake("proj", 156, BASE64URL)}`, text: (s) => `key ${s}` },
  { kind: "OpenAI API key", secret: `sk${"-svcacct-"}${fake("svc", 80, BASE64URL)}`, text: (s) => `(${s})` },
  {
    kind: "AWS access key id",
    secret: `AS${"IA"}${fake("asia", 16, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")}`,
    text: (s) => s,
  },
  {
    kind: "password or secret assignment",
    secret: fake("aws-secret", 40, BASE64),
    text: (s) => `AWS_SECRET_ACCESS_KEY=${s}`,
  },
  {
    kind: "Google API key",
    secret: `AI${"za"}Sy${fake("google", 33, BASE64URL)}`,
    text: (s) => `<script src="https://maps.googleapis.com/maps/api/js?key=${s}"></script>`,
  },
  {
    kind: "Google OAuth client secret",
    secret: `GOC${"SPX-"}${fake("gocspx", 28, BASE64URL)}`,
    text: (s) => s,
  },
  {
    kind: "npm token",
    secret: `np${"m_"}${fake("npm", 36)}`,
    text: (s) => `//registry.npmjs.org/:_authToken=${s}`,
  },
  {
    kind: "SendGrid API key",
    secret: `S${"G."}${fake("sg1", 22, BASE64URL)}.${fake("sg2", 43, BASE64URL)}`,
    text: (s) => `SENDGRID_API_KEY='${s}'`,
  },
  { kind: "Twilio API key", secret: `S${"K"}${fake("twilio", 32, HEX)}`, text: (s) => `api key sid ${s}` },
  { kind: "Mailgun API key", secret: `ke${"y-"}${fake("mailgun", 32, HEX)}`, text: (s) => `api:${s}` },
  {
    kind: "Mailgun API key",
    secret: `${fake("mg1", 32, HEX)}-${fake("mg2", 8, HEX)}-${fake("mg3", 8, HEX)}`,
    text: (s) => `MAILGUN_KEY=${s}`,
  },
  {
    kind: "DigitalOcean token",
    secret: `do${"p_v1_"}${fake("do", 64, HEX)}`,
    text: (s) => `doctl auth init -t ${s}`,
  },
  {
    kind: "Shopify token",
    secret: `shp${"at_"}${fake("shpat", 32, HEX)}`,
    text: (s) => `X-Shopify-Access-Token: ${s}`,
  },
  {
    kind: "Shopify token",
    secret: `shp${"ss_"}${fake("shpss", 32, HEX)}`,
    text: (s) => `client_secret ${s}`,
  },
  {
    kind: "Azure access key",
    secret: `${fake("azure", 86, BASE64)}==`,
    text: (s) =>
      `DefaultEndpointsProtocol=https;AccountName=acmestore;AccountKey=${s};EndpointSuffix=core.windows.net`,
  },
  {
    kind: "Azure access key",
    secret: `${fake("servicebus", 43, BASE64)}=`,
    text: (s) =>
      `Endpoint=sb://acme.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey=${s}`,
  },
  {
    kind: "JSON web token",
    secret: `ey${"J"}${fake("jwt-h", 34, BASE64URL)}.ey${"J"}${fake("jwt-p", 90, BASE64URL)}.${fake("jwt-s", 43, BASE64URL)}`,
    text: (s) => `Cookie: session=${s}; Path=/`,
  },
  {
    kind: "password in a URL",
    secret: fake("pg", 16),
    text: (s) => `DATABASE_URL=postgresql://app:${s}@db:5432/app`,
  },
  { kind: "password in a URL", secret: fake("my", 12), text: (s) => `mysql://root:${s}@localhost:3306/shop` },
  {
    kind: "password in a URL",
    secret: fake("mongo", 14),
    text: (s) => `mongodb+srv://admin:${s}@cluster0.ab1cd.mongodb.net/test?retryWrites=true`,
  },
  {
    kind: "password in a URL",
    secret: fake("redis", 20),
    text: (s) => `REDIS_URL=rediss://:${s}@cache:6380/0`,
  },
  { kind: "password in a URL", secret: fake("amqp", 12), text: (s) => `amqp://worker:${s}@rabbit:5672/jobs` },
  {
    kind: "password in a URL",
    secret: "correcthorsebattery",
    text: (s) => `https://deploy:${s}@git.example.com/app.git`,
  },
  { kind: "password in a URL", secret: `p@ss${digits("at", 4)}`, text: (s) => `postgres://app:${s}@db/app` },
];

/**
 * Text that mentions secrets, or looks a little like one, and holds none: it must come through byte for
 * byte. Each line is one near miss of a kind above.
 */
export const NEAR_MISSES: readonly string[] = [
  "Stripe secret keys start with sk_live_ or rk_live_; never paste one into a rule.",
  "A GitLab token starts with glpat- and a Slack bot token with xoxb-; keep both in the vault.",
  "Clone from https://git@github.com/acme/app.git or https://github.com/acme/app.git.",
  "The replica reads postgres://db.internal:5432/app and redis://cache:6379/0 without credentials.",
  "Write postgres://app:$DB_PASSWORD@db/app, mysql://root:<password>@localhost/shop or amqp://u:{{amqp_pw}}@mq/.",
  "Docs show https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX as the shape.",
  "Fixtures hold base64 of JSON such as eyJuYW1lIjoiYXJjaG9uIn0= and eyJhIjoxfQ, not tokens.",
  "Set AccountKey=<your key> and SharedAccessKey=$SB_KEY from the environment.",
  "Twilio SIDs look like AC and 32 hex digits; SendGrid keys start with SG. and are 69 characters long.",
  "DigitalOcean tokens start with dop_v1_, Shopify ones with shpat_, Google keys with AIza.",
  "An md5 such as 9e107d9d372bb6826bd81d3542a419d6 identifies a file, not an account.",
];
