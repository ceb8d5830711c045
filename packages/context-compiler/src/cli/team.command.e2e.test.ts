// The team server's commands as a person types them: clear refusals, never a stack trace.
import { spawnSync } from "node:child_process";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type TestProject, tempProject } from "../test-support/project.js";
import { ARCHON_BIN } from "../test-support/stdio-client.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject();
});
afterEach(() => project.cleanup());

const archon = (...args: string[]) =>
  spawnSync(process.execPath, [ARCHON_BIN, "--db", project.dbPath, "--project-root", project.root, ...args], {
    encoding: "utf8",
    timeout: 20_000,
  });

describe("archon token and archon serve --http", () => {
  it("creates, lists and revokes tokens, printing the secret only when it is created", () => {
    const created = archon("token", "create", "--person", "ana", "--scope", "admin");
    expect(created.status).toBe(0);
    const secret = /\n {2}(archon_tok_\S+)\n/.exec(created.stdout)?.[1] as string;
    expect(secret).toBeDefined();
    const listed = archon("token", "list");
    expect(listed.stdout).toMatch(/^tok_\S+ {2}ana {2}archon:admin {2}created \S+\n$/);
    expect(listed.stdout).not.toContain(secret);
    const id = listed.stdout.split(" ")[0] as string;
    expect(archon("token", "revoke", id).stdout).toBe(`Revoked ${id}.\n`);
    expect(archon("token", "list").stdout).toContain("revoked");
  });

  it("refuses what cannot work, saying what to do", () => {
    const refusals = [
      archon("token", "create"),
      archon("token", "create", "--person", "ana", "--scope", "root"),
      archon("token", "revoke", "tok_missing"),
      archon("serve", "--listen", "127.0.0.1:7420"),
      archon("serve", "--http", "--listen", "0.0.0.0:0"),
      archon("serve", "--http", "--listen", "nowhere"),
    ];
    expect(refusals.map((r) => r.status)).toEqual([1, 1, 1, 1, 1, 1]);
    for (const r of refusals) expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(refusals[4]?.stderr).toContain("Add --allow-host <name>");
    expect(refusals[5]?.stderr).toContain('--listen must be host:port, not "nowhere"');
  });
});
