// Test fixtures: a temporary project folder with a real knowledge database, and seed helpers.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { type Clock, manualClock, sequentialIds } from "@archon/core";
import { createArchonContext, writeContext } from "../context/archon-context.js";
import { applySeed } from "../knowledge/apply-seed.js";
import type { SeedDocument, SeedPlan } from "../knowledge/seed-file.js";
import type { Surface } from "../knowledge/surface.js";

export interface TestProject {
  root: string;
  dbPath: string;
  write(relative: string, content: string): string;
  /** A context as a server builds it; `templatesDir` overrides the bundled templates (like --templates). */
  context(
    surface?: Surface,
    options?: { templatesDir?: string; clock?: Clock },
  ): ReturnType<typeof createArchonContext>;
  cleanup(): void;
}

export function tempProject(prefix = "archon-test-"): TestProject {
  const root = mkdtempSync(join(tmpdir(), prefix));
  const dbPath = join(root, ".archon", "archon.db");
  const opened: ReturnType<typeof createArchonContext>[] = [];
  const ids = sequentialIds();
  return {
    root,
    dbPath,
    write(relative, content) {
      const path = join(root, relative);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, content);
      return path;
    },
    context(surface = "admin", options = {}) {
      const ctx = createArchonContext({
        surface,
        templatesDir: options.templatesDir,
        dbPath,
        projectRoot: root,
        clock: options.clock ?? manualClock("2026-11-29T12:00:00.000Z"),
        ids,
      });
      opened.push(ctx);
      return ctx;
    },
    cleanup() {
      for (const ctx of opened) ctx.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** A seed document with defaults for everything but its id. */
export function doc(doc_id: string, fields: Partial<SeedDocument> = {}): SeedDocument {
  return {
    doc_id,
    title: `Title of ${doc_id}`,
    kind: "guideline",
    priority: 100,
    content: `Content of ${doc_id}.`,
    source_path: null,
    patterns: [],
    layers: [],
    commands: [],
    depends_on: [],
    description: null,
    ...fields,
  };
}

export function seed(ctx: ReturnType<typeof createArchonContext>, plan: Partial<SeedPlan>) {
  return applySeed(writeContext(ctx), {
    documents: plan.documents ?? [],
    layer_rules: plan.layer_rules ?? [],
  });
}
