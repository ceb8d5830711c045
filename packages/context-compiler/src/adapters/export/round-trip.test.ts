import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { planRuleImport } from "../../knowledge/imports/import-rules.js";
import { doc, seed, type TestProject, tempProject } from "../../test-support/project.js";
import { exportRules } from "./export-rules.js";

let source: TestProject;
let target: TestProject;
beforeEach(() => {
  source = tempProject("archon-export-source-");
  target = tempProject("archon-export-target-");
});
afterEach(() => {
  source.cleanup();
  target.cleanup();
});

const documents = [
  doc("api-errors", {
    title: "API errors",
    patterns: ["src/api/**", "src/lib/*.ts"],
    content: "Return typed errors from every handler.\n\nNever throw strings.",
  }),
  doc("house-style", { title: "House style", patterns: ["**"], content: "Prefer small, pure functions." }),
  doc("ui-files", {
    title: "UI files",
    patterns: ["src/ui/**/*.{ts,tsx}"],
    content: "One component per file.",
  }),
];

/**
 * Exports the source's knowledge into the target folder and reads it back with the importers. Import
 * skips files carrying the export marker, so each file is first taken over as a person would: marker dropped.
 */
function roundTrip(format: "cursor" | "claude" | "copilot") {
  const ctx = source.context("admin");
  seed(ctx, { documents });
  const exported = exportRules({ db: ctx.kdb.db, projectRoot: target.root }, { targets: [format] });
  for (const { path } of exported.files) {
    const text = readFileSync(join(target.root, path), "utf8");
    writeFileSync(join(target.root, path), text.replace(/^# archon:export-rules.*\n/m, ""));
  }
  const plan = planRuleImport({ db: target.context("admin").kdb.db, projectRoot: target.root }, [format]);
  return plan.items.map((item) => ({
    doc_id: item.doc_id,
    title: item.title,
    content: item.content,
    globs: item.edge_hints.map((h) => `${h.edge_type} ${h.source_value}`).sort(),
  }));
}

const expected = (uiGlobs: string[]) => [
  {
    doc_id: "api-errors",
    title: "API errors",
    content: "Return typed errors from every handler.\n\nNever throw strings.",
    globs: ["path_requires src/api/**", "path_requires src/lib/*.ts"],
  },
  {
    doc_id: "house-style",
    title: "House style",
    content: "Prefer small, pure functions.",
    globs: ["path_requires **"],
  },
  {
    doc_id: "ui-files",
    title: "UI files",
    content: "One component per file.",
    globs: uiGlobs.map((g) => `path_requires ${g}`),
  },
];

describe("exporting rules and importing them back", () => {
  it("gives the same documents and globs through Claude Code rules", () => {
    expect(roundTrip("claude")).toEqual(expected(["src/ui/**/*.{ts,tsx}"]));
  });

  it("gives the same documents through Cursor rules, with brace globs as their expansions", () => {
    expect(roundTrip("cursor")).toEqual(expected(["src/ui/**/*.ts", "src/ui/**/*.tsx"]));
  });

  it("gives the same documents through Copilot instructions, with brace globs as their expansions", () => {
    expect(roundTrip("copilot")).toEqual(expected(["src/ui/**/*.ts", "src/ui/**/*.tsx"]));
  });
});
