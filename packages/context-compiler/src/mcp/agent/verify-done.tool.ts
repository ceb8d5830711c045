// verify_done: a change checked mechanically against the constraints that carry a ```verify block.
import { defineTool, readOnly, UserError } from "@archon/core";
import { z } from "zod";
import { MAX_CHANGED_FILES, MAX_DIFF_CHARS, MAX_PATH_CHARS } from "../../code/limits.js";
import { cachedVerifyDone } from "../../code/verify/cached-verify.js";
import type { ArchonContext } from "../../context/archon-context.js";
import { noteVerifyOutcome } from "../../memory/turn-outcomes.js";
import { readContent } from "../../store/documents.js";

const violationBase = {
  doc_id: z.string(),
  title: z.string(),
  file: z.string(),
  rule: z.string(),
  evidence: z.string(),
};

export const verifyDoneTool = defineTool({
  name: "verify_done",
  title: "Check a change against constraints",
  description:
    "Call when a change is done. Checks each approved constraint with a ```verify block (forbid_import, require_companion) covering a changed file: violations with evidence, and affected_tests to run first (not the only ones).",
  input: {
    diff: z.string().max(MAX_DIFF_CHARS).optional().describe("Unified diff of the change"),
    changed_files: z
      .array(z.string().min(1).max(MAX_PATH_CHARS))
      .max(MAX_CHANGED_FILES)
      .optional()
      .describe("Repo-relative changed paths (with or instead of diff)"),
  },
  output: {
    verdict: z.enum(["pass", "fail"]),
    violations: z.array(
      z.discriminatedUnion("type", [
        z.object({
          ...violationBase,
          type: z.literal("forbidden_import"),
          line: z.number().int(),
          import: z.string(),
          resolved_path: z.string().nullable(),
        }),
        z.object({ ...violationBase, type: z.literal("missing_companion"), expected: z.string() }),
      ]),
    ),
    checked: z.object({
      files: z.array(z.object({ path: z.string(), status: z.string() })),
      constraints: z.array(z.string()),
    }),
    // A signal carries its own fields (a co-change score, the importing file): free-form by design.
    affected_tests: z.array(
      z.object({
        path: z.string(),
        score: z.number(),
        signals: z.array(z.looseObject({ signal: z.string() })),
      }),
    ),
    affected_tests_truncated: z.boolean(),
    // A big Go package's tests past the best few, counted: `go test ./<package>` runs them.
    affected_tests_packages: z.array(z.object({ package: z.string(), other_tests: z.number().int() })),
    affected_tests_note: z.string(),
    warnings: z.array(z.string()),
    knowledge_version: z.number().int(),
    index_state: z.string().nullable(),
    cache: z.object({ key: z.string(), hit: z.boolean(), verified_at: z.string() }),
  },
  annotations: readOnly,
  run: async ({ diff, changed_files }, ctx: ArchonContext) => {
    if ((diff === undefined || diff.trim() === "") && (changed_files ?? []).length === 0)
      throw new UserError(
        "verify_done needs diff or changed_files.",
        "Pass the change's unified diff, its changed files, or both.",
        "diff",
      );
    const verdict = await cachedVerifyDone(
      {
        db: ctx.kdb.db,
        projectRoot: ctx.projectRoot,
        index: ctx.compiler.index(),
        docText: (doc) => readContent(ctx.kdb.db, doc.content_hash) ?? "",
        clock: ctx.clock,
      },
      { diff, changed_files },
    );
    // The verdict is a turn outcome: a failed one is flagged on later compiles of those files.
    noteVerifyOutcome(ctx.kdb.db, verdict, ctx.clock, ctx.ids);
    return verdict;
  },
});
