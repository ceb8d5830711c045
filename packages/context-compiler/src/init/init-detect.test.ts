import { hashCanonical, sha256 } from "@archon/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { detect } from "../test-support/init-context.js";
import { type TestProject, tempProject } from "../test-support/project.js";
import { NEXT_APP, NEXT_SRC_APP, writeTree } from "../test-support/project-trees.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject("archon-init-");
});
afterEach(() => project.cleanup());

const server = () => project.context("admin");

describe("init_detect previews", () => {
  it("gives the same preview_hash for the same project, and a different one when a placeholder is overridden", async () => {
    writeTree(project.write, NEXT_SRC_APP);
    const first = await detect(server());
    const again = await detect(server());
    expect(again.preview_hash).toBe(first.preview_hash);
    expect(first.placeholders).toEqual({ app_root: { value: "src/app", source: "detected" } });
    const overridden = await detect(server(), { placeholders: { app_root: "app" } });
    expect(overridden.placeholders).toEqual({ app_root: { value: "app", source: "caller" } });
    expect(overridden.preview_hash).not.toBe(first.preview_hash);
    expect(overridden.preview?.layer_rules).toContainEqual({ pattern: "app/**", layer: "app-router" });
  });

  it("substitutes app_root into globs and content, and hashes the canonical preview", async () => {
    writeTree(project.write, NEXT_APP);
    const result = await detect(server());
    expect(result.template).toBe("nextjs");
    expect(result.preview?.version).toBe("1.1.0");
    expect(result.preview?.layer_rules).toEqual([
      { pattern: "**/components/**", layer: "components" },
      { pattern: "app/**", layer: "app-router" },
      { pattern: "app/**/route.{ts,js}", layer: "route-handler" },
      { pattern: "middleware.{ts,js}", layer: "middleware" },
      { pattern: "src/middleware.{ts,js}", layer: "middleware" },
    ]);
    const route = result.preview?.documents.find((d) => d.doc_id === "nextjs-route-handlers-validate");
    expect(route?.content).toMatch(/^Every app\/\*\*\/route\.ts handler parses params/);
    expect(route?.content_hash).toBe(sha256(route?.content ?? ""));
    expect(result.preview_hash).toBe(hashCanonical(result.preview));
  });

  it("offers no preview when nothing fits, and says how to start empty", async () => {
    project.write("notes.txt", "nothing to detect\n");
    const ctx = server();
    const result = await detect(ctx, { placeholders: { app_root: "src/app" } });
    expect({ ...result, scores: undefined }).toEqual({
      scores: undefined,
      signals: [],
      best: null,
      template: null,
      placeholders: {},
      preview: null,
      preview_hash: null,
      knowledge_version: 0,
      current: null,
      warnings: ["placeholders were ignored: no template was chosen."],
      next_step:
        "No bundled template fits this project. Call archon_init_confirm({ skip_template: true }) to start empty on purpose, then bring existing rules in with archon_analyze_import_batch or archon_import_doc; or pass template to preview one anyway.",
    });
  });

  it("previews a template the caller names even when detection chose none", async () => {
    const result = await detect(server(), { template: "go" });
    expect(result.best).toBeNull();
    expect(result.template).toBe("go");
    expect(result.preview?.documents.map((d) => d.doc_id)).toContain("go-error-wrapping");
  });

  it("refuses an unknown template by name, listing the known ones", async () => {
    await expect(detect(server(), { template: "rails" })).rejects.toThrow(/^No bundled template "rails"\.$/);
  });
});
