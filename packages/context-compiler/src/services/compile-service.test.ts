import type { UserError } from "@archon/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { writeContext } from "../context/archon-context.js";
import { importDoc } from "../knowledge/import-doc.js";
import { setDocTags } from "../knowledge/set-doc-tags.js";
import { canonicalTagCatalog } from "../read/tag-catalog.js";
import { type CompileAudit, readCompileLog } from "../store/audit.js";
import { recordObservation } from "../store/observations.js";
import { tagCatalog } from "../store/tags.js";
import { readRevisions } from "../store/version.js";
import { deterministicPart } from "../test-support/deterministic-part.js";
import { doc, seed, type TestProject, tempProject } from "../test-support/project.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject();
  const admin = project.context();
  seed(admin, {
    documents: [
      doc("api-rule", { patterns: ["src/api/**"] }),
      doc("sessions", { content: "Rotate session tokens on login." }),
      doc("huge", { patterns: ["src/huge/**"], content: "z".repeat(9000) }),
    ],
  });
});
afterEach(() => project.cleanup());

const request = { target_files: ["src/api/users.ts"], intent_tags: ["auth"] };
const AUTH_ONLY = canonicalTagCatalog([{ tag: "auth", doc_id: "sessions" }]).hash;
const EMPTY = canonicalTagCatalog([]).hash;

describe("a running compile service and tags written by another connection", () => {
  it("sees the tag on its next compile, reports the hash get_known_tags reports, and logs it", () => {
    const agent = project.context("agent");
    const before = agent.compiler.compile(request);
    setDocTags(writeContext(project.context()), "sessions", ["auth"]);
    const after = agent.compiler.compile(request);
    agent.compiler.flushAudit();
    expect({
      before: { hash: before.tag_catalog_hash, expanded: before.expanded, warnings: before.warnings },
      after: {
        version: after.knowledge_version,
        hash: after.tag_catalog_hash,
        expanded: after.expanded?.documents.map((d) => d.doc_id),
        warnings: after.warnings,
      },
      known: tagCatalog(agent.kdb.db),
      logged: [before, after].map((r) => readCompileLog(agent.kdb.db, r.compile_id)?.tag_catalog_hash),
    }).toEqual({
      before: {
        hash: EMPTY,
        expanded: { tags: ["auth"], described: [], documents: [] },
        warnings: ['Intent tag "auth" is not in the tag catalog.'],
      },
      after: { version: 1, hash: AUTH_ONLY, expanded: ["sessions"], warnings: [] },
      known: {
        tags: [{ tag: "auth", doc_count: 1, doc_ids: ["sessions"] }],
        tag_catalog_hash: AUTH_ONLY,
      },
      logged: [EMPTY, AUTH_ONLY],
    });
  });

  it("reloads only the tags when only tags moved, and everything when the version moved", () => {
    const agent = project.context("agent");
    const admin = writeContext(project.context());
    const first = agent.compiler.index();
    setDocTags(admin, "sessions", ["auth"]);
    const retagged = agent.compiler.index();
    importDoc(admin, { doc_id: "more", title: "More", content: "More rules." });
    const bumped = agent.compiler.index();
    expect({
      globsKept: retagged.pathEdges === first.pathEdges,
      retaggedHash: retagged.tag_catalog_hash,
      globsRebuilt: bumped.pathEdges !== retagged.pathEdges,
      bumped: [bumped.knowledge_version, bumped.tag_catalog_hash, bumped.docs.has("more")],
    }).toEqual({
      globsKept: true,
      retaggedHash: AUTH_ONLY,
      globsRebuilt: true,
      bumped: [2, AUTH_ONLY, true],
    });
  });

  it("moves no counter when a document's tags are set to what they already are", () => {
    const admin = writeContext(project.context());
    setDocTags(admin, "sessions", ["auth", "login"]);
    const once = readRevisions(admin.db);
    setDocTags(admin, "sessions", [" login", "auth", "auth"]);
    expect([once, readRevisions(admin.db)]).toEqual([
      { knowledge_version: 1, tag_catalog_rev: 1, template_rev: 0 },
      { knowledge_version: 1, tag_catalog_rev: 1, template_rev: 0 },
    ]);
  });
});

describe("replaying a logged compile", () => {
  const audited = (ctx: ReturnType<TestProject["context"]>, compileId: string): CompileAudit => {
    ctx.compiler.flushAudit();
    return readCompileLog(ctx.kdb.db, compileId) as CompileAudit;
  };

  it("uses the compile's own snapshot and tag catalog after both moved on", () => {
    const agent = project.context("agent");
    const admin = writeContext(project.context());
    const untagged = agent.compiler.compile(request);
    setDocTags(admin, "sessions", ["auth"]);
    const tagged = agent.compiler.compile(request);
    setDocTags(admin, "sessions", []);
    importDoc(admin, {
      doc_id: "late",
      title: "Late",
      content: "Arrived later.",
      edge_hints: [{ edge_type: "path_requires", source_value: "src/**" }],
    });
    const now = agent.compiler.compile(request);
    const replays = [untagged, tagged].map((r) => agent.compiler.replay(audited(agent, r.compile_id)));
    expect({ now: [now.knowledge_version, now.base.documents.map((d) => d.doc_id)], replays }).toEqual({
      now: [2, ["api-rule", "late"]],
      replays: [
        {
          snapshot_id: "snap_v1",
          tag_catalog_hash: EMPTY,
          knowledge_hash: untagged.knowledge_hash,
          result_hash: audited(agent, untagged.compile_id).result_hash,
          error: null,
          same_result: true,
        },
        {
          snapshot_id: "snap_v1",
          tag_catalog_hash: AUTH_ONLY,
          knowledge_hash: tagged.knowledge_hash,
          result_hash: audited(agent, tagged.compile_id).result_hash,
          error: null,
          same_result: true,
        },
      ],
    });
  });

  it("gives a failed compile's error again", () => {
    const agent = project.context("agent");
    let thrown: UserError | undefined;
    try {
      agent.compiler.compile({ target_files: ["src/huge/a.ts"] });
    } catch (error) {
      thrown = error as UserError;
    }
    agent.compiler.flushAudit();
    const row = agent.kdb.db.prepare("SELECT compile_id FROM compile_log").pluck().get() as string;
    // The caller gets the failed compile's id, to read its audit record.
    expect(thrown?.message).toMatch(new RegExp(`^budget_exceeded: .* \\(compile_id ${row}\\)$`));
    expect(thrown?.hint).toContain("max_inline_bytes of at least");
    const audit = audited(agent, row);
    expect(agent.compiler.replay(audit)).toEqual({
      snapshot_id: "snap_v1",
      tag_catalog_hash: EMPTY,
      knowledge_hash: audit.knowledge_hash,
      result_hash: null,
      error: audit.error,
      same_result: true,
    });
    expect(audit.error).toMatch(/^budget_exceeded/);
  });

  it("answers nothing for a snapshot the database does not hold", () => {
    const agent = project.context("agent");
    const r = agent.compiler.compile(request);
    const audit = audited(agent, r.compile_id);
    expect(agent.compiler.replay({ ...audit, snapshot_id: "snap_v9" })).toBeUndefined();
  });
});

describe("the deterministic part of a response", () => {
  it("is the same for the same request, knowledge version and tag catalog, and differs across catalogs", () => {
    const agent = project.context("agent");
    const admin = writeContext(project.context());
    const part = () => deterministicPart(agent.compiler.compile(request));
    const untagged = part();
    setDocTags(admin, "sessions", ["auth"]);
    const tagged = part();
    setDocTags(admin, "sessions", []);
    expect([part() === untagged, tagged === untagged]).toEqual([true, false]);
  });
});

describe("a running compile service and notices while the file is unchanged", () => {
  it("answers the same notices without a change, and sees an observation another connection records", () => {
    const agent = project.context("agent");
    const first = agent.compiler.compile(request).notices;
    // The first compile's audit row is written at once; the second reads again, the third reads nothing.
    const again = [agent.compiler.compile(request).notices, agent.compiler.compile(request).notices];
    const admin = project.context();
    recordObservation(
      admin.kdb.db,
      { event_type: "manual_note", payload: { note: "no rule on retries" } },
      admin.clock,
      admin.ids,
    );
    const seen = agent.compiler.compile(request).notices;
    const backlog = (notices: string[]) => notices.filter((n) => n.includes("not been triaged"));
    expect({ same: again, first: backlog(first), seen: backlog(seen) }).toEqual({
      same: [first, first],
      first: [],
      seen: [
        "1 observation(s) have not been triaged yet: a person runs archon_process_observations on the admin surface.",
      ],
    });
  });
});

describe("a compile that fails after its answer was made", () => {
  it("is audited once, and the failure itself is what the caller hears", () => {
    // Within the compile, the audit row takes the clock's first reading; the notices' reading, the second,
    // fails once (any later reading works again, as a second audit row's would).
    let readings = 0;
    let failing = -1;
    const clock = {
      now: () => {
        readings += 1;
        if (readings === failing) throw new Error("the clock stopped");
        return new Date("2026-11-29T12:00:00.000Z");
      },
    };
    const agent = project.context("agent", { clock });
    failing = readings + 2;
    expect(() => agent.compiler.compile(request)).toThrow("the clock stopped");
    expect(agent.compiler.flushAudit()).toBeUndefined();
    const rows = agent.kdb.db.prepare("SELECT compile_id, error FROM compile_log").all();
    expect(rows).toEqual([{ compile_id: expect.stringMatching(/^cmp_/), error: null }]);
  });
});
