import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { UserError } from "@archon/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readContent } from "../../store/documents.js";
import { commitAll } from "../../test-support/git.js";
import { doc, seed, type TestProject, tempProject } from "../../test-support/project.js";
import { type VerifyInput, verifyDone } from "./verify-done.js";

let project: TestProject;
let outside: string;

const verifyBlock = (yaml: string) => `Rules in prose.\n\n\`\`\`verify\n${yaml}\n\`\`\`\n`;

beforeEach(() => {
  project = tempProject();
  outside = mkdtempSync(join(tmpdir(), "archon-outside-"));
  // What must never surface: an outside file whose import a constraint would report as evidence.
  writeFileSync(join(outside, "secret.ts"), 'import { key } from "leaked-secret-module";\n');
  project.write("src/app.ts", "export function main() {}\n");
  commitAll(project.root, "initial", true);
  seed(project.context(), {
    documents: [
      doc("no-leaks", {
        kind: "constraint",
        patterns: ["src/**"],
        content: verifyBlock('forbid_import: ["leaked-secret-module"]'),
      }),
    ],
  });
});
afterEach(() => {
  project.cleanup();
  rmSync(outside, { recursive: true, force: true });
});

function verify(input: VerifyInput) {
  const ctx = project.context("agent");
  return verifyDone(
    {
      db: ctx.kdb.db,
      projectRoot: project.root,
      index: ctx.compiler.index(),
      docText: (d) => readContent(ctx.kdb.db, d.content_hash) ?? "",
      // A quarter second per file and 1.1 s per call (room for a grammar's first load): the pathological
      // files below take a minute each.
      parseLimits: { perFileMs: 250, perCheckMs: 1_100 },
    },
    input,
  );
}

/** The refusal verify_done gives, as a value: its message, hint and field, or the verdict it returned. */
async function outcome(input: VerifyInput) {
  try {
    return { verdict: await verify(input) };
  } catch (error) {
    if (!(error instanceof UserError)) throw error;
    return { message: error.message, hint: error.hint, field: error.field };
  }
}

const refusal = (path: string) => ({
  message: `changed_files "${path}" is a symbolic link that leads outside the project root (to ${join(outside, "secret.ts")}).`,
  hint: "verify_done reads only regular files inside the project: leave this one out of the change, or replace a link with the file itself.",
  field: "changed_files",
});

describe("a changed file that is a link out of the project", () => {
  it("is refused when the link is absolute, and nothing of the outside file is answered", async () => {
    symlinkSync(join(outside, "secret.ts"), join(project.root, "src/abs.ts"));
    expect(await outcome({ changed_files: ["src/abs.ts"] })).toEqual(refusal("src/abs.ts"));
  });

  it("is refused when the link is relative and climbs out", async () => {
    // From src/, two levels up is the temporary folder, where the outside folder sits beside the project.
    const climb = join("..", "..", ...outside.split("/").slice(-1), "secret.ts");
    symlinkSync(climb, join(project.root, "src/rel.ts"));
    const result = await outcome({ changed_files: ["src/rel.ts"] });
    expect(JSON.stringify(result)).not.toContain("leaked-secret-module");
    expect(result).toEqual(refusal("src/rel.ts"));
  });

  it("is refused when a folder on its path is a link, in a diff as in changed_files", async () => {
    symlinkSync(outside, join(project.root, "src/ext"));
    const diff = [
      "diff --git a/src/ext/secret.ts b/src/ext/secret.ts",
      "--- a/src/ext/secret.ts",
      "+++ b/src/ext/secret.ts",
      "@@ -1 +1 @@",
      '-import { key } from "leaked-secret-module";',
      '+import { key } from "leaked-secret-module";',
      "",
    ].join("\n");
    expect(await outcome({ diff })).toEqual(refusal("src/ext/secret.ts"));
    expect(await outcome({ changed_files: ["src/ext/secret.ts"] })).toEqual(refusal("src/ext/secret.ts"));
  });
});

describe("a changed file the parser cannot finish within its budget", () => {
  it("is reported in the warnings, its imports unchecked, and the verdict still comes", async () => {
    project.write(
      "src/nested.ts",
      `import { key } from "leaked-secret-module";\nexport const a = ${"()".repeat(100_000)};\n`,
    );
    const verdict = await verify({ changed_files: ["src/nested.ts"] });
    expect({ verdict: verdict.verdict, violations: verdict.violations, warnings: verdict.warnings }).toEqual({
      verdict: "pass",
      violations: [],
      warnings: [
        "src/nested.ts: not parsed within 0.25 s (deeply nested brackets make the parser slow), so its imports were not checked.",
        "The symbol index is empty, so affected_tests has no import scan (only changed tests and git history): run `archon reindex-symbols`.",
      ],
    });
  });
});

describe("a change of many files the parser cannot finish", () => {
  it("is checked within the call's parsing budget: the files past it are reported, not parsed", async () => {
    const slow = ["a", "b", "c", "d", "e"].map((n) => `src/nested-${n}.ts`);
    for (const path of slow) project.write(path, `export const a = ${"()".repeat(100_000)};\n`);
    const verdict = await verify({ changed_files: slow });
    // Four files spend their quarter second each; the fifth has less than its share left.
    expect(verdict.warnings.slice(0, 5)).toEqual([
      ...slow
        .slice(0, 4)
        .map(
          (path) =>
            `${path}: not parsed within 0.25 s (deeply nested brackets make the parser slow), so its imports were not checked.`,
        ),
      "src/nested-e.ts: not parsed, this check having spent its 1.1 s of parsing on slow files, so its imports were not checked; verify it on its own.",
    ]);
  });
});

describe("a changed file over the size the code tools read", () => {
  it("is not read: its imports are reported unchecked, and the verdict still comes", async () => {
    // 2 MiB whose forbidden import would fail the check if the file were read.
    project.write(
      "src/generated.ts",
      `import { key } from "leaked-secret-module";\n${"export const x = 1;\n".repeat(110_000)}`,
    );
    const verdict = await verify({ changed_files: ["src/generated.ts", "src/app.ts"] });
    expect({
      verdict: verdict.verdict,
      violations: verdict.violations,
      first_warning: verdict.warnings[0],
    }).toEqual({
      verdict: "pass",
      violations: [],
      first_warning: "src/generated.ts: over 1 MiB, so it was not read and its imports were not checked.",
    });
  });
});
