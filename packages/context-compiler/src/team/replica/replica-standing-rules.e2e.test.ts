import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { archonCliAsync, startTeamServer, type TeamServerProcess } from "../../bench/team-server-process.js";
import { writeContext } from "../../context/archon-context.js";
import { RULES_FILE, type RuleSection, renderRulesFile } from "../../knowledge/standing-rules/rules-file.js";
import { syncRulesFile } from "../../knowledge/standing-rules/sync-rules-file.js";
import { doc, seed, type TestProject, tempProject } from "../../test-support/project.js";

const NO_TESTS: RuleSection = {
  doc_id: "rule-no-tests",
  title: "Tests only on request",
  content: "Do not run the test suite unless the user asks for tests.",
};
const PNPM: RuleSection = {
  doc_id: "rule-pnpm",
  title: "Use pnpm",
  content: "Install packages with pnpm, never npm or yarn.",
};

let server: TeamServerProcess;
let project: TestProject;
let replica: TestProject;
let config: string;
let secret: string;

const run = (p: TestProject, args: string[], input = "") =>
  archonCliAsync(["--db", p.dbPath, "--project-root", p.root], args, { XDG_CONFIG_HOME: config }, input);

/** The server's standing rules become `rules`, as a person absorbing their edited rules.md there would. */
function standOnServer(rules: RuleSection[]): void {
  project.write(RULES_FILE, renderRulesFile(rules));
  const ctx = project.context();
  try {
    expect(syncRulesFile(writeContext(ctx)).changed).toBe(true);
  } finally {
    ctx.close();
  }
}

async function sync(...args: string[]) {
  const r = await run(replica, ["sync", ...args, "--json"]);
  expect([r.status, r.stderr]).toEqual([0, ""]);
  return JSON.parse(r.stdout) as { to_version: number; rules_file_written: boolean; warnings: string[] };
}

/** The prompt hook, through the installed command, as Claude Code runs it. */
const prompt = async (session: string, text: string) =>
  run(
    replica,
    ["sync-rules", "--hook"],
    JSON.stringify({ hook_event_name: "UserPromptSubmit", session_id: session, prompt: text }),
  );

const rulesText = (p: TestProject) => readFileSync(join(p.root, RULES_FILE), "utf8");

beforeAll(async () => {
  project = tempProject("archon-rules-server-");
  seed(project.context(), { documents: [doc("api-errors", { content: "Return typed errors." })] });
  standOnServer([NO_TESTS, PNPM]);
  server = await startTeamServer(["--db", project.dbPath, "--project-root", project.root]);
  const token = await run(project, ["token", "create", "--person", "dana", "--json"]);
  secret = (JSON.parse(token.stdout) as { secret: string }).secret;
  replica = tempProject("archon-rules-replica-");
  config = mkdtempSync(join(tmpdir(), "archon-rules-config-"));
}, 60_000);

afterAll(async () => {
  await server?.stop();
  project?.cleanup();
  replica?.cleanup();
  rmSync(config, { recursive: true, force: true });
});

describe("standing rules on a replica", () => {
  it("come with a sync: the prompt hook injects the server's rule, and rules.md is the server's", async () => {
    expect(await sync("--server", server.url, "--token", secret)).toMatchObject({
      to_version: 2,
      rules_file_written: true,
      warnings: [],
    });
    expect(rulesText(replica)).toBe(rulesText(project));
    const injected = await prompt("s1", "please run the test suite for the parser");
    expect([injected.status, injected.stdout, injected.stderr]).toEqual([
      0,
      [
        "Standing rules from archon that apply to this request (decisions the team made; follow them):",
        `- ${NO_TESTS.title} [${NO_TESTS.doc_id}]: ${NO_TESTS.content}`,
        "",
      ].join("\n"),
      "",
    ]);
    // Once per session, as on the server; a prompt no rule is about gets nothing.
    expect((await prompt("s1", "run the test suite again")).stdout).toBe("");
    expect((await prompt("s2", "rename the header component")).stdout).toBe("");
  }, 90_000);

  it("follow the server's changes, and leave a rules.md with local edits as it was, saying so", async () => {
    const changed = { ...PNPM, content: "Install packages with pnpm only." };
    standOnServer([changed]);
    expect(await sync()).toMatchObject({ to_version: 3, rules_file_written: true, warnings: [] });
    expect(rulesText(replica)).toBe(rulesText(project));
    expect((await prompt("s3", "please run the test suite for the parser")).stdout).toBe("");
    expect((await prompt("s3", "install the packages with npm")).stdout).toContain(`[${PNPM.doc_id}]`);

    const edited = `${rulesText(replica)}\nA note of my own.\n`;
    writeFileSync(join(replica.root, RULES_FILE), edited);
    standOnServer([changed, NO_TESTS]);
    expect(await sync()).toMatchObject({
      to_version: 4,
      rules_file_written: false,
      warnings: [
        `${RULES_FILE} was left as it was: it has edits that are not this replica's standing rules. Move those edits to the team server (they are approved there), then delete the file; the next sync that changes a standing rule renders it again.`,
      ],
    });
    expect(rulesText(replica)).toBe(edited);
    // The rules themselves are synced all the same.
    expect((await prompt("s4", "please run the test suite for the parser")).stdout).toContain(
      `[${NO_TESTS.doc_id}]`,
    );
  }, 90_000);
});
