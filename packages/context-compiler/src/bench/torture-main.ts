// `node packages/context-compiler/dist/bench/torture-main.js [--admins 6] [--imports 60] [--agents 3]
// [--rounds 20] [--kills 12] [--seconds 240] [--seed 30] [--json]`: the multi-process torture run of
// store/multi-process.e2e.test.ts at a larger size. It reports counts (writes acknowledged, kills,
// integrity, broken promises), not timings.
import { benchArgs } from "./bench-args.js";
import { checkTortureDatabase } from "./torture-check.js";
import type { TortureSize } from "./torture-plan.js";
import { runTorture, tortureProject } from "./torture-run.js";

const USAGE =
  "usage: torture-main.js [--admins N] [--imports N] [--agents N] [--rounds N] [--kills N] [--seconds N] [--seed N] [--json]";
const values = benchArgs(USAGE, {
  admins: { type: "string", default: "6" },
  imports: { type: "string", default: "60" },
  agents: { type: "string", default: "3" },
  rounds: { type: "string", default: "20" },
  kills: { type: "string", default: "12" },
  seconds: { type: "string", default: "240" },
  seed: { type: "string", default: "30" },
  json: { type: "boolean", default: false },
});

const size: TortureSize = {
  seed: Number(values.seed),
  adminServers: Number(values.admins),
  importsPerServer: Number(values.imports),
  agentServers: Number(values.agents),
  cliRounds: Number(values.rounds),
  kills: Number(values.kills),
  maxMs: Number(values.seconds) * 1000,
};
if (Object.values(size).some((n) => !Number.isInteger(n) || n < 0)) {
  process.stderr.write(
    "usage: torture-main.js [--admins N] [--imports N] [--agents N] [--rounds N] [--kills N] [--seconds N] [--seed N] [--json]\n",
  );
  process.exit(2);
}

interface TortureReport {
  size: TortureSize;
  writes_acknowledged: number;
  commits_acknowledged: number;
  writes_unknown: number;
  kills: number;
  reader_answers: number;
  knowledge_version: number | null;
  integrity: string;
  problems: string[];
}

process.stderr.write("torture: many processes on one database, some killed mid-write\n");
const project = tortureProject(size.cliRounds);
try {
  const { ledger, kills } = await runTorture(project, size);
  const verdict = checkTortureDatabase(project.dbPath, ledger);
  const report: TortureReport = {
    size,
    writes_acknowledged: ledger.acked.reduce((n, w) => n + w.docs.length, 0),
    commits_acknowledged: ledger.acked.length,
    writes_unknown: ledger.unknown.length,
    kills,
    reader_answers: ledger.answers.length,
    knowledge_version: verdict.knowledge_version,
    integrity: verdict.integrity,
    problems: verdict.problems,
  };
  process.stdout.write(values.json ? `${JSON.stringify(report, null, 2)}\n` : `${markdown(report)}\n`);
} finally {
  project.cleanup();
}

function markdown(r: TortureReport): string {
  const kept = r.integrity === "ok" && r.problems.length === 0;
  // Like the team-load section, a broken promise is reported rather than stopping the sections after it.
  const shown = r.problems.slice(0, 10).map((p) => `- ${p}`);
  return [
    `${r.size.adminServers} admin servers importing (${r.size.importsPerServer} each), ${r.size.agentServers} agent servers compiling, ${r.size.cliRounds} rounds each of \`archon approve\`, \`archon seed\` and the prompt hook, on one database (seed ${r.size.seed}):`,
    "",
    "| measure | value |",
    "|---|---:|",
    `| writes acknowledged (documents) | ${r.writes_acknowledged} |`,
    `| commits acknowledged | ${r.commits_acknowledged} |`,
    `| writes whose process was killed before it answered (outcome unknown) | ${r.writes_unknown} |`,
    `| SIGKILLs | ${r.kills} |`,
    `| reader answers checked | ${r.reader_answers} |`,
    `| knowledge_version at the end | ${r.knowledge_version} |`,
    `| PRAGMA integrity_check | ${r.integrity.replaceAll("\n", " ")} |`,
    `| broken promises (lost writes, gaps, bad snapshots or answers) | ${r.problems.length} |`,
    "",
    kept
      ? "No broken promise."
      : ["**FAIL**:", ...shown, r.problems.length > 10 ? `- and ${r.problems.length - 10} more` : ""].join(
          "\n",
        ),
  ].join("\n");
}
