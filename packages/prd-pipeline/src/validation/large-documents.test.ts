// A real PRD export of several megabytes, through a real MCP client and the real CLI: accepted and validated.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { cannedDraft } from "../demo/canned-drafts.js";
import { connectPrdServer, type PrdConnection, serverEntry } from "../demo/stdio-client.js";
import { SECTION_TYPES } from "../sections/section-catalogue.js";

const roots: string[] = [];
const open: PrdConnection[] = [];
afterEach(async () => {
  for (const c of open.splice(0)) await c.close();
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

/** Every canned section, repeated until the text reaches `chars`: a long PRD, not a stall pattern. */
function longPrd(chars: number): string {
  const one = SECTION_TYPES.filter((t) => t !== "source_code" && t !== "test_code")
    .map(cannedDraft)
    .join("\n\n");
  return `# PRD\n\n${Array.from({ length: Math.floor(chars / (one.length + 2)) }, () => one).join("\n\n")}`;
}

describe("documents of several megabytes", () => {
  it("are validated by validate_prd_document and by archon-prd validate, with the same result", async () => {
    const root = mkdtempSync(join(tmpdir(), "prd-large-"));
    roots.push(root);
    const content = longPrd(5_000_000);
    expect(content.length).toBeGreaterThan(4_900_000);
    const c = await connectPrdServer(root);
    open.push(c);
    const answer = await c.call("prd_validate_prd_document", { content });
    expect(answer.isError).toBeFalsy();
    const overall = (answer.structuredContent as { overall: { score: number; has_critical: boolean } })
      .overall;

    const file = join(root, "prd.md");
    writeFileSync(file, content);
    const cli = spawnSync(process.execPath, [serverEntry(), "validate", file, "--json"], {
      cwd: root,
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    });
    const printed = JSON.parse(cli.stdout) as { score: number; has_critical: boolean };
    expect({ score: printed.score, has_critical: printed.has_critical }).toEqual({
      score: overall.score,
      has_critical: overall.has_critical,
    });
  });
});
