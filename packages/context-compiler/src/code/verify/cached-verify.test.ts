import { readFileSync } from "node:fs";
import { join } from "node:path";
import { manualClock } from "@archon/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readContent } from "../../store/documents.js";
import { readIndexState } from "../../store/symbols.js";
import { pruneStaleVerifyCache, verifyCacheCounts } from "../../store/verify-cache.js";
import { readVersion } from "../../store/version.js";
import { commitAll } from "../../test-support/git.js";
import { doc, seed, type TestProject, tempProject } from "../../test-support/project.js";
import { CodeIndex } from "../code-index.js";
import { cachedVerifyDone } from "./cached-verify.js";
import { LAST_VERIFY_FILE } from "./last-verify.js";
import { verdictHook } from "./reinject-verdict.js";

let project: TestProject;
let clock: ReturnType<typeof manualClock>;

beforeEach(async () => {
  clock = manualClock("2026-12-01T10:00:00.000Z");
  project = tempProject();
  project.write("src/ui/page.ts", 'import { query } from "../db/client.js";\nexport const page = query;\n');
  project.write("src/db/client.ts", "export function query() {}\n");
  commitAll(project.root, "initial", true);
  const ctx = project.context();
  seed(ctx, {
    documents: [
      doc("ui-no-db", {
        kind: "constraint",
        patterns: ["src/ui/**"],
        content: 'UI code never talks to the database.\n\n```verify\nforbid_import: ["src/db/**"]\n```\n',
      }),
    ],
  });
  await new CodeIndex(ctx.kdb.db, project.root).reindex({ clock });
});
afterEach(() => project.cleanup());

function verify(changed_files: string[]) {
  const ctx = project.context("agent");
  return cachedVerifyDone(
    {
      db: ctx.kdb.db,
      projectRoot: project.root,
      index: ctx.compiler.index(),
      docText: (d) => readContent(ctx.kdb.db, d.content_hash) ?? "",
      clock,
    },
    { changed_files },
  );
}

const current = () => {
  const db = project.context().kdb.db;
  return { version: readVersion(db), state: readIndexState(db)?.state_hash ?? "" };
};

describe("the verify_done cache", () => {
  it("answers the same change again from the cache, with the same verdict", async () => {
    const first = await verify(["src/ui/page.ts"]);
    clock.advance(60_000);
    const second = await verify(["src/ui/page.ts"]);
    expect(first.cache).toEqual({
      key: expect.stringMatching(/^[0-9a-f]{64}$/),
      hit: false,
      verified_at: "2026-12-01T10:00:00.000Z",
    });
    expect(second).toEqual({ ...first, cache: { ...first.cache, hit: true } });
    expect(first.verdict).toBe("fail");
  });

  it("asks afresh once a changed file's content or the knowledge moved", async () => {
    const first = await verify(["src/ui/page.ts"]);
    project.write("src/ui/page.ts", "export const page = 1;\n");
    const edited = await verify(["src/ui/page.ts"]);
    expect({ hit: edited.cache.hit, verdict: edited.verdict }).toEqual({ hit: false, verdict: "pass" });
    expect(edited.cache.key).not.toBe(first.cache.key);
    seed(project.context(), { documents: [doc("another", {})] });
    expect((await verify(["src/ui/page.ts"])).cache.hit).toBe(false);
    expect(verifyCacheCounts(project.context().kdb.db, current())).toEqual({
      entries: 3,
      stale: 2,
      oldest: "2026-12-01T10:00:00.000Z",
      newest: "2026-12-01T10:00:00.000Z",
    });
    expect(pruneStaleVerifyCache(project.context().kdb.db, current())).toBe(2);
  });

  it("points .archon/last-verify.json at the last verdict", async () => {
    const result = await verify(["src/ui/page.ts"]);
    expect(JSON.parse(readFileSync(join(project.root, LAST_VERIFY_FILE), "utf8"))).toEqual({
      cache_key: result.cache.key,
      verified_at: "2026-12-01T10:00:00.000Z",
      verdict: "fail",
      violations: 1,
      files: 1,
      knowledge_version: 1,
      index_state: result.index_state,
      compacted_at: null,
      reinjected_at: null,
    });
  });
});

describe("the verdict after compaction", () => {
  it("is marked by PreCompact and printed once by the SessionStart that follows the compaction", async () => {
    await verify(["src/ui/page.ts"]);
    const db = project.context().kdb.db;
    expect(verdictHook(db, project.root, { hook_event_name: "SessionStart", source: "compact" }, clock)).toBe(
      "",
    );
    clock.advance(1_000);
    expect(verdictHook(db, project.root, { hook_event_name: "PreCompact" }, clock)).toBe(
      "archon: the last verify_done verdict (fail) will be restored after compaction.",
    );
    expect(verdictHook(db, project.root, { hook_event_name: "SessionStart", source: "startup" }, clock)).toBe(
      "",
    );
    expect(verdictHook(db, project.root, { hook_event_name: "SessionStart", source: "compact" }, clock)).toBe(
      [
        "archon: the last verify_done verdict, from before this conversation was compacted (verified 2026-12-01T10:00:00.000Z):",
        "FAIL: 1 violation(s) over 1 changed file(s).",
        '- forbidden_import in src/ui/page.ts:1 (ui-no-db): import { query } from "../db/client.js";',
        "Nothing it depends on has changed since: it need not be re-litigated.",
      ].join("\n"),
    );
    expect(verdictHook(db, project.root, { hook_event_name: "SessionStart", source: "compact" }, clock)).toBe(
      "",
    );
  });

  it("says so when the knowledge moved since the verdict", async () => {
    await verify(["src/ui/page.ts"]);
    seed(project.context(), { documents: [doc("another", {})] });
    const db = project.context().kdb.db;
    verdictHook(db, project.root, { hook_event_name: "PreCompact" }, clock);
    expect(
      verdictHook(db, project.root, { hook_event_name: "SessionStart", source: "compact" }, clock)
        .split("\n")
        .at(-1),
    ).toBe("The knowledge or the symbol index changed since: call verify_done again before relying on it.");
  });
});
