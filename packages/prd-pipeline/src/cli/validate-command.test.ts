import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cannedDraft } from "../demo/canned-drafts.js";
import { serverEntry } from "../demo/stdio-client.js";

const dir = mkdtempSync(join(tmpdir(), "prd-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function cli(...args: string[]) {
  return spawnSync(process.execPath, [serverEntry(), ...args], { encoding: "utf8" });
}

describe("archon-prd validate", () => {
  it("exits 0 on a clean document and prints a readable report", () => {
    const file = join(dir, "good.md");
    writeFileSync(file, `# PRD\n\n${cannedDraft("requirements")}\n\n${cannedDraft("acceptance_criteria")}`);
    const out = execFileSync(process.execPath, [serverEntry(), "validate", file], { encoding: "utf8" });
    expect(out).toContain("score 1.00");
  });

  it("exits 1 on critical violations and prints JSON with --json", () => {
    const file = join(dir, "bad.md");
    writeFileSync(file, "## Requirements\n\n| ID | Requirement |\n|---|---|\n| FR-001 | a |\n| FR-001 | b |");
    const run = cli("validate", file, "--section", "requirements", "--json");
    expect(run.status).toBe(1);
    expect(JSON.parse(run.stdout)).toMatchObject({ has_critical: true, section_type: "requirements" });
  });

  it("explains a missing file without a stack trace", () => {
    const run = cli("validate", join(dir, "nope.md"));
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("no such file");
    expect(run.stderr).not.toContain("    at ");
  });

  it("prints usage and exits 1 on an unknown flag", () => {
    const run = cli("--nope");
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("Usage: archon-prd");
  });
});
