// The readers of a torture run: agent servers compiling and asking workspace_status in a loop. Each has its
// background audit writer thread committing compile rows beside the writers: the case that corrupted.
import type { Ledger } from "./torture-ledger.js";
import { startServer, type TortureProject } from "./torture-processes.js";
import { firstLine } from "./torture-writers.js";

const REQUESTS = [
  { target_files: ["src/admin0/index.ts"], plan: "add paging to the users route" },
  { target_files: ["src/seeded/model.ts", "src/admin1/view.ts"] },
  { target_files: ["src/proposed/api.ts"], content_mode: "metadata" },
  { target_files: ["src/admin2/a.ts", "lib/b.ts"], max_inline_bytes: 1500 },
];

/**
 * Compiles until `writing()` says the writers are done (at least once, so every reader answers) or the
 * deadline passes, with a workspace_status every fourth turn; then ends its session as a client does.
 */
export async function agentReader(
  project: TortureProject,
  ledger: Ledger,
  name: string,
  writing: () => boolean,
  deadline: number,
): Promise<void> {
  const server = await startServer(project, "agent").catch((error: Error) => error);
  if (server instanceof Error) return ledger.fail(name, firstLine(server.message));
  for (let turn = 0; turn === 0 || (writing() && Date.now() < deadline); turn++) {
    const tool = turn % 4 === 3 ? "workspace_status" : "compile_context";
    const args = tool === "workspace_status" ? {} : { ...REQUESTS[turn % REQUESTS.length], agent_id: name };
    try {
      const answer = await server.call(tool, args);
      ledger.answers.push({
        reader: name,
        tool,
        isError: answer.isError === true,
        structured: answer.structuredContent,
        text: answer.content.map((c) => (c.type === "text" ? c.text : "")).join("\n"),
      });
    } catch (error) {
      ledger.fail(name, `${tool}: ${(error as Error).message} ${firstLine(server.stderr())}`);
      return;
    }
  }
  await server.close();
  if (server.stderr() !== "") ledger.fail(name, `server stderr: ${firstLine(server.stderr())}`);
}
