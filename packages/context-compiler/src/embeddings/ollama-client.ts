// The Ollama HTTP API as archon uses it: /api/tags (is it up, which models) and /api/embed (vectors).
// Every call has a deadline, and an answer that is not a well-formed vector list is an error, never data.

export const DEFAULT_EMBED_MODEL = "granite-embedding:278m";
export const DEFAULT_OLLAMA_URL = "http://127.0.0.1:11434";

export interface EmbeddingConfig {
  model: string;
  url: string;
}

/** ARCHON_EMBED_MODEL and ARCHON_OLLAMA_URL pick the model and server; they never turn the feature off. */
export function embeddingConfig(
  env: NodeJS.ProcessEnv,
  flags: { model?: string; url?: string } = {},
): EmbeddingConfig {
  return {
    model: flags.model || env.ARCHON_EMBED_MODEL || DEFAULT_EMBED_MODEL,
    url: (flags.url || env.ARCHON_OLLAMA_URL || DEFAULT_OLLAMA_URL).replace(/\/+$/, ""),
  };
}

/** Why an embedding call gave nothing usable; each kind reads as its own warning. */
export class EmbeddingError extends Error {
  constructor(
    readonly kind: "unreachable" | "timeout" | "http" | "garbage" | "dimensions",
    message: string,
  ) {
    super(message);
  }
}

async function request(
  url: string,
  init: RequestInit,
  timeoutMs: number,
  stop?: AbortSignal,
): Promise<unknown> {
  let response: Response;
  const deadline = AbortSignal.timeout(timeoutMs);
  try {
    response = await fetch(url, { ...init, signal: stop ? AbortSignal.any([deadline, stop]) : deadline });
  } catch (error) {
    const name = (error as Error).name;
    if (name === "TimeoutError" || name === "AbortError")
      throw new EmbeddingError("timeout", `Ollama did not answer ${url} within ${timeoutMs} ms`);
    throw new EmbeddingError("unreachable", `Ollama is not reachable at ${url}`);
  }
  if (!response.ok) throw new EmbeddingError("http", `Ollama answered ${url} with HTTP ${response.status}`);
  try {
    return await response.json();
  } catch {
    throw new EmbeddingError("garbage", `Ollama answered ${url} with something that is not JSON`);
  }
}

export class OllamaClient {
  constructor(readonly config: EmbeddingConfig) {}

  /** The model names the server has pulled; throws EmbeddingError when it is not up. */
  async models(timeoutMs: number): Promise<string[]> {
    const body = (await request(`${this.config.url}/api/tags`, { method: "GET" }, timeoutMs)) as {
      models?: { name?: unknown }[];
    };
    if (!body || !Array.isArray(body.models))
      throw new EmbeddingError("garbage", "Ollama's /api/tags answer has no models list");
    return body.models.flatMap((m) => (typeof m?.name === "string" ? [m.name] : []));
  }

  /**
   * One vector per text, checked: as many vectors as texts, every number finite, one dimension for all,
   * and that dimension equal to `dimensions` when the caller already has vectors of this model.
   */
  async embed(
    texts: readonly string[],
    timeoutMs: number,
    dimensions?: number,
    stop?: AbortSignal,
  ): Promise<number[][]> {
    const body = (await request(
      `${this.config.url}/api/embed`,
      {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ model: this.config.model, input: texts }),
      },
      timeoutMs,
      stop,
    )) as { embeddings?: unknown };
    const vectors = body?.embeddings;
    const wellFormed =
      Array.isArray(vectors) &&
      vectors.length === texts.length &&
      vectors.every(
        (v) =>
          Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === "number" && Number.isFinite(x)),
      );
    if (!wellFormed)
      throw new EmbeddingError("garbage", "Ollama's /api/embed answer is not one vector per text");
    const list = vectors as number[][];
    const dims = new Set(list.map((v) => v.length));
    const first = list[0]?.length;
    if (dims.size > 1 || (dimensions !== undefined && first !== dimensions))
      throw new EmbeddingError(
        "dimensions",
        `Ollama's vectors have ${[...dims].join("/")} dimensions where ${dimensions ?? "one size"} was expected; run archon embed-docs after changing the model`,
      );
    return list;
  }
}
