// An argument a PRD tool does not take, over stdio: refused by name, as on archon's two surfaces (core).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { connectPrdServer, type PrdConnection } from "../demo/stdio-client.js";

const roots: string[] = [];
const open: PrdConnection[] = [];
afterEach(async () => {
  for (const c of open.splice(0)) await c.close();
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

describe("a misspelled argument to a PRD tool", () => {
  it("is refused with its name and what the tool takes", async () => {
    const root = mkdtempSync(join(tmpdir(), "prd-unknown-"));
    roots.push(root);
    const c = await connectPrdServer(root);
    open.push(c);
    expect(await c.call("prd_get_config", { verbose: true })).toEqual({
      content: [
        {
          type: "text",
          text: 'prd_get_config has no argument "verbose".\nHint: It takes no arguments: call it with {}.',
        },
      ],
      isError: true,
    });
  });
});
