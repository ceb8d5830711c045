// Assembles the archon-prd MCP server: the profile's tools, the SKILL.md resource and the start prompt.

import { join } from "node:path";
import { type Clock, type IdGenerator, randomIds, systemClock } from "@archon/core";
import { type CreatedServer, createServer } from "@archon/core/server";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { PipelineService } from "../engine/run-service.js";
import { RunStore } from "../engine/run-store.js";
import { defaultEvidencePath, EvidenceStore } from "../evidence/evidence-store.js";
import type { Limits } from "../run-model/limits.js";
import type { SourceMode } from "../run-model/sources.js";
import { DEFAULT_SUBAGENT_NAMESPACE } from "../sections/subagents.js";
import { chooseSources } from "./choose-sources.js";
import { PROFILE_TOOLS } from "./profiles.js";
import type { Profile, ServerContext } from "./server-context.js";
import { readSkill, SKILL_RESOURCE_URI } from "./skill-file.js";
import { toolPrefix, withToolPrefix } from "./tool-prefix.js";

export const VERSION = "0.1.0";

export interface ServerOptions {
  projectRoot: string;
  profile?: Profile;
  dbPath?: string;
  /** The evidence database; default `~/.archon/evidence.db`. */
  evidenceDbPath?: string;
  clock?: Clock;
  ids?: IdGenerator;
  namespace?: string;
  limits?: Partial<Limits>;
  /** Where ARCHON_PRD_TOOL_PREFIX is read; the process environment by default. */
  env?: NodeJS.ProcessEnv;
  /** Grounding sources; each defaults to `archon` where the project has an Archon database, else `external`. */
  codebase?: SourceMode;
  memory?: SourceMode;
  /** The project's Archon database when it is not at `.archon/archon.db`. */
  archonDbPath?: string;
}

export function defaultDbPath(projectRoot: string): string {
  return join(projectRoot, ".archon", "prd.db");
}

export function buildServer(options: ServerOptions): CreatedServer & { context: ServerContext } {
  const profile = options.profile ?? "full";
  const dbPath = options.dbPath ?? defaultDbPath(options.projectRoot);
  const chosen = chooseSources(options.projectRoot, {
    codebase: options.codebase,
    memory: options.memory,
    archonDbPath: options.archonDbPath,
  });
  const store = new RunStore(dbPath);
  const evidence = new EvidenceStore(options.evidenceDbPath ?? defaultEvidencePath());
  const namespace = options.namespace ?? DEFAULT_SUBAGENT_NAMESPACE;
  const prefix = toolPrefix(options.env);
  const service = new PipelineService({
    store,
    clock: options.clock ?? systemClock,
    ids: options.ids ?? randomIds,
    namespace,
    limits: options.limits,
    evidence,
    toolPrefix: prefix,
    projectRoot: options.projectRoot,
    sources: chosen.sources,
    inProcess: chosen.inProcess,
  });
  const context: ServerContext = {
    service,
    projectRoot: options.projectRoot,
    dbPath,
    evidence,
    profile,
    namespace,
    version: VERSION,
    toolPrefix: prefix,
    sources: chosen.sources,
    archonDb: chosen.archonDb,
  };
  const tools = prefixedTools(profile, prefix);
  const created = createServer({
    name: "archon-prd",
    version: VERSION,
    instructions:
      `PRD pipeline. Read the resource ${SKILL_RESOURCE_URI} for the host protocol: call ${prefix}start_pipeline, ` +
      `show messages, execute each action, submit its result with ${prefix}submit_action_result, stop on done or failed.`,
    tools,
    context,
    prefix,
    cleanup: () => {
      store.close();
      evidence.close();
      chosen.close();
    },
    extend: (server) => {
      registerSkill(server, prefix);
      if (tools.some((t) => t.name === "start_pipeline")) registerStartPrompt(server, prefix);
    },
  });
  return { ...created, context };
}

/** The profile's tools, their descriptions naming other tools with the registered prefix. */
function prefixedTools(profile: Profile, prefix: string) {
  return PROFILE_TOOLS[profile].map((t) => ({
    ...t,
    description:
      typeof t.description === "function"
        ? t.description((name) => `${prefix}${name}`)
        : withToolPrefix(t.description, prefix),
  }));
}

/** SKILL.md as a resource: the host protocol, with the registered tool names. */
function registerSkill(server: McpServer, prefix: string): void {
  server.registerResource(
    "prd-skill",
    SKILL_RESOURCE_URI,
    {
      title: "PRD pipeline host protocol",
      description: "How a host drives archon-prd",
      mimeType: "text/markdown",
    },
    async (uri) => ({
      contents: [{ uri: uri.href, mimeType: "text/markdown", text: readSkill(prefix) }],
    }),
  );
}

/** The start_prd prompt: a feature in, the instruction to drive a run to its end out. */
function registerStartPrompt(server: McpServer, prefix: string): void {
  server.registerPrompt(
    "start_prd",
    {
      title: "Write a PRD",
      description: "Starts a PRD pipeline run for a feature and drives it to the end",
      argsSchema: {
        feature_description: z.string().describe("What to build, fix or decide"),
        codebase_path: z.string().optional().describe("Absolute path of the codebase, if any"),
      },
    },
    ({ feature_description, codebase_path }) => ({
      messages: [
        {
          role: "user",
          content: {
            type: "text",
            text:
              `Write a PRD with the archon-prd pipeline for: ${feature_description}\n\n` +
              `1. Read the resource ${SKILL_RESOURCE_URI} and follow its protocol exactly.\n` +
              `2. Call ${prefix}start_pipeline with feature_description${codebase_path ? ` and codebase_path "${codebase_path}"` : ""}.\n` +
              `3. Show each envelope's messages, execute its action, submit the result with ${prefix}submit_action_result ` +
              "(echo routing tokens verbatim), and stop when the action is done or failed.",
          },
        },
      ],
    }),
  );
}
