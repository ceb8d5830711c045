// Starting Ollama when it is installed but not running, and stopping only the server archon started.
// An instance someone else runs is used and never touched; an absent binary is a warning, never an error.
import { type ChildProcess, spawn } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";
import { EmbeddingError, type OllamaClient } from "./ollama-client.js";

/** Startup gets this long before the caller falls back to the plain result. */
export const STARTUP_MS = 30_000;
const POLL_MS = 200;
const PROBE_MS = 1_000;

export type OllamaState = "running" | "started" | "absent" | "starting" | "timeout";

/** The `ollama` executable on PATH, or undefined when it is not installed. */
export function findOllama(env: NodeJS.ProcessEnv): string | undefined {
  for (const dir of (env.PATH ?? "").split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, process.platform === "win32" ? "ollama.exe" : "ollama");
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not in this folder.
    }
  }
  return undefined;
}

export class OllamaSupervisor {
  #child: ChildProcess | undefined;
  #starting: Promise<OllamaState> | undefined;

  constructor(
    private readonly client: OllamaClient,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  /** True while a server this supervisor started is alive. */
  get startedOne(): boolean {
    return this.#child !== undefined && this.#child.exitCode === null;
  }

  async isUp(timeoutMs = PROBE_MS): Promise<boolean> {
    try {
      await this.client.models(timeoutMs);
      return true;
    } catch (error) {
      if (error instanceof EmbeddingError) return false;
      throw error;
    }
  }

  /**
   * Makes sure a server answers: "running" when one already did, "started" when this call (or an earlier
   * one) started it, "absent" with no binary, "timeout" when it did not come up within `waitMs` (the
   * server started is then stopped).
   */
  ensure(waitMs = STARTUP_MS): Promise<OllamaState> {
    this.#starting ??= this.#ensure(waitMs).finally(() => {
      this.#starting = undefined;
    });
    return this.#starting;
  }

  async #ensure(waitMs: number): Promise<OllamaState> {
    if (await this.isUp()) return this.startedOne ? "started" : "running";
    const bin = findOllama(this.env);
    if (!bin) return "absent";
    if (!this.startedOne) {
      const host = new URL(this.client.config.url).host;
      this.#child = spawn(bin, ["serve"], { env: { ...this.env, OLLAMA_HOST: host }, stdio: "ignore" });
      this.#child.on("error", () => {
        this.#child = undefined;
      });
      this.#child.unref();
    }
    const deadline = performance.now() + waitMs;
    while (performance.now() < deadline) {
      if (!this.startedOne) return "absent";
      if (await this.isUp(Math.min(PROBE_MS, Math.max(1, deadline - performance.now())))) return "started";
      await new Promise((r) => setTimeout(r, POLL_MS).unref());
    }
    this.stop();
    return "timeout";
  }

  /** Stops the server this supervisor started, if any; never one it found running. */
  stop(): void {
    const child = this.#child;
    this.#child = undefined;
    if (child && child.exitCode === null) child.kill("SIGTERM");
  }
}
