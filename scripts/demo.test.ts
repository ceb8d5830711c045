import { execFile } from "node:child_process";
import { rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

// `npm start` is the quick start's first promise: run the demo exactly as it runs (after the build).
const DEMO = fileURLToPath(new URL("./demo.mjs", import.meta.url));

describe("npm start", () => {
  it("seeds the example, compiles two files over a real MCP client and runs a PRD to the end", async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [DEMO], { timeout: 60_000 });
    // The demo leaves its copy for the user to try; the test does not.
    const copy = /Example project copied to (.+)\n/.exec(stdout)?.[1];
    if (copy) rmSync(copy, { recursive: true, force: true });
    expect(copy).toBeDefined();
    expect(stdout).toContain("Seeded 18 documents");
    expect(stdout).toMatch(/Connected\. 9 tools: archon_compile_context, archon_verify_done, /);
    expect(stdout).toMatch(/3\. compile_context src\/api\/invoices\.ts\n/);
    expect(stdout).toMatch(
      /api-error-handling +guideline +5574 B +deferred → docs\/rules\/api-error-handling\.md/,
    );
    expect(stdout).toMatch(/template-api-route +template +\d+ B +inline/);
    expect(stdout).toMatch(/compile_id cmp_[0-9a-f]{16} · knowledge_version 1 · snapshot snap_v1/);
    expect(stdout).toMatch(/5\. PRD pipeline: .*\n(.*\n)*.*files: 00-run-notes\.md, 01-prd\.md/);
    expect(stdout).not.toContain("warning:");
  });
});
