// A small client of Anthropic's Messages API over fetch, for the bench's LLM-judge A/B: a timeout per
// request, retries on 429 and 529 that honour retry-after, failures as MessagesApiError (recorded per case
// by the caller) and a refused key as the UserError that stops the run.
import { UserError } from "@archon/core";

/** Sonnet 5.5: the current Sonnet in Anthropic's model overview when this was written. */
export const DEFAULT_JUDGE_MODEL = "claude-sonnet-5-5";
export const ANTHROPIC_VERSION = "2023-06-01";
const DEFAULT_BASE_URL = "https://api.anthropic.com";

export interface MessageRequest {
  system: string;
  user: string;
  max_tokens: number;
}

/** A request that failed for one case: network, timeout, an error status, or an answer without text. */
export class MessagesApiError extends Error {
  override readonly name = "MessagesApiError";
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

export interface MessagesClient {
  readonly model: string;
  /** 0 until the model refuses sampling parameters (newer models do), then null: the model's default. */
  temperature(): number | null;
  complete(request: MessageRequest): Promise<string>;
}

export interface ClientOptions {
  apiKey: string;
  baseUrl?: string;
  model?: string;
  timeoutMs?: number;
  /** Retries after a 429 or 529, each after retry-after or a doubling backoff. */
  retries?: number;
  sleep?: (ms: number) => Promise<void>;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** retry-after in seconds (the API sends whole seconds), else 1 s, 2 s, 4 s...; never past a minute. */
function backoff(header: string | null, attempt: number): number {
  const seconds = header === null ? Number.NaN : Number(header);
  const ms = Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : 1000 * 2 ** attempt;
  return Math.min(ms, 60_000);
}

interface ApiAnswer {
  content?: { type?: string; text?: string }[];
  stop_reason?: string;
  error?: { type?: string; message?: string };
}

function parseBody(text: string): ApiAnswer {
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === "object" && value !== null ? (value as ApiAnswer) : {};
  } catch {
    return {};
  }
}

export function createMessagesClient(options: ClientOptions): MessagesClient {
  const model = options.model ?? DEFAULT_JUDGE_MODEL;
  const url = `${(options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, "")}/v1/messages`;
  const timeoutMs = options.timeoutMs ?? 120_000;
  const retries = options.retries ?? 4;
  const sleep = options.sleep ?? wait;
  let temperature: number | null = 0;

  async function complete(request: MessageRequest): Promise<string> {
    for (let attempt = 0; ; attempt++) {
      const body = {
        model,
        max_tokens: request.max_tokens,
        ...(temperature === null ? {} : { temperature }),
        system: request.system,
        messages: [{ role: "user", content: request.user }],
      };
      const answer = await post(url, options.apiKey, body, timeoutMs);
      const detail = answer.body.error?.message ?? "no error message";
      if (answer.status === 401)
        throw new UserError(
          `The Anthropic API refused the key (401: ${detail}); the LLM-judge A/B stopped.`,
          "Set ANTHROPIC_API_KEY to a valid API key, or run bench without --full.",
        );
      if ((answer.status === 429 || answer.status === 529) && attempt < retries) {
        await sleep(backoff(answer.retryAfter, attempt));
        continue;
      }
      // Newer models answer 400 to any temperature; the A/B then runs at the model's default, and says so.
      if (answer.status === 400 && temperature !== null && /temperature|sampling/i.test(detail)) {
        temperature = null;
        continue;
      }
      if (answer.status !== 200)
        throw new MessagesApiError(`the API answered ${answer.status}: ${detail}`, answer.status);
      return textOf(answer.body, answer.status);
    }
  }

  return { model, temperature: () => temperature, complete };
}

/** One POST of a request body; a network failure or a timeout is a MessagesApiError without a status. */
async function post(
  url: string,
  apiKey: string,
  body: unknown,
  timeoutMs: number,
): Promise<{ status: number; body: ApiAnswer; retryAfter: string | null }> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: {
        "x-api-key": apiKey,
        "anthropic-version": ANTHROPIC_VERSION,
        "content-type": "application/json",
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === "TimeoutError";
    throw new MessagesApiError(
      timedOut
        ? `no answer from ${url} within ${Math.round(timeoutMs / 1000)} s`
        : `could not reach ${url}: ${(error as Error).message}`,
      null,
    );
  }
  return {
    status: response.status,
    body: parseBody(await response.text()),
    retryAfter: response.headers.get("retry-after"),
  };
}

/** The answer's text blocks joined; an answer with no text is a failure of its case. */
function textOf(body: ApiAnswer, status: number): string {
  const text = (body.content ?? [])
    .filter((block) => block.type === "text" && typeof block.text === "string")
    .map((block) => block.text)
    .join("");
  if (text.trim() === "")
    throw new MessagesApiError(
      `the answer had no text (stop_reason ${body.stop_reason ?? "unknown"})`,
      status,
    );
  return text;
}

/** The client the environment configures, or null without ANTHROPIC_API_KEY. */
export function messagesClientFromEnv(env: NodeJS.ProcessEnv): MessagesClient | null {
  const apiKey = env.ANTHROPIC_API_KEY;
  if (!apiKey) return null;
  return createMessagesClient({
    apiKey,
    ...(env.ANTHROPIC_BASE_URL ? { baseUrl: env.ANTHROPIC_BASE_URL } : {}),
    ...(env.ARCHON_JUDGE_MODEL ? { model: env.ARCHON_JUDGE_MODEL } : {}),
  });
}
