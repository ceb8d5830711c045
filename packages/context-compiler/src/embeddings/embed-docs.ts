// embed-docs: vectors for every approved document whose current content hash has none for the model yet,
// so a re-run after editing rules embeds only what changed. Starts Ollama when it is installed and stopped
// (waiting up to 30 s) and stops it again afterwards; one it found running is left alone.
import { type Clock, type Db, UserError } from "@archon/core";
import {
  countApprovedForEmbedding,
  documentsToEmbed,
  storedDimensions,
  storeEmbedding,
} from "../store/embeddings.js";
import { type EmbeddingConfig, EmbeddingError, OllamaClient } from "./ollama-client.js";
import { type OllamaState, OllamaSupervisor, STARTUP_MS } from "./ollama-supervisor.js";

const BATCH = 16;
/** A batch of documents on a cold model can take a while; this is per request, not per run. */
const BATCH_TIMEOUT_MS = 120_000;

export interface EmbedDocsResult {
  model: string;
  url: string;
  ollama: OllamaState;
  embedded: number;
  up_to_date: number;
  dimensions: number | null;
}

/** The model is pulled when /api/tags lists it, with or without the implicit ":latest". */
const hasModel = (names: readonly string[], model: string) =>
  names.some((n) => n === model || n === `${model}:latest` || `${n}:latest` === model);

/** Ollama running, started if need be, with the model pulled; a UserError saying what to do otherwise. */
async function readyOllama(
  client: OllamaClient,
  supervisor: OllamaSupervisor,
  config: EmbeddingConfig,
  startupMs: number,
): Promise<OllamaState> {
  const ollama = await supervisor.ensure(startupMs);
  if (ollama === "absent")
    throw new UserError(
      `Ollama is not running at ${config.url} and is not installed here.`,
      `Install it from https://ollama.com, run \`ollama pull ${config.model}\`, then run archon embed-docs again. Compiles work without it; suggestions are lexical meanwhile.`,
    );
  if (ollama === "timeout")
    throw new UserError(
      `Ollama was started but did not answer at ${config.url} within ${startupMs / 1000} s; it was stopped again.`,
      "Start it yourself (`ollama serve`) and run archon embed-docs again.",
    );
  const models = await client.models(5_000);
  if (!hasModel(models, config.model))
    throw new UserError(
      `Ollama at ${config.url} does not have the model ${config.model}.`,
      `Run \`ollama pull ${config.model}\` (or set ARCHON_EMBED_MODEL / --model to one it has: ${models.join(", ") || "none"}).`,
      "model",
    );
  return ollama;
}

export async function embedDocs(
  db: Db,
  config: EmbeddingConfig,
  env: NodeJS.ProcessEnv,
  clock: Clock,
  progress: (done: number, total: number) => void = () => {},
  startupMs = STARTUP_MS,
): Promise<EmbedDocsResult> {
  const client = new OllamaClient(config);
  const supervisor = new OllamaSupervisor(client, env);
  try {
    const ollama = await readyOllama(client, supervisor, config, startupMs);
    const targets = documentsToEmbed(db, config.model);
    const total = countApprovedForEmbedding(db);
    let dimensions = storedDimensions(db, config.model);
    progress(0, targets.length);
    for (let i = 0; i < targets.length; i += BATCH) {
      const batch = targets.slice(i, i + BATCH);
      const vectors = await client.embed(
        batch.map((t) => t.text),
        BATCH_TIMEOUT_MS,
        dimensions,
      );
      const at = clock.now().toISOString();
      db.transaction(() => {
        for (const [j, t] of batch.entries())
          storeEmbedding(db, t.content_hash, config.model, vectors[j] as number[], at);
      })();
      dimensions ??= vectors[0]?.length;
      progress(Math.min(i + BATCH, targets.length), targets.length);
    }
    return {
      model: config.model,
      url: config.url,
      ollama,
      embedded: targets.length,
      up_to_date: total - targets.length,
      dimensions: dimensions ?? null,
    };
  } catch (error) {
    if (error instanceof EmbeddingError)
      throw new UserError(
        `Embedding failed: ${error.message}.`,
        "Check that Ollama runs and the model is pulled, then run archon embed-docs again.",
      );
    throw error;
  } finally {
    supervisor.stop();
  }
}
