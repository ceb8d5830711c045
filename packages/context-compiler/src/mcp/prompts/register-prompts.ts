// MCP prompts (archon-review, archon-scaffold, archon-explain) and the workflow guide resource.
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { GetPromptResult } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { WORKFLOW_GUIDE_URI, workflowGuide } from "./workflow-guide.js";

/** `a.ts, b.ts` → a JSON list for the tool call the prompt asks for. */
export const fileList = (text: string) =>
  JSON.stringify(
    text
      .split(",")
      .map((s) => s.trim())
      .filter((s) => s !== ""),
  );

const ask = (text: string): GetPromptResult => ({
  messages: [{ role: "user", content: { type: "text", text } }],
});

export function reviewPrompt(prefix: string, targetFiles: string): string {
  return [
    `Review these files against the project's rules: ${targetFiles}.`,
    "",
    `1. Call ${prefix}compile_context with target_files ${fileList(targetFiles)} and plan "review against the project's rules".`,
    "2. Read every inline rule; read every deferred one where the answer says (a review concerns them all).",
    "3. Review each file against exactly those documents. For every finding give the file, the line, the doc_id it breaks and the fix.",
    "4. Do not invent rules that did not come back. If a rule you expected is missing, say so and report it with " +
      `${prefix}observe (event_type "compile_miss").`,
    "5. Say plainly when a file follows every rule that applies to it.",
  ].join("\n");
}

export function scaffoldPrompt(prefix: string, targetFiles: string): string {
  return [
    `Create these files following the project's templates and rules: ${targetFiles}.`,
    "",
    `1. Call ${prefix}compile_context with target_files ${fileList(targetFiles)}, command "scaffold" (so template documents are included) and a one-line plan.`,
    "2. Read every template and rule that comes back, inline or through its source_path.",
    "3. Build each file from the matching template, then check it against every other returned rule.",
    "4. Obey the notices. If no template came back, say so before writing anything and ask how to proceed.",
  ].join("\n");
}

export function explainPrompt(prefix: string, targetFile: string): string {
  return [
    `Explain to a person which rules apply to ${targetFile}, and why.`,
    "",
    `1. Call ${prefix}compile_context with target_files ${fileList(targetFile)} and include_debug: true.`,
    "2. For each document: its title, its kind, how it reached the file (the glob, layer or dependency), and what it asks for in a sentence or two.",
    "3. Mention near misses from debug_info when they suggest a rule was meant to apply.",
    "This is read-only: do not change files, do not call observe and do not propose anything.",
  ].join("\n");
}

/** Registered by the server factory through createServer's `extend`. */
export function registerPromptsAndResources(server: McpServer, prefix: string): void {
  server.registerPrompt(
    "archon-review",
    {
      title: "Review files against their rules",
      description: "Compile context for the files, then review them against exactly what came back.",
      argsSchema: { target_files: z.string().describe("Comma-separated repo-relative paths") },
    },
    ({ target_files }) => ask(reviewPrompt(prefix, target_files)),
  );
  server.registerPrompt(
    "archon-scaffold",
    {
      title: "Scaffold files from templates",
      description: 'Compile with command "scaffold" so template documents are included, then follow them.',
      argsSchema: { target_files: z.string().describe("Comma-separated repo-relative paths to create") },
    },
    ({ target_files }) => ask(scaffoldPrompt(prefix, target_files)),
  );
  server.registerPrompt(
    "archon-explain",
    {
      title: "Explain the rules for a file",
      description: "Read-only: summarize the documents that apply to one file for a person; propose nothing.",
      argsSchema: { target_file: z.string().describe("One repo-relative path") },
    },
    ({ target_file }) => ask(explainPrompt(prefix, target_file)),
  );
  server.registerResource(
    "workflow-guide",
    WORKFLOW_GUIDE_URI,
    {
      title: "Archon workflow guide",
      description:
        "How an agent works with archon: compile before touching files, report, leave approval to a person.",
      mimeType: "text/markdown",
    },
    (uri) => ({ contents: [{ uri: uri.href, mimeType: "text/markdown", text: workflowGuide(prefix) }] }),
  );
}
