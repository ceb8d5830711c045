import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { UserError } from "@archon/core";
import { parse } from "smol-toml";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mergeCodexToml, removeCodexTable } from "./config-files.js";

let root: string;
let path: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "archon-codex-config-"));
  mkdirSync(join(root, ".codex"));
  path = join(root, ".codex", "config.toml");
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const ENTRY = { command: "npx", args: ["--no-install", "archon", "--surface", "agent"] };
const ARCHON_TABLE = [
  "[mcp_servers.archon]",
  'command = "npx"',
  'args = ["--no-install", "archon", "--surface", "agent"]',
];
const write = (...lines: string[]) => writeFileSync(path, `${lines.join("\n")}\n`);
const read = () => readFileSync(path, "utf8");
/** The thrown error as a person reads it, or undefined when nothing was thrown. */
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof UserError ? error.describe() : `not a UserError: ${error}`;
  }
  return undefined;
};

describe("Setting archon's server in a Codex config.toml keeps one entry, whichever way the file wrote it", () => {
  it("replaces an existing [mcp_servers.archon] table and its sub-tables in place, keeping comments and other tables", () => {
    write(
      "# my settings",
      'model = "o4"',
      "",
      "[mcp_servers.archon]",
      'command = "old" # was here',
      "",
      "[mcp_servers.archon.env]",
      'X = "1"',
      "",
      "# the fast profile",
      "[profiles.fast]",
      'model = "mini"',
    );
    expect(mergeCodexToml(root, path, "archon", ENTRY).action).toBe("updated");
    expect(read()).toBe(
      [
        "# my settings",
        'model = "o4"',
        "",
        ...ARCHON_TABLE,
        "",
        "# the fast profile",
        "[profiles.fast]",
        'model = "mini"',
        "",
      ].join("\n"),
    );
    expect(mergeCodexToml(root, path, "archon", ENTRY).action).toBe("unchanged");
  });

  it("replaces dotted keys (mcp_servers.archon.command = ...) with the one table", () => {
    write(
      'model = "o4"',
      'mcp_servers.archon.command = "old"',
      'mcp_servers.archon.args = ["x"]',
      "",
      "[profiles.fast]",
      'model = "mini"',
    );
    mergeCodexToml(root, path, "archon", ENTRY);
    expect(read()).toBe(
      ['model = "o4"', "", "[profiles.fast]", 'model = "mini"', "", ...ARCHON_TABLE, ""].join("\n"),
    );
    expect(parse(read())).toEqual({
      model: "o4",
      profiles: { fast: { model: "mini" } },
      mcp_servers: { archon: ENTRY },
    });
  });

  it("replaces archon's dotted keys under a [mcp_servers] table and keeps the other servers there", () => {
    write("[mcp_servers]", 'archon.command = "old"', 'docs.command = "docs-server"');
    mergeCodexToml(root, path, "archon", ENTRY);
    expect(read()).toBe(
      ["[mcp_servers]", 'docs.command = "docs-server"', "", ...ARCHON_TABLE, ""].join("\n"),
    );
  });

  it("sets archon inside an inline mcp_servers table, which no table may extend, keeping the other servers", () => {
    write(
      'model = "o4"',
      'mcp_servers = { archon = { command = "old" }, docs = { command = "docs-server", args = [] } }',
    );
    mergeCodexToml(root, path, "archon", ENTRY);
    expect(read()).toBe(
      [
        'model = "o4"',
        'mcp_servers = { archon = { command = "npx", args = [ "--no-install", "archon", "--surface", "agent" ] }, docs = { command = "docs-server", args = [] } }',
        "",
      ].join("\n"),
    );
    expect(parse(read())).toEqual({
      model: "o4",
      mcp_servers: { archon: ENTRY, docs: { command: "docs-server", args: [] } },
    });
  });

  it("reads a header-like line inside a multi-line string as the string it is", () => {
    write('notes = """', "[mcp_servers.archon]", '"""');
    mergeCodexToml(root, path, "archon", ENTRY);
    expect(read()).toBe(['notes = """', "[mcp_servers.archon]", '"""', "", ...ARCHON_TABLE, ""].join("\n"));
    expect(parse(read())).toEqual({ notes: "[mcp_servers.archon]\n", mcp_servers: { archon: ENTRY } });
  });
});

describe("Setting archon's server refuses a config.toml it cannot edit safely, and leaves it as it was", () => {
  it("refuses a file that does not parse", () => {
    write('model = "o4', "[mcp_servers.archon]", 'command = "old"');
    const before = read();
    expect(refusal(() => mergeCodexToml(root, path, "archon", ENTRY))).toBe(
      `${path} is not valid TOML (line 1: Invalid TOML document: control characters are not allowed in strings), so setup left it as it is.\nHint: Fix or remove it, then run setup again.`,
    );
    expect(read()).toBe(before);
  });

  it("refuses a servers setting that is not a table, and shows the entry to add", () => {
    write("mcp_servers = 5");
    expect(refusal(() => mergeCodexToml(root, path, "archon", ENTRY))).toBe(
      `setup could not set mcp_servers.archon in ${path} without changing other settings, so it left the file as it is.\nHint: Add this table to the file yourself:\n${ARCHON_TABLE.join("\n")}`,
    );
    expect(read()).toBe("mcp_servers = 5\n");
  });
});

describe("Taking archon's server out of a Codex config.toml keeps everything else", () => {
  it("takes archon out of an inline servers table and keeps the others and the comment after it", () => {
    write(
      'mcp_servers = { docs = { command = "docs-server" }, archon = { command = "npx", args = ["archon"] } } # servers',
    );
    expect(removeCodexTable(root, path, "archon")?.action).toBe("updated");
    expect(read()).toBe('mcp_servers = { docs = { command = "docs-server" } } # servers\n');
  });

  it("drops an inline servers table that held only archon", () => {
    write('model = "o4"', 'mcp_servers = { archon = { command = "npx", args = ["archon"] } }');
    removeCodexTable(root, path, "archon");
    expect(read()).toBe('model = "o4"\n');
  });

  it("takes out archon's dotted keys and sub-tables, wherever they are", () => {
    write(
      'model = "o4"',
      'mcp_servers.archon.command = "npx"',
      'mcp_servers.archon.args = ["archon"]',
      "",
      "[mcp_servers.archon.env]",
      'X = "1"',
      "",
      "[mcp_servers.archon.tools]",
      "y = true",
      "",
      "[mcp_servers.docs]",
      'command = "docs-server"',
      'archon = "a value, not a server"',
    );
    removeCodexTable(root, path, "archon");
    expect(read()).toBe(
      [
        'model = "o4"',
        "",
        "[mcp_servers.docs]",
        'command = "docs-server"',
        'archon = "a value, not a server"',
        "",
      ].join("\n"),
    );
  });

  it("leaves a broken file alone and says so", () => {
    write("[mcp_servers.archon", 'command = "npx"');
    expect(refusal(() => removeCodexTable(root, path, "archon"))).toMatch(/is not valid TOML/);
    expect(read()).toBe('[mcp_servers.archon\ncommand = "npx"\n');
  });
});
