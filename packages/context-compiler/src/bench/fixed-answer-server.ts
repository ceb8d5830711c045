// The floor under the stdio figures: `node fixed-answer-server.js <answers.json>` serves compile_context on
// the same stack as `archon --surface agent` (core's server and stdio transport, the tool's input and output
// schemas, its text rendering) but answers each request with the result the real server gave it, read from
// the file, so nothing is compiled, audited or read from a database. What the bench measures against it is
// what serving alone costs on this machine: JSON-RPC, validation, serialization, the pipe and the client.
import { readFileSync } from "node:fs";
import { canonicalJson } from "@archon/core";
import { createServer, serveStdio } from "@archon/core/server";
import { compileContextTool } from "../mcp/agent/compile-context.tool.js";
import type { CompileResponse } from "../services/compile-service.js";
import { VERSION } from "../version.js";
import { toolPrefix } from "../vocabulary/tool-prefix.js";

/** One request as the client sends it, and the structured result the real server answered it with. */
export interface FixedAnswer {
  request: Record<string, unknown>;
  result: CompileResponse;
}

/** The key a request is looked up by: its canonical JSON, so member order and absent members do not count. */
const answerKey = (request: Record<string, unknown>) => canonicalJson(request);

const file = process.argv[2];
if (!file) {
  process.stderr.write("usage: fixed-answer-server.js <answers.json>\n");
  process.exit(2);
}
const answers = new Map(
  (JSON.parse(readFileSync(file, "utf8")) as FixedAnswer[]).map((a) => [answerKey(a.request), a.result]),
);

const fixedCompile = {
  ...compileContextTool,
  run: ({ response_format: _format, ...request }: Record<string, unknown>) => {
    const result = answers.get(answerKey(request));
    if (!result) throw new Error("no stored answer for this request");
    return result;
  },
};

await serveStdio(
  createServer({
    name: "archon-fixed-answers",
    version: VERSION,
    tools: [fixedCompile],
    context: undefined,
    prefix: toolPrefix(),
  }),
);
