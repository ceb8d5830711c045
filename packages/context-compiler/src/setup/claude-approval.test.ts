import { existsSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resolveGlobalOptions } from "../cli/options.js";
import { type SetupFlags, setupCommand } from "../cli/setup.command.js";
import { fakeHome } from "../test-support/fake-clients.js";
import { git } from "../test-support/git.js";
import { type TestProject, tempProject } from "../test-support/project.js";
import { APPROVAL_NOTE, approveProjectServers } from "./claude-approval.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject("archon-approval-");
  git(project.root, "init", "-q", "-b", "main");
  // Installed in the project: setup writes archon's entry into the committed .mcp.json.
  project.write("node_modules/.bin/archon", "#!/bin/sh\n");
});
afterEach(() => project.cleanup());

const ENV = {
  ...process.env,
  PATH: "",
  ARCHON_OLLAMA_URL: "http://127.0.0.1:9",
  ...fakeHome(join(tmpdir(), "archon-approval-test-home")),
};

async function setup(flags: SetupFlags) {
  const output = new PassThrough();
  let screen = "";
  output.on("data", (d) => {
    screen += d.toString();
  });
  await setupCommand(
    resolveGlobalOptions({ projectRoot: project.root }),
    { yes: true, agents: "claude", template: "none", embeddings: false, ...flags },
    { input: new PassThrough(), output, interactive: false, env: ENV },
  );
  return screen;
}

const LOCAL = ".claude/settings.local.json";
const readLocal = () => JSON.parse(readFileSync(join(project.root, LOCAL), "utf8"));

describe("archon setup --yes --approve-mcp", () => {
  it("approves archon's server in the person's own Claude Code settings, kept out of git", async () => {
    project.write(LOCAL, JSON.stringify({ permissions: { allow: ["Bash(ls)"] } }));
    const screen = await setup({ approveMcp: true });
    expect(readLocal()).toEqual({
      permissions: { allow: ["Bash(ls)"] },
      enabledMcpjsonServers: ["archon"],
    });
    expect(screen).toContain(
      "claude: approved archon for you in .claude/settings.local.json (Claude Code's personal settings, kept out of git).",
    );
    expect(git(project.root, "check-ignore", LOCAL)).toBe(`${LOCAL}\n`);
    expect(existsSync(join(project.root, ".claude/settings.json"))).toBe(true);
    expect(JSON.parse(readFileSync(join(project.root, ".claude/settings.json"), "utf8"))).not.toHaveProperty(
      "enabledMcpjsonServers",
    );
  });
});

describe("archon setup --yes without --approve-mcp", () => {
  it("approves nothing silently, and says how the person approves", async () => {
    const screen = await setup({});
    expect(existsSync(join(project.root, LOCAL))).toBe(false);
    expect(screen).toContain(APPROVAL_NOTE);
  });

  it("says nothing more once the person approved archon", async () => {
    project.write(LOCAL, JSON.stringify({ enabledMcpjsonServers: ["archon"] }));
    expect(await setup({})).not.toContain(APPROVAL_NOTE);
    expect(readLocal()).toEqual({ enabledMcpjsonServers: ["archon"] });
  });
});

describe("approving in a settings file the person controls", () => {
  it("leaves a server they disabled disabled, and one already approved as it is", () => {
    project.write(LOCAL, JSON.stringify({ disabledMcpjsonServers: ["archon-prd"] }));
    expect(approveProjectServers(project.root, ["archon", "archon-prd"])?.action).toBe("updated");
    expect(readLocal()).toEqual({
      disabledMcpjsonServers: ["archon-prd"],
      enabledMcpjsonServers: ["archon"],
    });
    expect(approveProjectServers(project.root, ["archon", "archon-prd"])).toBeUndefined();
  });

  it("refuses a settings file git tracks, which would commit the approval for everyone", () => {
    project.write(LOCAL, "{}\n");
    git(project.root, "add", "-f", LOCAL);
    expect(() => approveProjectServers(project.root, ["archon"])).toThrow(
      `git tracks ${LOCAL}, so archon did not approve its servers there`,
    );
    expect(readFileSync(join(project.root, LOCAL), "utf8")).toBe("{}\n");
  });
});
