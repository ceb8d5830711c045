// How the peer comparison (peers-main.ts) drives each peer MCP server, built from its own sources in a
// folder outside this repository: where its rule files go and in what form, how it starts on stdio, the
// call that asks for one file's rules, and which rules its answer names. Facts about each peer come from
// its sources and README; none of its code is here.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type GlobRule, namedRules } from "./peer-rules.js";

export interface PeerCall {
  name: string;
  arguments: Record<string, unknown>;
}

export interface PeerAdapter {
  /** Writes `rules` where the peer reads them for the project at `root`. */
  writeRules(root: string, rules: readonly GlobRule[]): void;
  /** The stdio command of the peer built in `folder`, serving the project at `root`. */
  command(
    folder: string,
    root: string,
  ): { command: string; args: string[]; cwd?: string; env?: Record<string, string> };
  /** The call that asks for the rules of one repo-relative file. */
  call(file: string): PeerCall;
  /** The rules an answer names. */
  ruleIds(result: unknown): string[];
}

/** The text of a tool answer's text items, joined. */
function answerText(result: unknown): string {
  const content = (result as { content?: { type: string; text?: string }[] }).content ?? [];
  return content.map((c) => (c.type === "text" ? (c.text ?? "") : "")).join("\n");
}

const quoted = (glob: string) => JSON.stringify(glob);

/**
 * dynamic-context-mcp 1.0.11: one `.md` per rule directly in the folder given as its first argument
 * (`trigger: glob` and a YAML list of `globs`, matched with minimatch), every file read again on every
 * call, and one tool, `get_context_for_file({ filePath })`, answering the matching rules' bodies.
 */
const dynamicContextMcp: PeerAdapter = {
  writeRules(root, rules) {
    const dir = join(root, ".agent", "rules");
    mkdirSync(dir, { recursive: true });
    for (const rule of rules) {
      const globs = rule.globs.map((g) => `  - ${quoted(g)}`).join("\n");
      writeFileSync(
        join(dir, `${rule.id}.md`),
        `---\ntrigger: glob\nglobs:\n${globs}\n---\n\n${rule.content}\n`,
      );
    }
  },
  command: (folder, root) => ({
    command: process.execPath,
    args: [join(folder, "dist", "index.js"), join(root, ".agent", "rules")],
    cwd: root,
  }),
  call: (file) => ({ name: "get_context_for_file", arguments: { filePath: file } }),
  ruleIds: (result) => namedRules(answerText(result)),
};

/**
 * markdown-rules-mcp 0.2.5: any `.md` the MARKDOWN_INCLUDE globs find under PROJECT_ROOT (front matter
 * `globs`, matched with micromatch and `dot: true`), all read once at start; the tool
 * `get_relevant_docs({ attachedFiles })` answers each matching rule's text in a `<doc>` element. Relative
 * paths resolve against its working folder, so it starts in the project.
 */
const markdownRulesMcp: PeerAdapter = {
  writeRules(root, rules) {
    const dir = join(root, "docs", "rules");
    mkdirSync(dir, { recursive: true });
    for (const rule of rules) {
      const globs = `[${rule.globs.map(quoted).join(", ")}]`;
      writeFileSync(join(dir, `${rule.id}.md`), `---\nglobs: ${globs}\n---\n${rule.content}\n`);
    }
  },
  command: (folder, root) => ({
    command: process.execPath,
    args: [join(folder, "build", "index.js")],
    cwd: root,
    env: { PROJECT_ROOT: root, MARKDOWN_INCLUDE: "docs/rules/**/*.md", LOG_LEVEL: "warn" },
  }),
  call: (file) => ({ name: "get_relevant_docs", arguments: { attachedFiles: [file] } }),
  ruleIds: (result) => namedRules(answerText(result)),
};

export const PEER_ADAPTERS: Record<string, PeerAdapter> = {
  "dynamic-context-mcp": dynamicContextMcp,
  "markdown-rules-mcp": markdownRulesMcp,
};
