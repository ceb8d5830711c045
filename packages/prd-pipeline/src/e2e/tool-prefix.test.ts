// The tool prefix over stdio: ARCHON_PRD_TOOL_PREFIX renames every tool, prose follows, runs do not change.
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

async function connect(env: Record<string, string> = {}): Promise<PrdConnection> {
  const root = mkdtempSync(join(tmpdir(), "prd-prefix-"));
  roots.push(root);
  const c = await connectPrdServer(root, [], env);
  open.push(c);
  return c;
}

const text = (result: { content: unknown }) =>
  (result.content as { type: string; text?: string }[]).map((c) => c.text ?? "").join("\n");

/** Tool names a text mentions without the prefix in front: names no host can call. */
function bareNames(prose: string, bases: readonly string[]): string[] {
  return bases.filter((base) => new RegExp(`(?<![A-Za-z0-9_])${base}\\b`).test(prose));
}

describe("the tool prefix", () => {
  it("is prd_ by default", async () => {
    const c = await connect();
    const { tools } = await c.client.listTools();
    expect(tools.filter((t) => !t.name.startsWith("prd_")).map((t) => t.name)).toEqual([]);
    const config = await c.call("prd_get_config", {});
    expect(config.structuredContent).toMatchObject({ tool_prefix: "prd_" });
  });

  it("renames every tool, and every description, instruction, prompt, hint and SKILL.md names registered tools", async () => {
    const c = await connect({ ARCHON_PRD_TOOL_PREFIX: "acme_" });
    const { tools } = await c.client.listTools();
    expect(tools).toHaveLength(17);
    expect(tools.filter((t) => !t.name.startsWith("acme_")).map((t) => t.name)).toEqual([]);
    const bases = tools.map((t) => t.name.slice("acme_".length));

    const skill = await c.client.readResource({ uri: "archon-prd://skill/SKILL.md" });
    const skillText = (skill.contents[0] as { text: string }).text;
    const prompt = await c.client.getPrompt({
      name: "start_prd",
      arguments: { feature_description: "Export invoices as CSV" },
    });
    const unknownRun = await c.call("acme_submit_action_result", {
      run_id: "run_missing",
      result: { kind: "file_written", path: "x", bytes: 0 },
    });
    const prose: Record<string, string> = {
      instructions: c.client.getInstructions() ?? "",
      skill: skillText,
      skill_config: JSON.stringify((await c.call("acme_read_skill_config", {})).structuredContent),
      prompt: JSON.stringify(prompt.messages),
      unknown_run: text(unknownRun),
      ...Object.fromEntries(tools.map((t) => [t.name, t.description ?? ""])),
    };
    const offenders = Object.entries(prose)
      .map(([where, body]) => [where, bareNames(body, bases)] as const)
      .filter(([, names]) => names.length > 0);
    expect(offenders).toEqual([]);
    expect(skillText).not.toContain("{{prefix}}");
    for (const where of ["instructions", "skill", "prompt", "unknown_run"]) {
      expect(prose[where], where).toContain("acme_start_pipeline");
    }
    expect(unknownRun.isError).toBe(true);
  });

  it("leaves a run's envelope unchanged", async () => {
    const start = {
      feature_description: "Prototype a search index",
      prd_context: "poc",
      skip_preflight: true,
    };
    const plain = await connect();
    const renamed = await connect({ ARCHON_PRD_TOOL_PREFIX: "acme_" });
    const a = await plain.start(start);
    const b = await renamed.start(start);
    const masked = (e: { run_id: string }) => JSON.stringify(e).replaceAll(e.run_id, "RUN");
    expect(masked(b)).toEqual(masked(a));
  });
});
