// A fake of Anthropic's Messages API (POST /v1/messages) as a real child process, for tests of the
// bench's LLM-judge A/B that must not need a key or the network. Its "model" writes a plan that repeats
// the project rules it was given; its judge prefers the plan holding more lines of the reference rules.
// Knobs a test sets through the request: the key "invalid-key" gets a 401; a task containing
// [fake:busy-once] gets one 429 (retry-after: 0) first; [fake:malformed] gets a verdict that is not JSON;
// a model whose name contains "no-sampling" answers 400 to any temperature. GET /fake/requests returns
// every request received, for tests that check which context reached which call.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const SCRIPT = `import { createServer } from "node:http";
const requests = [];
const busy = new Set();
const between = (text, tag) => {
  const m = new RegExp("<" + tag + ">\\\\n?([\\\\s\\\\S]*?)\\\\n?</" + tag + ">").exec(text);
  return m ? m[1] : "";
};
const lines = (text) => text.split("\\n").map((l) => l.trim()).filter((l) => l !== "" && !l.startsWith("#"));
function answer(body) {
  const user = body.messages[0].content;
  const task = between(user, "task");
  if (!user.includes("<plan_1>")) return "Plan, following the rules:\\n" + between(user, "project_rules");
  if (task.includes("[fake:malformed]")) return "Plan 1 looks better to me.";
  const reference = lines(between(user, "reference_rules"));
  const hits = (plan) => reference.filter((l) => plan.includes(l)).length;
  const one = hits(between(user, "plan_1"));
  const two = hits(between(user, "plan_2"));
  const winner = one === two ? "tie" : one > two ? "1" : "2";
  return JSON.stringify({ winner, reason: "plan 1 holds " + one + ", plan 2 " + two + " of " + reference.length + " reference lines" });
}
const server = createServer((req, res) => {
  let raw = "";
  req.on("data", (c) => { raw += c; });
  req.on("end", () => {
    res.setHeader("content-type", "application/json");
    const fail = (status, type, message, headers = {}) => {
      for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
      res.statusCode = status;
      res.end(JSON.stringify({ type: "error", error: { type, message } }));
    };
    if (req.method === "GET" && req.url === "/fake/requests") return res.end(JSON.stringify(requests));
    if (req.method !== "POST" || req.url !== "/v1/messages") return fail(404, "not_found_error", "no such route");
    const body = JSON.parse(raw);
    requests.push({ headers: { "x-api-key": req.headers["x-api-key"], "anthropic-version": req.headers["anthropic-version"] }, body });
    if (req.headers["anthropic-version"] !== "2023-06-01") return fail(400, "invalid_request_error", "anthropic-version");
    if (req.headers["x-api-key"] === "invalid-key") return fail(401, "authentication_error", "invalid x-api-key");
    if (String(body.model).includes("no-sampling") && "temperature" in body)
      return fail(400, "invalid_request_error", "temperature is not supported for this model");
    const task = between(body.messages[0].content, "task");
    if (task.includes("[fake:busy-once]") && !busy.has(task)) {
      busy.add(task);
      return fail(429, "rate_limit_error", "slow down", { "retry-after": "0" });
    }
    res.end(JSON.stringify({ type: "message", role: "assistant", model: body.model, stop_reason: "end_turn",
      content: [{ type: "text", text: answer(body) }] }));
  });
});
server.listen(0, "127.0.0.1", () => process.stdout.write(JSON.stringify({ port: server.address().port }) + "\\n"));
process.on("SIGTERM", () => { server.close(); process.exit(0); });
`;

export interface FakeRequest {
  headers: { "x-api-key"?: string; "anthropic-version"?: string };
  body: {
    model: string;
    max_tokens: number;
    temperature?: number;
    system: string;
    messages: { role: string; content: string }[];
  };
}

export interface FakeAnthropic {
  /** The base URL, for ANTHROPIC_BASE_URL. */
  url: string;
  child: ChildProcess;
  requests(): Promise<FakeRequest[]>;
  stop(): Promise<void>;
}

/** Writes the fake's script into `dir`, starts it on a free port, and waits until it listens. */
export async function startFakeAnthropic(dir: string): Promise<FakeAnthropic> {
  mkdirSync(dir, { recursive: true });
  const script = join(dir, "fake-anthropic.mjs");
  writeFileSync(script, SCRIPT);
  const child = spawn(process.execPath, [script], { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise<number>((resolve, reject) => {
    let out = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes("\n")) resolve((JSON.parse(out) as { port: number }).port);
    });
    child.on("exit", (code) => reject(new Error(`the fake Messages API exited with ${code}`)));
  });
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    child,
    requests: async () => (await (await fetch(`${url}/fake/requests`)).json()) as FakeRequest[],
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
