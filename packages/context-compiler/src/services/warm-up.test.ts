import { openDatabase } from "@archon/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { writeContext } from "../context/archon-context.js";
import { importDoc } from "../knowledge/import-doc.js";
import { buildIndex } from "../read/knowledge-index.js";
import { deterministicPart } from "../test-support/deterministic-part.js";
import { handTimers } from "../test-support/hand-timers.js";
import { doc, seed, type TestProject, tempProject } from "../test-support/project.js";
import type { CompileService } from "./compile-service.js";
import { samplePath, WARM_UP_POLL_MS, WARM_UP_QUIET_MS } from "./warm-up.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject();
  seed(project.context(), {
    documents: [
      doc("api-rule", { patterns: ["src/api/**"], content: "Validate every request body." }),
      doc("test-rule", { patterns: ["**/*.test.ts"], content: "One behaviour per test." }),
      doc("sessions", { content: "Rotate session tokens on login.", depends_on: [] }),
    ],
  });
});
afterEach(() => project.cleanup());

/**
 * Rewrites a content row behind every cache's back. Content is immutable per hash, so nothing but a
 * test does this; a compile that still shows the old text read it before, from memory.
 */
function rewriteContent(from: string, to: string) {
  const db = openDatabase(project.dbPath);
  db.prepare("UPDATE content_blobs SET content = ? WHERE content = ?").run(to, from);
  db.close();
}

/** An agent-surface service whose first round of warm-up has run to the end. */
function warmedAgent() {
  const timers = handTimers();
  const service = project.context("agent").compiler;
  service.warmWhenIdle(timers.api);
  timers.advance(WARM_UP_QUIET_MS);
  timers.drain();
  return { timers, service };
}

/** A new document approved through another connection: knowledge_version 2. */
function approveHandlers() {
  importDoc(writeContext(project.context()), {
    doc_id: "handlers",
    title: "Handlers",
    content: "Handlers return typed errors.",
    edge_hints: [{ edge_type: "path_requires", source_value: "src/handlers/**" }],
  });
}

const inlineOf = (service: CompileService, file: string) =>
  service.compile({ target_files: [file] }).base.documents.map((d) => d.content);

describe("the compile path warmed up in idle time", () => {
  it("reads every document's content before any request, after a quiet spell", () => {
    const timers = handTimers();
    const warmed = project.context("agent").compiler;
    warmed.warmWhenIdle(timers.api);
    timers.advance(WARM_UP_QUIET_MS);
    timers.drain();
    rewriteContent("Validate every request body.", "Rewritten behind the cache.");
    const cold = project.context("agent").compiler;
    expect({
      warmed: inlineOf(warmed, "src/api/users.ts"),
      cold: inlineOf(cold, "src/api/users.ts"),
    }).toEqual({
      warmed: ["Validate every request body."],
      cold: ["Rewritten behind the cache."],
    });
  });

  it("does nothing while requests keep coming closer together than the quiet spell", () => {
    const timers = handTimers();
    const service = project.context("agent").compiler;
    service.warmWhenIdle(timers.api);
    for (let i = 0; i < 5; i++) {
      timers.advance(WARM_UP_QUIET_MS - 1);
      service.compile({ target_files: ["src/api/a.ts"] });
    }
    timers.drain();
    rewriteContent("One behaviour per test.", "Rewritten behind the cache.");
    expect(inlineOf(service, "src/api/a.test.ts")).toEqual([
      "Validate every request body.",
      "Rewritten behind the cache.",
    ]);
  });

  it("warms the documents of a new knowledge version once a compile has met it", () => {
    const { timers, service } = warmedAgent();
    approveHandlers();
    service.compile({ target_files: ["src/api/a.ts"] });
    expect(timers.pending().timers).toBe(1);
    timers.advance(WARM_UP_QUIET_MS);
    timers.drain();
    rewriteContent("Handlers return typed errors.", "Rewritten behind the cache.");
    expect(inlineOf(service, "src/handlers/x.ts")).toEqual(["Handlers return typed errors."]);
  });

  it("rebuilds the index in idle time after another connection approves, before any compile asks", () => {
    const { timers, service } = warmedAgent();
    approveHandlers();
    timers.advance(WARM_UP_POLL_MS);
    timers.drain();
    rewriteContent("Handlers return typed errors.", "Rewritten behind the cache.");
    const result = service.compile({ target_files: ["src/handlers/x.ts"] });
    expect([result.knowledge_version, result.base.documents.map((d) => d.content)]).toEqual([
      2,
      ["Handlers return typed errors."],
    ]);
  });

  it("gives the bytes a service that never warmed up gives, request by request", () => {
    const timers = handTimers();
    const warmed = project.context("agent").compiler;
    warmed.warmWhenIdle(timers.api);
    timers.advance(WARM_UP_QUIET_MS);
    timers.drain();
    const cold = project.context("agent").compiler;
    const requests = [
      { target_files: ["src/api/users.ts"], plan: "validate the users request body" },
      { target_files: ["src/api/users.test.ts", "lib/x.ts"], include_debug: true },
      { target_files: ["README.md"], intent_tags: [] },
    ];
    expect(requests.map((r) => deterministicPart(warmed.compile(r)))).toEqual(
      requests.map((r) => deterministicPart(cold.compile(r))),
    );
  });

  it("stops with the service: closing the context cancels what was armed", () => {
    const timers = handTimers();
    const ctx = project.context("agent");
    ctx.compiler.warmWhenIdle(timers.api);
    const armed = timers.pending();
    ctx.close();
    expect({ armed, closed: timers.pending() }).toEqual({
      armed: { timers: 1, immediates: 0 },
      closed: { timers: 0, immediates: 0 },
    });
  });
});

describe("the warm-up's sample path", () => {
  const indexOf = (patterns: string[]) =>
    buildIndex({
      knowledge_version: 1,
      snapshot_id: null,
      documents: [
        {
          doc_id: "d",
          title: "D",
          kind: "guideline",
          content_hash: "h",
          content_bytes: 1,
          source_path: null,
          priority: 100,
          description: null,
        },
      ],
      edges: patterns.map((source_value, i) => ({
        edge_id: i + 1,
        edge_type: "path_requires",
        source_value,
        target_doc_id: "d",
      })),
      layer_rules: [],
      tags: [],
    });

  it("is a path the first plain glob matches, or README.md without one", () => {
    expect(
      [["src/api/**"], ["**/*.test.ts"], ["{a,b}/**", "apps/web/*.tsx"], ["[ab]/x"], []].map((p) =>
        samplePath(indexOf(p)),
      ),
    ).toEqual(["src/api/x", "x.test.ts", "apps/web/x.tsx", "README.md", "README.md"]);
  });
});
