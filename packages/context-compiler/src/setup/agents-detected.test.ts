import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { PassThrough } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { exportRulesCommand } from "../cli/export-rules.command.js";
import { resolveGlobalOptions } from "../cli/options.js";
import { setupCommand } from "../cli/setup.command.js";
import { fakeHome } from "../test-support/fake-clients.js";
import { git } from "../test-support/git.js";
import { doc, seed, type TestProject, tempProject } from "../test-support/project.js";

let project: TestProject;
let home: string;
beforeEach(() => {
  project = tempProject("archon-agents-detected-");
  home = mkdtempSync(join(tmpdir(), "archon-agents-detected-home-"));
  git(project.root, "init", "-q", "-b", "main");
});
afterEach(() => {
  project.cleanup();
  rmSync(home, { recursive: true, force: true });
});

/** `archon setup --yes --json` without --agents; returns what it printed as JSON. */
async function setupYes(): Promise<{ registrations: { agent: string }[]; adapters: { written: number } }> {
  const json = new PassThrough();
  let printed = "";
  json.on("data", (d) => {
    printed += d.toString();
  });
  await setupCommand(
    resolveGlobalOptions({ projectRoot: project.root }),
    { yes: true, template: "none", json: true, embeddings: false },
    {
      input: new PassThrough(),
      output: new PassThrough(),
      json,
      interactive: false,
      env: { PATH: "", ...fakeHome(home) },
    },
  );
  return JSON.parse(printed);
}

/** Every file of the project outside git's and archon's own folders, with its size and time. */
function files(): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      const rel = relative(project.root, path);
      if (rel === ".git" || rel === ".archon") continue;
      const st = statSync(path);
      if (st.isDirectory()) walk(path);
      else out[rel] = `${st.size} ${st.mtimeMs}`;
    }
  };
  walk(project.root);
  return out;
}

describe("setup and export-rules detect the same agents", () => {
  it("set up and export for Cursor and Gemini CLI only, and a second setup writes no file", async () => {
    mkdirSync(join(project.root, ".cursor"), { recursive: true });
    project.write("GEMINI.md", "# Notes\n\nAnswer briefly.\n");
    const first = await setupYes();
    expect(first.registrations.map((r) => r.agent)).toEqual(["cursor", "gemini"]);
    const ctx = project.context("admin");
    seed(ctx, { documents: [doc("api", { patterns: ["src/api/**"] })] });
    ctx.close();
    let said = "";
    exportRulesCommand(resolveGlobalOptions({ projectRoot: project.root }), {}, (t) => {
      said += t;
    });
    expect(said).toContain("Exported 1 rule(s) for cursor, gemini.");
    const exported = files();
    expect(
      Object.keys(exported).filter((f) => /^(CLAUDE|AGENTS)\.md$|^\.(claude|codex|agents)\//.test(f)),
    ).toEqual([]);
    const second = await setupYes();
    expect(second.registrations.map((r) => r.agent)).toEqual(["cursor", "gemini"]);
    expect(second.adapters.written).toBe(0);
    expect(files()).toEqual(exported);
  });

  it("writes Gemini CLI's managed block into GEMINI.md, keeping the person's text above it", async () => {
    mkdirSync(join(project.root, ".gemini"), { recursive: true });
    project.write("GEMINI.md", "# Notes\n\nAnswer briefly.\n");
    await setupYes();
    expect(readFileSync(join(project.root, "GEMINI.md"), "utf8")).toMatch(
      /^# Notes\n\nAnswer briefly\.\n\n<!-- archon:start -->\n## Archon: compile the rules before any change\n[\s\S]*<!-- archon:end -->\n$/,
    );
  });
});
