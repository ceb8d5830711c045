// `npm start`: the main job on the bundled example. Copies examples/demo-project to a temporary folder,
// seeds it, starts the agent server as a child process, compiles context for two files over a real
// MCP client on stdio, and prints what an agent would receive. Then shows a PRD pipeline run.
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const repo = fileURLToPath(new URL("..", import.meta.url));
const archonBin = join(repo, "packages/context-compiler/bin/archon.js");
const bold = (s) => (process.stdout.isTTY ? `\x1b[1m${s}\x1b[0m` : s);
const dim = (s) => (process.stdout.isTTY ? `\x1b[2m${s}\x1b[0m` : s);

const project = mkdtempSync(join(tmpdir(), "archon-demo-"));
cpSync(join(repo, "examples/demo-project"), project, { recursive: true });
console.log(bold("Archon demo"));
console.log(`Example project copied to ${project}\n`);

console.log(bold("1. Seed the knowledge base from archon.seed.yaml"));
const seeded = execFileSync(
  process.execPath,
  [archonBin, "--project-root", project, "seed", "archon.seed.yaml"],
  {
    cwd: project,
    encoding: "utf8",
  },
);
console.log(dim(seeded.trim()), "\n");

console.log(bold("2. Start the agent surface and connect an MCP client over stdio"));
const transport = new StdioClientTransport({
  command: process.execPath,
  args: [archonBin, "--surface", "agent", "--db", ".archon/archon.db", "--project-root", project],
  stderr: "inherit",
});
const client = new Client({ name: "archon-demo", version: "0.1.0" });
await client.connect(transport);
const { tools } = await client.listTools();
console.log(dim(`Connected. ${tools.length} tools: ${tools.map((t) => t.name).join(", ")}`), "\n");

const requests = [
  { target_files: ["src/api/invoices.ts"], plan: "add cursor pagination to listInvoices" },
  {
    target_files: ["src/server/routes/invoices.route.ts"],
    plan: "add a route to void an invoice",
    command: "scaffold",
  },
];
let step = 3;
for (const request of requests) {
  const result = await client.callTool({ name: "archon_compile_context", arguments: request });
  if (result.isError) throw new Error(result.content[0]?.text);
  const r = result.structuredContent;
  console.log(
    bold(
      `${step++}. compile_context ${request.target_files.join(", ")}${request.command ? ` (command ${request.command})` : ""}`,
    ),
  );
  console.log(dim(`   plan: "${request.plan}"`));
  const docs = [...r.base.documents, ...r.base.templates];
  for (const d of docs) {
    const how =
      d.delivery === "deferred"
        ? `deferred → ${d.source_path}`
        : d.delivery === "omitted"
          ? `omitted (${d.omit_reason})`
          : "inline";
    console.log(
      `   ${d.doc_id.padEnd(26)} ${d.kind.padEnd(10)} ${String(d.content_bytes).padStart(5)} B  ${how}`,
    );
  }
  console.log(
    `   documents ${docs.length} · inline ${r.budget.inline_bytes}/${r.budget.max_inline_bytes} bytes`,
  );
  console.log(
    `   compile_id ${r.compile_id} · knowledge_version ${r.knowledge_version} · snapshot ${r.snapshot_id}`,
  );
  for (const w of r.warnings) console.log(`   warning: ${w}`);
  for (const n of r.notices) console.log(`   notice: ${n}`);
  console.log();
}
await client.close();

const prdDemo = join(repo, "packages/prd-pipeline/dist/demo/index.js");
if (existsSync(prdDemo)) {
  console.log(bold(`${step}. PRD pipeline: a feature run driven by a scripted host with canned drafts`));
  const { runPrdDemo } = await import(prdDemo);
  const run = await runPrdDemo({ projectRoot: project, log: (line) => console.log(dim(`   ${line}`)) });
  console.log(`   files: ${run.files.map((f) => f.split("/").pop()).join(", ")}`);
  console.log(`   ${run.roundTrips} round trips in ${Math.round(run.ms)} ms\n`);
}
console.log(`Try it yourself: node ${archonBin} --project-root ${project} compile src/lib/money.ts`);
