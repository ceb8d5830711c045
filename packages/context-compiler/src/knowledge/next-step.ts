// Next steps named the way the caller can take them: an `archon` command at a terminal, a prefixed tool over MCP.

/** Who reads a hint. The prefix is the registered tool prefix (from mcp/tool-prefix.ts), resolved at the top. */
export interface Channel {
  kind: "cli" | "mcp";
  prefix: string;
}

/** Tool names a hint may point at; a test keeps this list equal to the registered tools. */
export const STEP_TOOLS = [
  "analyze_doc",
  "analyze_import_batch",
  "apply_edge_scopes",
  "apply_upgrade",
  "approve_proposal",
  "approve_proposal_bundle",
  "check_upgrade",
  "compile_context",
  "delete_decision",
  "deploy_adapters",
  "execute_import_plan",
  "get_document",
  "get_edge",
  "import_doc",
  "init_confirm",
  "init_detect",
  "list_observations",
  "list_proposals",
  "maintenance",
  "preflight_proposal_bundle",
  "process_observations",
  "recall",
  "reject_proposal",
  "resolve_conflict",
  "sync_docs",
  "sync_init_manifest",
] as const;
export type StepTool = (typeof STEP_TOOLS)[number];

export type StepArgs = Readonly<Record<string, string | boolean>>;

const arg = (args: StepArgs, key: string, placeholder: string) =>
  typeof args[key] === "string" ? (args[key] as string) : placeholder;

/**
 * The terminal command that does what the tool does, for the tools a person can run at the terminal.
 * preflight_proposal_bundle has no command of its own: `archon approve` refuses a bundle with problems and
 * changes nothing, and `archon proposals --bundle` shows what is in it, which is what a preflight is for.
 */
const CLI_COMMANDS: Partial<Record<StepTool, (args: StepArgs) => string>> = {
  analyze_import_batch: () => "archon import-rules",
  approve_proposal: (a) => `archon approve ${arg(a, "proposal_id", "<proposal_id>")}`,
  approve_proposal_bundle: (a) => `archon approve ${arg(a, "bundle_id", "<bundle_id>")}`,
  compile_context: () => "archon compile <files...>",
  deploy_adapters: () => "archon deploy-adapters",
  execute_import_plan: () => "archon import-rules",
  init_confirm: () => "archon setup",
  init_detect: () => "archon setup",
  list_proposals: (a) =>
    typeof a.bundle_id === "string" ? `archon proposals --bundle ${a.bundle_id}` : "archon proposals",
  maintenance: () => "archon maintenance",
  recall: (a) => `archon recall${typeof a.run_id === "string" ? ` --run ${a.run_id}` : ""}`,
  preflight_proposal_bundle: (a) => `archon proposals --bundle ${arg(a, "bundle_id", "<bundle_id>")}`,
  sync_init_manifest: () => "archon sync-init-manifest",
  reject_proposal: (a) =>
    `archon reject ${arg(a, "proposal_id", arg(a, "bundle_id", "<proposal_id>"))} --comment "<why>"`,
};

/** `prefix_tool({ key: "value" })`, or the bare prefixed name when the call needs no arguments. */
function toolCall(prefix: string, tool: StepTool, args: StepArgs): string {
  const keys = Object.keys(args);
  if (keys.length === 0) return `${prefix}${tool}`;
  const shown = keys.map((k) => `${k}: ${typeof args[k] === "string" ? JSON.stringify(args[k]) : args[k]}`);
  return `${prefix}${tool}({ ${shown.join(", ")} })`;
}

/**
 * One step as the reader can take it. At a terminal, a tool with no command is named by its registered
 * name and marked as an MCP tool, so the person knows where to find it.
 */
export function step(channel: Channel, tool: StepTool, args: StepArgs = {}): string {
  if (channel.kind === "mcp") return toolCall(channel.prefix, tool, args);
  const command = CLI_COMMANDS[tool];
  return command ? command(args) : `${toolCall(channel.prefix, tool, args)} (MCP tool)`;
}
