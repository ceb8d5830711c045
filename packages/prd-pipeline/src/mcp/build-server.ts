// Assembles the archon-prd MCP server: the profile's tools, the SKILL.md resource and the start prompt.

import { join } from "node:path";
import {
  type Clock,
  type CreatedServer,
  createServer,
  type IdGenerator,
  randomIds,
  systemClock,
} from "@archon/core";
import { z } from "zod";
import { PipelineService } from "../engine/run-service.js";
import { RunStore } from "../engine/run-store.js";
import { defaultEvidencePath, EvidenceStore } from "../evidence/evidence-store.js";
import type { Limits } from "../run-model/limits.js";
import { DEFAULT_SUBAGENT_NAMESPACE } from "../sections/subagents.js";
import { PROFILE_TOOLS } from "./profiles.js";
import type { Profile, ServerContext } from "./server-context.js";
import { readSkill, SKILL_RESOURCE_URI } from "./skill-file.js";

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
}

export function defaultDbPath(projectRoot: string): string {
  return join(projectRoot, ".archon", "prd.db");
}

export function buildServer(options: ServerOptions): CreatedServer & { context: ServerContext } {
  const profile = options.profile ?? "full";
  const dbPath = options.dbPath ?? defaultDbPath(options.projectRoot);
  const store = new RunStore(dbPath);
  const evidence = new EvidenceStore(options.evidenceDbPath ?? defaultEvidencePath());
  const namespace = options.namespace ?? DEFAULT_SUBAGENT_NAMESPACE;
  const service = new PipelineService({
    store,
    clock: options.clock ?? systemClock,
    ids: options.ids ?? randomIds,
    namespace,
    limits: options.limits,
    evidence,
  });
  const context: ServerContext = {
    service,
    projectRoot: options.projectRoot,
    dbPath,
    evidence,
    profile,
    namespace,
    version: VERSION,
  };
  const tools = PROFILE_TOOLS[profile];
  const created = createServer({
    name: "archon-prd",
    version: VERSION,
    instructions:
      "PRD pipeline. Read the resource archon-prd://skill/SKILL.md for the host protocol: call start_pipeline, " +
      "show messages, execute each action, submit its result with submit_action_result, stop on done or failed.",
    tools,
    context,
    cleanup: () => {
      store.close();
      evidence.close();
    },
    extend: (server) => {
      server.registerResource(
        "prd-skill",
        SKILL_RESOURCE_URI,
        {
          title: "PRD pipeline host protocol",
          description: "How a host drives archon-prd",
          mimeType: "text/markdown",
        },
        async (uri) => ({ contents: [{ uri: uri.href, mimeType: "text/markdown", text: readSkill() }] }),
      );
      if (!tools.some((t) => t.name === "start_pipeline")) return;
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
                  `2. Call start_pipeline with feature_description${codebase_path ? ` and codebase_path "${codebase_path}"` : ""}.\n` +
                  "3. Show each envelope's messages, execute its action, submit the result with submit_action_result " +
                  "(echo routing tokens verbatim), and stop when the action is done or failed.",
              },
            },
          ],
        }),
      );
    },
  });
  return { ...created, context };
}
