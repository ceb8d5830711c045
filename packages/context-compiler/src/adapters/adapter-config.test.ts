import type { UserError } from "@archon/core";
import { describe, expect, it } from "vitest";
import { ARCHON_BIN, archonCommand, shellArg } from "./adapter-config.js";

const bin = ARCHON_BIN.replace(/\\/g, "/");

describe("the command the installed hooks run", () => {
  it("is node, archon's own bin and the project root, with forward slashes and no shell syntax", () => {
    expect(archonCommand({ projectRoot: "/srv/shop" })).toBe(`node ${bin} --project-root /srv/shop`);
    expect(archonCommand({ projectRoot: "/srv/shop", dbPath: "/srv/shop/.archon/archon.db" })).toBe(
      `node ${bin} --project-root /srv/shop`,
    );
  });

  it("passes a database that is not the default one, relative to the project when it is inside", () => {
    expect(archonCommand({ projectRoot: "/srv/shop", dbPath: "/srv/shop/data/kb.db" })).toBe(
      `node ${bin} --project-root /srv/shop --db data/kb.db`,
    );
    expect(archonCommand({ projectRoot: "/srv/shop", dbPath: "/var/kb.db" })).toBe(
      `node ${bin} --project-root /srv/shop --db /var/kb.db`,
    );
  });

  it("double-quotes paths with spaces, which sh, cmd.exe and PowerShell all read the same", () => {
    expect(archonCommand({ projectRoot: "/home/dev/My Project" })).toBe(
      `node ${bin} --project-root "/home/dev/My Project"`,
    );
    expect(shellArg("C:/Users/dev/My Project")).toBe('"C:/Users/dev/My Project"');
    expect(shellArg("C:/Users/dev/shop")).toBe("C:/Users/dev/shop");
  });

  it("refuses a path a shell would expand instead of writing a command that breaks", () => {
    expect(() => archonCommand({ projectRoot: "/home/dev/$HOME" })).toThrow(
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
    expect(
      archonCommand({
        projectRoot: "/srv/shop",
        env: { ARCHON_HOOK_COMMAND: "archon --project-root /srv/shop" },
      }),
    ).toBe("archon --project-root /srv/shop");
    expect(() =>
      archonCommand({ projectRoot: "/srv/shop", env: { ARCHON_HOOK_COMMAND: "my-tool" } }),
    ).toThrow(/must mention archon/);
  });
});
