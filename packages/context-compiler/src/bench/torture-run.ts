// One torture run: a git project with one knowledge database, every writer and reader of a TortureSize
// against it at once, seeded kills on counts of acknowledged writes, and the ledger of what was seen.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createArchonContext, writeContext } from "../context/archon-context.js";
import { applySeed } from "../knowledge/apply-seed.js";
import { createProposal } from "../store/proposals.js";
import { Ledger, WriterSlot } from "./torture-ledger.js";
import { planKills, type TortureSize, type WriterName, writerNames } from "./torture-plan.js";
import { personShellEnv, type TortureProject } from "./torture-processes.js";
import { agentReader } from "./torture-readers.js";
import { adminWriter, approveWriter, hookWriter, seedWriter, type WriterRun } from "./torture-writers.js";

export interface PendingProposal {
  id: string;
  doc_id: string;
  content: string;
}

export interface TortureProjectFixture extends TortureProject {
  /** One pending new_doc proposal per approve round. */
  proposals: PendingProposal[];
  cleanup(): void;
}

/** A git project whose database holds one approved document (version 1) and `rounds` pending proposals. */
export function tortureProject(rounds: number): TortureProjectFixture {
  const root = mkdtempSync(join(tmpdir(), "archon-torture-"));
  const dbPath = join(root, ".archon", "archon.db");
  mkdirSync(join(root, ".archon"), { recursive: true });
  writeFileSync(join(root, ".gitignore"), ".archon/archon.db*\n.archon/hooks/\nseeds/\n");
  const env = personShellEnv({ GIT_CONFIG_GLOBAL: "/dev/null", GIT_CONFIG_NOSYSTEM: "1" });
  const identity = ["-c", "user.name=Torture", "-c", "user.email=torture@example.com"];
  execFileSync("git", ["init", "-q", "-b", "main"], { cwd: root, env });
  execFileSync("git", ["add", "-A"], { cwd: root, env });
  execFileSync("git", [...identity, "commit", "-q", "-m", "start"], { cwd: root, env });

  const ctx = createArchonContext({ surface: "admin", dbPath, projectRoot: root });
  const proposals: PendingProposal[] = [];
  try {
    applySeed(writeContext(ctx), {
      documents: [
        {
          doc_id: "base",
          title: "Base rule",
          kind: "guideline",
          priority: 100,
          content: "Every module says what it is for in its first line.",
          source_path: null,
          patterns: ["src/**"],
          layers: [],
          commands: [],
          depends_on: [],
          description: null,
        },
      ],
      layer_rules: [],
    });
    for (let i = 0; i < rounds; i++) {
      const doc_id = `proposed-${i}`;
      const content = `Proposed rule ${i}: validate input at the boundary.`;
      const payload = {
        doc_id,
        title: `Proposed ${i}`,
        content,
        edge_hints: [{ edge_type: "path_requires", source_value: "src/proposed/**" }],
      };
      const p = createProposal(
        ctx.kdb.db,
        { proposal_type: "new_doc", payload, source: "import" },
        ctx.clock,
        ctx.ids,
      );
      proposals.push({ id: p.proposal_id, doc_id, content });
    }
  } finally {
    ctx.close();
  }
  return { root, dbPath, proposals, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

export interface TortureRun {
  ledger: Ledger;
  /** SIGKILLs that hit a writer's process. */
  kills: number;
}

export async function runTorture(project: TortureProjectFixture, size: TortureSize): Promise<TortureRun> {
  const slots = new Map<WriterName, WriterSlot>(writerNames(size).map((n) => [n, new WriterSlot(n)]));
  const ledger = new Ledger(planKills(size), slots);
  const deadline = Date.now() + size.maxMs;
  const run = (name: WriterName): WriterRun => ({
    project,
    ledger,
    slot: slots.get(name) as WriterSlot,
    size,
    deadline,
  });
  let writing = true;
  const finished = (name: WriterName) => () => {
    (slots.get(name) as WriterSlot).done = true;
  };
  const writers = Promise.all([
    ...Array.from({ length: size.adminServers }, (_, i) =>
      adminWriter(run(`admin-${i}`), i).finally(finished(`admin-${i}`)),
    ),
    approveWriter(run("approve"), project.proposals).finally(finished("approve")),
    seedWriter(run("seed")).finally(finished("seed")),
    hookWriter(run("hook")).finally(finished("hook")),
  ]).finally(() => {
    writing = false;
  });
  const readers = Array.from({ length: size.agentServers }, (_, i) =>
    agentReader(project, ledger, `agent-${i}`, () => writing, deadline),
  );
  await Promise.all([writers, ...readers]);
  return { ledger, kills: [...slots.values()].reduce((sum, s) => sum + s.fired, 0) };
}
