// The knowledge the peer comparison gives archon and each peer alike: the benchmark's generated rules
// reduced to what a glob-per-rule server can hold (globs, a title, a text), and one-file requests, so
// that every server must answer each request with the same set of rules.
import type { SeedDocument, SeedPlan } from "../knowledge/seed-file.js";
import { generateKnowledge } from "./generate-knowledge.js";

/** One rule as every server holds it. */
export interface GlobRule {
  id: string;
  title: string;
  globs: string[];
  content: string;
}

export interface PeerKnowledge {
  rules: GlobRule[];
  /** The same rules as an archon seed: path globs only, no layers, commands, dependencies or tags. */
  plan: SeedPlan;
  /** Distinct repo files, one per request. */
  files: string[];
}

/** The first line of every rule's text, the same in every server. */
export const labelledText = (id: string, text: string) => `Rule ${id}.\n\n${text}`;

/** The rules an answer's text names (labelledText's first lines), sorted. */
export const namedRules = (answer: string) =>
  [...new Set([...answer.matchAll(/^Rule (doc-\d{6})\.$/gm)].map((m) => m[1] as string))].sort();

/** `size` rules and up to `requestCount` one-file requests, deterministic for the same arguments. */
export function peerKnowledge(size: number, requestCount = 64): PeerKnowledge {
  const generated = generateKnowledge(size, 42, requestCount);
  const documents: SeedDocument[] = generated.plan.documents.map((d) => ({
    ...d,
    // A peer's answer holds rule texts only: each text names its rule, so every answer can be checked.
    content: labelledText(d.doc_id, d.content),
    // Templates reach an archon answer only for scaffolding; every rule here is an ordinary one.
    kind: d.kind === "template" ? "guideline" : d.kind,
    layers: [],
    commands: [],
    depends_on: [],
    tags: [],
  }));
  const files = [...new Set(generated.requests.map((r) => r.target_files[0] as string))];
  return {
    rules: documents.map((d) => ({ id: d.doc_id, title: d.title, globs: d.patterns, content: d.content })),
    plan: { documents, layer_rules: [] },
    files,
  };
}
