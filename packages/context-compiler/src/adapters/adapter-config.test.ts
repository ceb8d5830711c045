import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { UserError } from "@archon/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { adapterConfig, archonCommand, shellArg } from "./adapter-config.js";
import { ARCHON_BIN } from "./launcher.js";

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "archon-command-"));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** The project installed archon as a dependency, the way npm lays out its bin. */
function installArchon() {
  mkdirSync(join(root, "node_modules", ".bin"), { recursive: true });
  writeFileSync(join(root, "node_modules", ".bin", "archon"), "#!/bin/sh\n");
}

describe("the command the installed hooks run", () => {
  it("takes the project root from the hook's environment, never the deploying machine's folder", () => {
    expect(archonCommand({ projectRoot: root }, "claude")).toBe(
      `node ${ARCHON_BIN} --project-root "$CLAUDE_PROJECT_DIR"`,
    );
    expect(archonCommand({ projectRoot: root }, "git")).toBe(
      `node ${ARCHON_BIN} --project-root "$(git rev-parse --show-toplevel)"`,
    );
    expect(archonCommand({ projectRoot: root }, "git")).not.toContain(root);
  });

  it("starts the project's own archon through npx once the project installed it", () => {
    installArchon();
    expect(archonCommand({ projectRoot: root }, "claude")).toBe(
      'npx --no-install --prefix "$CLAUDE_PROJECT_DIR" archon --project-root "$CLAUDE_PROJECT_DIR"',
    );
  });

  it("passes a database that is not the default one, relative to the project when it is inside", () => {
    expect(archonCommand({ projectRoot: root, dbPath: join(root, ".archon/archon.db") }, "git")).toBe(
      `node ${ARCHON_BIN} --project-root "$(git rev-parse --show-toplevel)"`,
    );
    expect(archonCommand({ projectRoot: root, dbPath: join(root, "data/kb.db") }, "claude")).toBe(
      `node ${ARCHON_BIN} --project-root "$CLAUDE_PROJECT_DIR" --db data/kb.db`,
    );
    expect(archonCommand({ projectRoot: root, dbPath: "/var/kb.db" }, "claude")).toBe(
      `node ${ARCHON_BIN} --project-root "$CLAUDE_PROJECT_DIR" --db /var/kb.db`,
    );
  });

  it("double-quotes paths with spaces, and refuses one a shell would expand", () => {
    expect(shellArg("C:/Users/dev/My Project")).toBe('"C:/Users/dev/My Project"');
    expect(shellArg("C:/Users/dev/shop")).toBe("C:/Users/dev/shop");
    expect(() => archonCommand({ projectRoot: root, dbPath: join(root, "$HOME.db") }, "git")).toThrow(
      /holds a character shells treat specially/,
    );
    const refused = (() => {
      try {
        shellArg("C:/100%/x");
      } catch (error) {
        return error as UserError;
      }
    })();
    expect(refused?.hint).toContain("or set ARCHON_HOOK_COMMAND");
  });

  it("takes ARCHON_HOOK_COMMAND as given, as long as it still names archon", () => {
    const env = { ARCHON_HOOK_COMMAND: "archon --project-root /srv/shop" };
    expect(archonCommand({ projectRoot: root, env }, "claude")).toBe("archon --project-root /srv/shop");
    expect(archonCommand({ projectRoot: root, env }, "git")).toBe("archon --project-root /srv/shop");
    expect(() =>
      archonCommand({ projectRoot: root, env: { ARCHON_HOOK_COMMAND: "my-tool" } }, "git"),
    ).toThrow(/must mention archon/);
  });
});

describe("where the Claude Code hooks go", () => {
  it("is the committed settings only when the project installed archon and no override is set", () => {
    const file = (env: NodeJS.ProcessEnv = {}) =>
      adapterConfig({ version: "1.0.0", projectRoot: root, env }).claudeSettings;
    expect(file()).toBe(".claude/settings.local.json");
    installArchon();
    expect(file()).toBe(".claude/settings.json");
    expect(file({ ARCHON_HOOK_COMMAND: "archon" })).toBe(".claude/settings.local.json");
    expect(
      adapterConfig({ version: "1.0.0", projectRoot: root, dbPath: "/var/kb.db", env: {} }).claudeSettings,
    ).toBe(".claude/settings.local.json");
  });
});
