// The writers of a torture run, each a loop of real processes: admin servers calling import_doc, and the
// commands a person and Claude Code run (`archon approve`, `archon seed`, `archon sync-rules --hook`).
import { execFile } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { renderRulesFile } from "../knowledge/standing-rules/rules-file.js";
import type { AckedWrite, Ledger, WriterSlot } from "./torture-ledger.js";
import type { TortureSize } from "./torture-plan.js";
import {
  type CommandRun,
  personShellEnv,
  runArchon,
  type ServerProcess,
  startServer,
  type TortureProject,
} from "./torture-processes.js";

export interface WriterRun {
  project: TortureProject;
  ledger: Ledger;
  slot: WriterSlot;
  size: TortureSize;
  /** No write starts after this time (Date.now()). */
  deadline: number;
}

const textOf = (r: CallToolResult) => r.content.map((c) => (c.type === "text" ? c.text : "")).join("\n");

/** The first line of what a process said: enough to name the failure, without its stack. */
export const firstLine = (text: string) => text.trim().split("\n")[0] ?? "";

/** One admin server after another (a killed one is replaced), import_doc after import_doc. */
export async function adminWriter(run: WriterRun, index: number): Promise<void> {
  const { ledger, slot } = run;
  let server: ServerProcess | undefined;
  for (let i = 0; i < run.size.importsPerServer && Date.now() < run.deadline; i++) {
    if (!server) {
      const started = await startServer(run.project, "admin").catch((error: Error) => error);
      if (started instanceof Error) return ledger.fail(slot.name, firstLine(started.message));
      server = started;
      slot.running(() => started.kill());
    }
    const doc_id = `imported-${index}-${i}`;
    const content = `Rule ${i} imported by admin server ${index}: keep module ${i} free of side effects.`;
    try {
      const answer = await server.call("import_doc", {
        doc_id,
        title: `Imported ${index}.${i}`,
        content,
        edge_hints: [{ edge_type: "path_requires", source_value: `src/admin${index}/**` }],
      });
      if (answer.isError) ledger.fail(slot.name, `import_doc ${doc_id}: ${textOf(answer)}`);
      else {
        const { knowledge_version } = answer.structuredContent as { knowledge_version: number };
        ledger.ack({ writer: slot.name, knowledge_version, docs: [{ doc_id, content }] });
      }
    } catch (error) {
      const stderr = server.stderr();
      await server.close().catch(() => {});
      server = undefined;
      if (slot.ended()) ledger.unknown.push(doc_id);
      else ledger.fail(slot.name, `import_doc ${doc_id}: ${(error as Error).message} ${firstLine(stderr)}`);
    }
  }
  if (server) {
    await server.close().catch(() => {});
    // A server killed after its last answer has nothing to say; one that ends its session must be quiet.
    if (!slot.ended() && server.stderr() !== "")
      ledger.fail(slot.name, `server stderr: ${firstLine(server.stderr())}`);
  }
}

interface Round {
  args: string[];
  stdin?: string;
  /** The doc_ids the round writes: unknown when its process is killed. */
  doc_ids: string[];
  /** The acknowledged writes in a successful run's output; a string says what is wrong with it. */
  acked(stdout: string): AckedWrite[] | string;
}

/** One `archon` command per round; a killed one leaves its round's writes unknown. */
async function commandWriter(run: WriterRun, round: (i: number) => Promise<Round>): Promise<void> {
  const { ledger, slot } = run;
  for (let i = 0; i < run.size.cliRounds && Date.now() < run.deadline; i++) {
    const r = await round(i);
    const result: CommandRun = await runArchon(run.project, r.args, r.stdin ?? "", (kill) =>
      slot.running(kill),
    );
    slot.ended();
    if (result.signal === "SIGKILL") {
      ledger.unknown.push(...r.doc_ids);
      continue;
    }
    const acked = result.code === 0 && result.stderr === "" ? r.acked(result.stdout) : "";
    if (typeof acked === "string")
      ledger.fail(slot.name, `${r.args.join(" ")}: exit ${result.code} ${acked} ${firstLine(result.stderr)}`);
    else for (const write of acked) ledger.ack(write);
  }
}

/** `archon approve <proposal> --json`, one pending proposal per round, as a person at a terminal. */
export function approveWriter(
  run: WriterRun,
  proposals: readonly { id: string; doc_id: string; content: string }[],
) {
  return commandWriter(run, async (i) => {
    const p = proposals[i] as (typeof proposals)[number];
    return {
      args: ["approve", p.id, "--json"],
      doc_ids: [p.doc_id],
      acked: (stdout) => {
        const { knowledge_version } = JSON.parse(stdout) as { knowledge_version: number };
        return [
          { writer: run.slot.name, knowledge_version, docs: [{ doc_id: p.doc_id, content: p.content }] },
        ];
      },
    };
  });
}

/** `archon seed <file> --json` of a new seed file of two documents each round. */
export function seedWriter(run: WriterRun) {
  const folder = join(run.project.root, "seeds");
  mkdirSync(folder, { recursive: true });
  return commandWriter(run, async (i) => {
    const docs = ["a", "b"].map((part) => ({
      doc_id: `seeded-${i}-${part}`,
      content: `Seeded rule ${i}${part}: name files for what they hold.`,
    }));
    const file = join(folder, `round-${i}.yaml`);
    const items = docs.map((d) =>
      [
        `  - doc_id: ${d.doc_id}`,
        `    title: ${JSON.stringify(`Seeded ${d.doc_id}`)}`,
        `    content: ${JSON.stringify(d.content)}`,
        `    patterns: ["src/seeded/**"]`,
      ].join("\n"),
    );
    writeFileSync(file, `documents:\n${items.join("\n")}\n`);
    return {
      args: ["seed", file, "--json"],
      doc_ids: docs.map((d) => d.doc_id),
      acked: (stdout) => {
        const { knowledge_version, changed } = JSON.parse(stdout) as {
          knowledge_version: number;
          changed: boolean;
        };
        if (!changed) return `seed of ${file} changed nothing`;
        return [{ writer: run.slot.name, knowledge_version, docs }];
      },
    };
  });
}

const git = promisify(execFile);
const gitEnv = personShellEnv({
  GIT_CONFIG_GLOBAL: "/dev/null",
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_AUTHOR_NAME: "Torture",
  GIT_AUTHOR_EMAIL: "torture@example.com",
  GIT_COMMITTER_NAME: "Torture",
  GIT_COMMITTER_EMAIL: "torture@example.com",
});

/** A teammate commits one more standing rule to rules.md, then Claude Code's prompt hook runs. */
export function hookWriter(run: WriterRun) {
  const root = run.project.root;
  const absorbed = /absorbed \d+ committed edit\(s\) to \.archon\/rules\.md \(knowledge_version (\d+)\)/;
  return commandWriter(run, async (i) => {
    const rules = Array.from({ length: i + 1 }, (_, n) => ({
      doc_id: `rule-hook-${n}`,
      title: `Hook rule ${n}`,
      content: `Standing rule ${n}: run the linter before every commit.`,
    }));
    writeFileSync(join(root, ".archon", "rules.md"), renderRulesFile(rules));
    await git("git", ["add", ".archon/rules.md"], { cwd: root, env: gitEnv });
    await git("git", ["commit", "-q", "-m", `rule ${i}`], { cwd: root, env: gitEnv });
    const event = {
      session_id: "torture",
      cwd: root,
      hook_event_name: "UserPromptSubmit",
      prompt: "lint it",
    };
    return {
      args: ["sync-rules", "--hook"],
      stdin: JSON.stringify(event),
      doc_ids: [`rule-hook-${i}`],
      acked: (stdout) => {
        const match = absorbed.exec(stdout);
        if (!match) return `the hook did not absorb rule ${i}: ${JSON.stringify(stdout)}`;
        return [
          {
            writer: run.slot.name,
            knowledge_version: Number(match[1]),
            docs: [{ doc_id: `rule-hook-${i}` }],
          },
        ];
      },
    };
  });
}
