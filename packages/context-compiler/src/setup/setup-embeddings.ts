// The embeddings screen of `archon setup`: detects Ollama (installed, running, the model pulled), says
// what is missing with the exact command, and when it can, embeds the rules after setup is applied.
// Optional and fail-open: nothing here can fail setup, and compiles never need it.
import * as p from "@clack/prompts";
import type { ArchonContext } from "../context/archon-context.js";
import { embedDocs } from "../embeddings/embed-docs.js";
import { type EmbeddingConfig, embeddingConfig, OllamaClient } from "../embeddings/ollama-client.js";
import { findOllama } from "../embeddings/ollama-supervisor.js";
import type { WizardIo } from "./wizard.js";

export interface OllamaDetection {
  config: EmbeddingConfig;
  installed: boolean;
  running: boolean;
  has_model: boolean;
}

const PROBE_MS = 1_500;

export async function detectOllama(env: NodeJS.ProcessEnv): Promise<OllamaDetection> {
  const config = embeddingConfig(env);
  let models: string[] | undefined;
  try {
    models = await new OllamaClient(config).models(PROBE_MS);
  } catch {
    models = undefined;
  }
  return {
    config,
    installed: models !== undefined || findOllama(env) !== undefined,
    running: models !== undefined,
    has_model: (models ?? []).some((m) => m === config.model || m === `${config.model}:latest`),
  };
}

/** Whether setup embeds the rules once applied (Ollama can run and has the model), and what to say. */
export interface EmbeddingsOffer {
  embed: boolean;
  lines: string[];
}

const pull = (c: EmbeddingConfig) => `ollama pull ${c.model}`;

/** The state in a sentence or two, with the one command that moves it forward. */
export function describeOllama(d: OllamaDetection): string[] {
  if (!d.installed)
    return [
      `Ollama is not installed: compile suggestions stay lexical (FTS5). For semantic suggestions install it from https://ollama.com, then run \`${pull(d.config)}\` (about 560 MB) and \`archon embed-docs\`.`,
    ];
  if (!d.has_model)
    return [
      `Ollama is ${d.running ? "running" : "installed"} but the model ${d.config.model} is not pulled: run \`${pull(d.config)}\` (about 560 MB), then \`archon embed-docs\`.`,
    ];
  return [
    `Ollama ${d.running ? "is running" : "is installed (archon starts it when needed)"} with ${d.config.model}: setup can embed your rules for semantic suggestions.`,
  ];
}

export async function offerEmbeddings(
  env: NodeJS.ProcessEnv,
  mode: "ask" | "auto" | "off",
  io: WizardIo,
): Promise<EmbeddingsOffer> {
  if (mode === "off") return { embed: false, lines: [] };
  const detected = await detectOllama(env);
  const lines = describeOllama(detected);
  const ready = detected.installed && detected.has_model;
  if (mode === "auto" || !ready) {
    if (mode === "ask") p.note(lines.join("\n"), "Local embeddings (optional)", { output: io.output });
    return { embed: ready, lines: mode === "ask" ? [] : lines };
  }
  p.note(lines.join("\n"), "Local embeddings (optional)", { output: io.output });
  const answer = await p.confirm({
    message: "Embed the rules with Ollama after setup?",
    initialValue: true,
    ...io,
  });
  return answer === true
    ? { embed: true, lines: [] }
    : {
        embed: false,
        lines: ["Embeddings skipped; run archon embed-docs when you want semantic suggestions."],
      };
}

/** Runs embed-docs on the applied database; a failure is a line to show, never a failed setup. */
export async function embedAfterSetup(ctx: ArchonContext, env: NodeJS.ProcessEnv): Promise<string[]> {
  try {
    const result = await embedDocs(ctx.kdb.db, embeddingConfig(env), env, ctx.clock);
    return [
      `Embedded ${result.embedded} rule(s) with ${result.model} (${result.up_to_date} already up to date).`,
    ];
  } catch (error) {
    return [`Embeddings not computed (${(error as Error).message}); run archon embed-docs later.`];
  }
}
