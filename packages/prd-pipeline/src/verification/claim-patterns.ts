// The line patterns that turn PRD text into claims, one small detector per claim family.
import type { ClaimType } from "./types.js";

export interface Detection {
  claim_type: ClaimType;
  /** Id prefix; the extractor numbers it when `numbered`, else appends `key`. */
  prefix: string;
  /** What makes two detections the same claim (duplicates are dropped). */
  key: string;
  numbered: boolean;
}

export interface LineContext {
  sectionType: string;
  line: string;
  lower: string;
  inCode: boolean;
  /** The line heads a table (a separator row follows): column names, never a claim. */
  header: boolean;
}

/**
 * The leading id of a line once bullets, numbering, table pipes and emphasis are stripped, exactly as the
 * PRD writes it: `FR-001`, `AC-012`, `NFR-LOCK-01`.
 */
export function leadingToken(line: string): string {
  const stripped = line.replace(/^[\s|>*_\-+#]*(?:\d+[.)]\s*)?[*_\s]*/, "");
  return /^[A-Za-z]+(?:-[A-Za-z0-9]*[A-Za-z][A-Za-z0-9]*)*-\d+\b/.exec(stripped)?.[0] ?? "";
}

const ARCH_PATTERNS: readonly (readonly [string, (lower: string) => boolean])[] = [
  ["HEXAGONAL", (l) => l.includes("hexagonal") || (l.includes("port") && l.includes("adapter"))],
  ["CQRS", (l) => /\bcqrs\b/.test(l)],
  ["EVENT-SOURCING", (l) => l.includes("event sourcing") || l.includes("event-sourced")],
  ["MICROSERVICES", (l) => l.includes("microservice")],
  ["LAYERED", (l) => l.includes("layered architecture")],
  ["CLEAN", (l) => l.includes("clean architecture")],
  ["PUBSUB", (l) => l.includes("pub/sub") || l.includes("publish/subscribe") || l.includes("message queue")],
  ["REPOSITORY", (l) => l.includes("repository pattern")],
];

const SECURITY_KEYWORDS: readonly (readonly [string, RegExp])[] = [
  ["AUTHN", /\bauthenticat/],
  ["AUTHZ", /\bauthori[sz]|\brbac\b/],
  ["ENCRYPTION", /\bencrypt/],
  ["TLS", /\btls\b|\bhttps\b/],
  ["SECRETS", /\bsecrets?\b/],
  ["THREAT-MODEL", /\bstride\b|threat model/],
  ["OWASP", /\bowasp\b/],
  ["RATE-LIMIT", /rate limit/],
  ["CSRF", /\bcsrf\b/],
  ["XSS", /\bxss\b/],
  ["INJECTION", /\binjection\b/],
  ["MFA", /\bmfa\b|multi-factor/],
];

const NFR_KINDS: readonly (readonly [string, RegExp])[] = [
  ["LATENCY", /latency|\bp9[59]\b|response time|within \d+(?:\.\d+)? ?(?:ms|s|seconds?)\b/],
  ["THROUGHPUT", /throughput|\brps\b|\bqps\b|requests? per second|req\/s/],
  ["FPS", /\bfps\b|frame rate|frames per second/],
  ["STORAGE", /\bstorage\b|\bdisk\b|\d+ ?(?:gb|mb|tb)\b/],
];

const ENDPOINT = /\b(GET|POST|PUT|PATCH|DELETE)\s+(\/[^\s:;,`]*)/;
const DDL = /\bcreate\s+(?:unique\s+)?(table|index|view)\s+(?:if\s+not\s+exists\s+)?([\w."]+)/i;

function slug(text: string, words = 4): string {
  return text
    .toUpperCase()
    .replace(/[^A-Z0-9 ]+/g, " ")
    .trim()
    .split(/\s+/)
    .slice(0, words)
    .join("-");
}

function normal(line: string): string {
  return line.toLowerCase().replace(/\s+/g, " ").trim();
}

function isTableRow(line: string): boolean {
  const t = line.trim();
  return t.startsWith("|") && !/^\|[\s|:-]+\|?$/.test(t);
}

function isBullet(line: string): boolean {
  return /^\s*(?:[-*+]|\d+[.)])\s+/.test(line);
}

/** Every claim a line starts; a line can carry several (an FR row that also names encryption). */
export function detect(ctx: LineContext): Detection[] {
  const { line, lower, sectionType } = ctx;
  const out: Detection[] = [];
  const add = (claim_type: ClaimType, prefix: string, key: string, numbered = true) =>
    out.push({ claim_type, prefix, key, numbered });
  const ddl = DDL.exec(line);
  if (ddl) add("data_model", "DDL", `${ddl[1]?.toLowerCase()}:${ddl[2]?.replace(/"/g, "").toUpperCase()}`);
  if (ctx.inCode || ctx.header) return out;
  const lead = leadingToken(line);
  const upper = lead.toUpperCase();
  if (/^FR-\d+$/.test(upper)) add("fr_traceability", lead, upper, false);
  if (/^AC-\d+$/.test(upper)) add("acceptance_criteria_completeness", lead, upper, false);
  // An NFR the PRD numbers keeps its id; an unnumbered target is named by its kind.
  if (upper.startsWith("NFR-")) add("performance", lead, upper, false);
  else if (/\d/.test(line)) {
    const kind = NFR_KINDS.find(([, re]) => re.test(lower))?.[0];
    if (kind) add("performance", `NFR-${kind}`, `${kind}:${normal(line)}`);
  }
  for (const [name, test] of ARCH_PATTERNS) if (test(lower)) add("architecture", "ARCH", name, false);
  for (const [kw, re] of SECURITY_KEYWORDS) if (re.test(lower)) add("security", "SEC", kw);
  const endpoint = ENDPOINT.exec(line);
  if (endpoint) add("correctness", "API", `${endpoint[1]} ${endpoint[2]}`);
  if (sectionType === "testing" && (isBullet(line) || isTableRow(line)) && lower.includes("test"))
    add("test_coverage", "TEST", normal(line));
  if (sectionType === "risks" && (isBullet(line) || isTableRow(line)) && !/\bmitigation\b/.test(lower))
    add("risk", "RISK", normal(line));
  if (/\btotal\b/.test(lower) && /\d/.test(line) && (isTableRow(line) || /points?/.test(lower)))
    add("story_point_arithmetic", "SP-TOTAL", normal(line));
  return out;
}

/** The id a detection gets, given how many claims with its prefix came before. */
export function claimId(d: Detection, ordinal: number, text: string): string {
  if (!d.numbered) return d.prefix === "ARCH" ? `ARCH-${d.key}` : d.prefix;
  const nn = String(ordinal).padStart(d.prefix === "TEST" ? 3 : 2, "0");
  switch (d.prefix) {
    case "SEC":
      return `SEC-${nn}-${d.key}`;
    case "DDL":
      return `DDL-${nn}-${(d.key.split(":")[1] ?? "")
        .split(".")
        .pop()
        ?.replace(/[^A-Z0-9]+/g, "-")}`;
    case "TEST":
      return `TEST-${nn}-${slug(text, 3)}`;
    case "API":
      return `API-${nn}-${d.key.split(" ")[0]}`;
    default:
      return `${d.prefix}-${nn}`;
  }
}

export const MECHANICAL_CAPABLE: ReadonlySet<ClaimType> = new Set<ClaimType>([
  "correctness",
  "performance",
  "security",
  "data_model",
  "test_coverage",
  "story_point_arithmetic",
  "acceptance_criteria_completeness",
  "cross_file_consistency",
]);

const MECHANICAL_CHECK =
  /\bgrep\b|\bdiff\b|exit (?:code|status)|\bchecksum\b|\bsha-?256\b|\bmd5\b|\bhyperfine\b|timing command|`time |\bwc -l\b|\bjq\b/;

/** The text names a deterministic check and the claim type can be settled by one. */
export function isMechanical(type: ClaimType, text: string): boolean {
  return MECHANICAL_CAPABLE.has(type) && MECHANICAL_CHECK.test(text.toLowerCase());
}
