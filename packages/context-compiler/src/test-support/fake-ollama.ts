// A fake of Ollama's HTTP API (GET /api/tags, POST /api/embed) as a real child process, for tests that
// must not need Ollama. Its vectors put words of one topic (billing, payments, invoices) on one axis, so
// "the same topic in other words" is checkable. Modes: up, silent (takes an embed request and never
// answers it, so a caller that waits past its budget hangs), wrong-dimensions, garbage, cold (loads its
// model on the first embed it is asked for, as Ollama does, taking longer than a compile waits; embeds
// asked meanwhile wait for it); "down" is simply no server. It says on stdout each embed it answered.
// The same script doubles as an installed-but-stopped `ollama` binary on PATH.
import { type ChildProcess, spawn } from "node:child_process";
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export type FakeMode = "up" | "silent" | "wrong-dimensions" | "garbage" | "cold";
export const FAKE_DIMENSIONS = 8;
/** How long the cold fake takes to load its model: well past the compile's SUGGESTION_BUDGET_MS. */
export const FAKE_LOAD_MS = 1500;

const SCRIPT = `#!/usr/bin/env node
import { createServer } from "node:http";
const mode = process.env.FAKE_OLLAMA_MODE || "up";
const model = process.env.FAKE_OLLAMA_MODEL || "granite-embedding:278m";
const [host, port] = (process.env.OLLAMA_HOST || "127.0.0.1:0").split(":");
const DIMS = ${FAKE_DIMENSIONS};
const TOPICS = [
  ["billing", "payment", "payments", "invoice", "invoices", "charge", "refund"],
  ["auth", "login", "session", "password", "token"],
  ["test", "tests", "testing", "spec", "fixture"],
];
function hash(word) { let h = 0; for (const c of word) h = (h * 31 + c.charCodeAt(0)) >>> 0; return h; }
function embed(text) {
  const v = new Array(DIMS).fill(0);
  for (const w of String(text).toLowerCase().match(/[a-z]+/g) || []) {
    const t = TOPICS.findIndex((ws) => ws.includes(w));
    if (t >= 0) v[t] += 1; else v[TOPICS.length + (hash(w) % (DIMS - TOPICS.length))] += 0.05;
  }
  if (v.every((x) => x === 0)) v[DIMS - 1] = 1;
  return v;
}
if (process.argv[2] !== "serve") process.exit(2);
let loaded;
const load = () => (loaded ??= new Promise((resolve) => setTimeout(resolve, ${FAKE_LOAD_MS})));
const server = createServer((req, res) => {
  let body = "";
  req.on("data", (c) => { body += c; });
  req.on("end", () => {
    const send = () => {
      res.setHeader("content-type", "application/json");
      if (req.url === "/api/tags") return res.end(JSON.stringify({ models: [{ name: model }] }));
      if (req.url !== "/api/embed" || req.method !== "POST") { res.statusCode = 404; return res.end("{}"); }
      if (mode === "garbage") return res.end("<html>not an embedding</html>");
      const input = JSON.parse(body).input;
      const texts = Array.isArray(input) ? input : [input];
      const vectors = texts.map(embed);
      if (mode === "wrong-dimensions") for (const v of vectors) v.push(0, 0, 0);
      res.end(JSON.stringify({ model, embeddings: vectors }));
      process.stdout.write("answered /api/embed\\n");
    };
    if (req.url !== "/api/embed") send();
    else if (mode === "cold") load().then(send);
    else if (mode !== "silent") send();
  });
});
server.listen(Number(port), host, () => process.stdout.write(JSON.stringify({ port: server.address().port }) + "\\n"));
process.on("SIGTERM", () => { server.close(); process.exit(0); });
`;

/** Writes the fake as an executable `ollama` into `dir` (for PATH) and returns its path. */
export function installFakeOllama(dir: string): string {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, "ollama");
  writeFileSync(path, SCRIPT);
  chmodSync(path, 0o755);
  return path;
}

export interface FakeOllama {
  url: string;
  child: ChildProcess;
  /** Resolves once the fake has answered `count` embed requests in all. */
  embedsAnswered(count: number): Promise<void>;
  stop(): Promise<void>;
}

/** Starts the fake on a free port in `mode`; the test stops it. */
export async function startFakeOllama(dir: string, mode: FakeMode = "up"): Promise<FakeOllama> {
  const bin = installFakeOllama(dir);
  const child = spawn(process.execPath, [bin, "serve"], {
    env: { ...process.env, FAKE_OLLAMA_MODE: mode, OLLAMA_HOST: "127.0.0.1:0" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let answered = 0;
  const waiting = new Set<{ count: number; resolve: () => void }>();
  const port = await new Promise<number>((resolve, reject) => {
    let out = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const lines = out.split("\n");
      out = lines.pop() as string;
      for (const line of lines) {
        if (line.startsWith("{")) resolve((JSON.parse(line) as { port: number }).port);
        else if (line === "answered /api/embed") answered += 1;
      }
      for (const w of waiting)
        if (answered >= w.count) {
          waiting.delete(w);
          w.resolve();
        }
    });
    child.on("exit", (code) => reject(new Error(`fake ollama exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    embedsAnswered: (count) =>
      answered >= count ? Promise.resolve() : new Promise((resolve) => waiting.add({ count, resolve })),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

/** A URL where nothing listens: Ollama down. */
export const DOWN_URL = "http://127.0.0.1:9";
