import { sha256 } from "@archon/core";
import { describe, expect, it } from "vitest";
import { refusal } from "../test-support/user-error.js";
import { type CompileRequest, compile } from "./compile.js";
import { cachedDocText, type DocText } from "./doc-text.js";
import { buildIndex, type IndexedDoc, type KnowledgeIndex } from "./knowledge-index.js";

interface DocSpec {
  kind?: string;
  priority?: number;
  content?: string;
  source_path?: string;
  paths?: string[];
  layers?: string[];
  commands?: string[];
  depends_on?: string[];
  tags?: string[];
  description?: string;
}

/** A knowledge index built in memory from a compact description. */
function knowledge(
  docs: Record<string, DocSpec>,
  layerRules: Record<string, string> = {},
  templateDocIds: string[] = [],
) {
  const contents = new Map<string, string>();
  const documents: IndexedDoc[] = [];
  const edges: { edge_id: number; edge_type: string; source_value: string; target_doc_id: string }[] = [];
  const tags: { tag: string; doc_id: string }[] = [];
  for (const [doc_id, d] of Object.entries(docs)) {
    const content = d.content ?? `Rules of ${doc_id}.`;
    const content_hash = sha256(content);
    contents.set(content_hash, content);
    documents.push({
      doc_id,
      title: `Title ${doc_id}`,
      kind: d.kind ?? "guideline",
      content_hash,
      content_bytes: Buffer.byteLength(content),
      source_path: d.source_path ?? null,
      priority: d.priority ?? 100,
      description: d.description ?? null,
    });
    const edge = (edge_type: string, source_value: string, target_doc_id = doc_id) =>
      edges.push({ edge_id: edges.length + 1, edge_type, source_value, target_doc_id });
    for (const p of d.paths ?? []) edge("path_requires", p);
    for (const l of d.layers ?? []) edge("layer_requires", l);
    for (const c of d.commands ?? []) edge("command_requires", c);
    for (const dep of d.depends_on ?? []) edge("doc_depends_on", doc_id, dep);
    for (const tag of d.tags ?? []) tags.push({ tag, doc_id });
  }
  const index = buildIndex({
    knowledge_version: 7,
    snapshot_id: "snap_v7",
    documents,
    edges,
    layer_rules: Object.entries(layerRules).map(([path_pattern, layer_name]) => ({
      path_pattern,
      layer_name,
    })),
    tags,
    template_doc_ids: templateDocIds,
  });
  return { index, text: cachedDocText((hash) => contents.get(hash) ?? "") };
}

function run(k: { index: KnowledgeIndex; text: DocText }, request: Partial<CompileRequest>) {
  const files = [...(request.target_files ?? ["src/api/users.ts"])].sort();
  return compile(k.index, { target_files: files, ...request }, files, [], k.text);
}

const ids = (docs: { doc_id: string }[]) => docs.map((d) => d.doc_id);

describe("resolution: the four steps", () => {
  const k = knowledge(
    {
      exact: { paths: ["src/api/users.ts"] },
      api: { paths: ["src/api/**"] },
      broad: { paths: ["src/**"], priority: 10 },
      layered: { layers: ["api"] },
      scaffold: { commands: ["migrate"] },
      base: {},
      deep: {},
      parent: { paths: ["src/api/**"], depends_on: ["base"] },
      chain: { depends_on: ["deep"], layers: ["api"] },
      unrelated: { paths: ["docs/**"] },
    },
    { "src/api/**": "api", "src/**": "app" },
  );

  it("matches path globs, classifies the layer, follows commands and the dependency closure", () => {
    const r = run(k, { command: "migrate" });
    expect(ids(r.base.documents)).toEqual([
      "exact",
      "api",
      "parent",
      "broad",
      "base",
      "chain",
      "deep",
      "layered",
      "scaffold",
    ]);
  });

  it("classifies each file by its most specific layer rule", () => {
    const r = run(k, { target_files: ["src/api/users.ts", "src/lib/x.ts", "README.md"] });
    expect(r.debug.layer_classification).toEqual([
      { file: "README.md", layer: null, rule_pattern: null },
      { file: "src/api/users.ts", layer: "api", rule_pattern: "src/api/**" },
      { file: "src/lib/x.ts", layer: "app", rule_pattern: "src/**" },
    ]);
  });

  it("uses target_layers instead of classification when given", () => {
    const r = run(k, { target_files: ["docs/x.md"], target_layers: ["api"] });
    expect(ids(r.base.documents)).toEqual(["unrelated", "chain", "deep", "layered"]);
    expect(r.debug.layer_classification).toEqual([]);
    // The layers given apply to every target file, so a file only they reach is not reported as unwired.
    const layersOnly = run(k, { target_files: ["README.md"], target_layers: ["api"] });
    expect(ids(layersOnly.base.documents)).toEqual(["chain", "deep", "layered"]);
    expect(layersOnly.warnings).toEqual([]);
  });

  it("records every edge that fired in resolution_path, in document order", () => {
    const r = run(k, {});
    expect(r.base.resolution_path.filter((g) => g.doc_ids.includes("base"))).toEqual([
      { via: "doc_depends_on", source_value: "parent", matched: ["parent"], doc_ids: ["base"] },
    ]);
    expect(r.base.resolution_path.find((g) => g.doc_ids.includes("layered"))).toMatchObject({
      via: "layer_requires",
      matched: ["src/api/users.ts → api"],
    });
  });

  it("says a glob that fired for several documents once, and keeps the edge that reached each for debug_info", () => {
    const shared = knowledge({
      a: { paths: ["src/**"], priority: 1 },
      b: { paths: ["src/**", "src/api/**"], priority: 2 },
      c: { paths: ["src/**"], priority: 3 },
    });
    const r = run(shared, { target_files: ["src/api/users.ts", "src/ui/page.tsx"] });
    // b comes first (its src/api/** is the most specific match); each glob is said once with both files.
    expect(r.base.resolution_path).toEqual([
      {
        via: "path_requires",
        source_value: "src/**",
        matched: ["src/api/users.ts", "src/ui/page.tsx"],
        doc_ids: ["b", "a", "c"],
      },
      {
        via: "path_requires",
        source_value: "src/api/**",
        matched: ["src/api/users.ts"],
        doc_ids: ["b"],
      },
    ]);
    expect(r.debug.resolution_edge_ids).toEqual([[2, 1, 4], [3]]);
  });
});

describe("ordering: specificity desc, priority asc, doc_id asc", () => {
  it("takes a document's highest specificity among its matching path edges", () => {
    const k = knowledge({
      a: { paths: ["src/**", "src/api/users.ts"], priority: 500 },
      b: { paths: ["src/api/**"], priority: 1 },
      c: { paths: ["src/api/**"], priority: 1 },
    });
    expect(ids(run(k, {}).base.documents)).toEqual(["a", "b", "c"]);
  });
});

describe("the allocator", () => {
  const big = "x".repeat(5000);
  it("omits templates unless the command is scaffold or content_mode is always", () => {
    const k = knowledge({ tpl: { kind: "template", paths: ["src/**"] }, g: { paths: ["src/**"] } });
    const normal = run(k, {});
    expect(normal.base.templates).toMatchObject([
      { doc_id: "tpl", delivery: "omitted", omit_reason: "template_requires_scaffold" },
    ]);
    expect(run(k, { command: "scaffold" }).base.templates[0]?.delivery).toBe("inline");
    expect(run(k, { content_mode: "always" }).base.templates[0]?.delivery).toBe("inline");
  });

  it("always inlines database-only documents and fails with budget_exceeded naming them when they do not fit", () => {
    const k = knowledge({ small: { paths: ["src/**"] }, huge: { paths: ["src/**"], content: big } });
    expect(() => run(k, { max_inline_bytes: 1000 })).toThrow(/budget_exceeded.*huge \(5000 bytes\)/);
    // The hint names the way out for a rule file: its own file as its source.
    expect(refusal(() => run(k, { max_inline_bytes: 1000 })).hint).toMatch(
      /deferred to its own file once its front matter says `source: \.archon\/rules\/<doc_id>\.md`\.$/,
    );
    const fits = run(k, { max_inline_bytes: 8192 });
    expect(fits.base.documents.map((d) => d.delivery)).toEqual(["inline", "inline"]);
  });

  it("defers a file-backed document over 4096 bytes under auto, and inlines it under always", () => {
    const k = knowledge({ guide: { paths: ["src/**"], content: big, source_path: "docs/guide.md" } });
    expect(run(k, {}).base.documents[0]).toMatchObject({
      delivery: "deferred",
      source_path: "docs/guide.md",
    });
    expect(run(k, {}).base.documents[0]?.content).toBeUndefined();
    expect(run(k, { content_mode: "always" }).base.documents[0]).toMatchObject({
      delivery: "inline",
      content: big,
    });
  });

  it("defers every file-backed document under metadata", () => {
    const k = knowledge({ f: { paths: ["src/**"], source_path: "docs/f.md" }, db: { paths: ["src/**"] } });
    const r = run(k, { content_mode: "metadata" });
    expect(r.base.documents.map((d) => [d.doc_id, d.delivery])).toEqual([
      ["db", "inline"],
      ["f", "deferred"],
    ]);
  });

  it("lets file-backed documents compete by relevance, then priority, for what is left", () => {
    const content = "y".repeat(3000);
    const k = knowledge({
      a: { paths: ["src/**"], source_path: "a.md", content: `${content} invoices`, priority: 1 },
      b: { paths: ["src/**"], source_path: "b.md", content: `${content} pagination cursor`, priority: 2 },
      c: { paths: ["src/**"], source_path: "c.md", content, priority: 3 },
    });
    const r = run(k, { plan: "add cursor pagination", max_inline_bytes: 7000 });
    expect(r.base.documents.map((d) => [d.doc_id, d.delivery, d.relevance])).toEqual([
      ["a", "inline", 0],
      ["b", "inline", 0.6667],
      ["c", "deferred", 0],
    ]);
    expect(r.debug.budget_drops).toEqual([{ doc_id: "c", delivery: "deferred", reason: "over_budget" }]);
  });
});

describe("relevance and min_relevance", () => {
  const k = knowledge({
    camel: { paths: ["src/**"], content: "Call getUserById through apiClient." },
    rapid: { paths: ["src/**"], content: "Rapid prototyping is fine here." },
  });

  it("is word-boundary and camelCase aware", () => {
    const r = run(k, { plan: "fix the API user lookup" });
    const rel = Object.fromEntries(r.base.documents.map((d) => [d.doc_id, d.relevance]));
    expect(rel).toEqual({ camel: 0.5, rapid: 0 });
  });

  it("omits documents below min_relevance and warns when there is no plan", () => {
    const r = run(k, { plan: "api user", min_relevance: 0.5 });
    expect(r.base.documents.find((d) => d.doc_id === "rapid")).toMatchObject({
      delivery: "omitted",
      omit_reason: "below_min_relevance",
    });
    expect(run(k, { min_relevance: 0.5 }).warnings).toContain(
      "min_relevance was ignored: relevance needs a plan.",
    );
  });
});

describe("intent_tags expansion", () => {
  const k = knowledge({
    inbase: { paths: ["src/**"], tags: ["auth"] },
    session: { tags: ["auth"] },
    billing: { tags: ["billing"] },
  });

  it("adds tagged documents outside the base result in an expanded section", () => {
    const r = run(k, { intent_tags: ["auth"] });
    expect(r.expanded).toMatchObject({
      tags: ["auth"],
      documents: [{ doc_id: "session", delivery: "inline" }],
    });
    expect(ids(r.base.documents)).toEqual(["inbase"]);
  });

  it("derives tags named in the plan when intent_tags is absent, and [] opts out", () => {
    expect(run(k, { plan: "fix billing totals" }).expanded?.tags).toEqual(["billing"]);
    expect(run(k, { plan: "fix billing totals", intent_tags: [] }).expanded).toBeUndefined();
  });

  it("warns about tags not in the catalog", () => {
    expect(run(k, { intent_tags: ["nope"] }).warnings).toContain(
      'Intent tag "nope" is not in the tag catalog.',
    );
  });
});

describe("specificity within a class of the allocator", () => {
  it("inlines the rule written for this folder before a project-wide one of better relevance", () => {
    const body = "z".repeat(3000);
    const k = knowledge({
      everywhere: { paths: ["**"], source_path: "AGENTS.md#L1-L40", content: `${body} invoice totals` },
      folder: { paths: ["apps/web/**"], source_path: "apps/web/AGENTS.md", content: body },
    });
    const r = run(k, { target_files: ["apps/web/page.tsx"], plan: "invoice totals", max_inline_bytes: 4000 });
    expect(r.base.documents.map((d) => [d.doc_id, d.delivery])).toEqual([
      ["folder", "inline"],
      ["everywhere", "deferred"],
    ]);
  });
});

describe("a plan orders the rules the files select and never hides them", () => {
  const k = knowledge(
    {
      paging: { paths: ["**"], source_path: "AGENTS.md#L1-L3", content: "Use cursor pagination." },
      release: {
        paths: ["**"],
        source_path: "AGENTS.md#L5-L9",
        content: `Tag releases on main. ${"r".repeat(300)}`,
      },
      naming: { layers: ["go"], source_path: "AGENTS.md#L11-L20", content: `Go naming. ${"n".repeat(300)}` },
      db: { paths: ["**"], content: "Never drop tables." },
      scoped: { paths: ["src/**"], source_path: "src/AGENTS.md", content: "Scoped rule." },
      digest: {
        tags: ["email"],
        source_path: ".archon/rules/digest.md",
        content: `Weekly digest. ${"d".repeat(300)}`,
      },
    },
    { "**/*.go": "go" },
  );
  /** Each document with why it was not inlined, as debug_info lists it. */
  const deliveries = (r: ReturnType<typeof run>) => {
    const reasons = new Map(r.debug.budget_drops.map((d) => [d.doc_id, d.reason]));
    return [...r.base.documents, ...(r.expanded?.documents ?? [])].map((d) => [
      d.doc_id,
      d.delivery,
      reasons.get(d.doc_id),
    ]);
  };

  it("inlines a project-wide or layer rule that shares no word with the plan, as it would without one", () => {
    const r = run(k, { target_files: ["src/server/handler.go"], plan: "cursor pagination" });
    expect(deliveries(r)).toEqual([
      ["scoped", "inline", undefined],
      ["db", "inline", undefined],
      ["naming", "inline", undefined],
      ["paging", "inline", undefined],
      ["release", "inline", undefined],
    ]);
  });

  it("spends a short budget on the rules the plan is about first, deferring the others with their path", () => {
    const r = run(k, {
      target_files: ["src/server/handler.go"],
      plan: "cursor pagination",
      max_inline_bytes: 100,
    });
    expect(deliveries(r)).toEqual([
      ["scoped", "inline", undefined],
      ["db", "inline", undefined],
      ["naming", "deferred", "over_budget"],
      ["paging", "inline", undefined],
      ["release", "deferred", "over_budget"],
    ]);
    // The result says the reason once, not on each rule: "read it where it says" is the same for both.
    expect({
      perRule: r.base.documents.map((d) => d.defer_reason),
      once: r.budget.defer_reasons,
    }).toEqual({ perRule: [undefined, undefined, undefined, undefined, undefined], once: ["over_budget"] });
  });

  it("lists apart only a rule a tag reached that the plan is not about", () => {
    const r = run(k, {
      target_files: ["src/server/handler.go"],
      plan: "cursor pagination",
      intent_tags: ["email"],
    });
    expect(deliveries(r).at(-1)).toEqual(["digest", "deferred", "not_about_plan"]);
    // The one deferral a rule's entry names: the agent may skip it.
    expect(r.expanded?.documents.at(-1)?.defer_reason).toBe("not_about_plan");
  });

  it("drops the rules below min_relevance only when the caller asks for it", () => {
    const r = run(k, {
      target_files: ["src/server/handler.go"],
      plan: "cursor pagination",
      min_relevance: 0.5,
    });
    expect(r.base.documents.filter((d) => d.delivery === "omitted").map((d) => d.doc_id)).toEqual([
      "scoped",
      "db",
      "naming",
      "release",
    ]);
  });
});

describe("a template's rules come after the project's own", () => {
  const body = (words: string, bytes: number) => `${words} ${"x".repeat(bytes - words.length - 1)}`;
  const docs: Record<string, DocSpec> = {
    logger: {
      paths: ["**/*.go"],
      source_path: "AGENTS.md#L1-L40",
      content: body("Log through internal/logger.", 3000),
    },
    naming: { layers: ["go"], content: body("Name packages in lower case.", 200) },
    "go-error-wrapping": { paths: ["**/*.go"], priority: 15, content: body("Wrap errors with %w.", 1500) },
    "go-logging": { layers: ["go"], priority: 15, content: body("Log with log/slog.", 1500) },
  };
  const k = knowledge(docs, { "**/*.go": "go" }, ["go-error-wrapping", "go-logging"]);
  const request = { target_files: ["pkg/server/handler.go"], max_inline_bytes: 5000 };

  it("orders every project rule before any template rule, whatever their specificity or priority", () => {
    expect(ids(run(k, request).base.documents)).toEqual([
      "logger",
      "naming",
      "go-error-wrapping",
      "go-logging",
    ]);
  });

  it("gives the inline budget to the project's rules first and omits, by name, a template rule that does not fit", () => {
    const r = run(k, request);
    expect(r.base.documents.map((d) => [d.doc_id, d.delivery, d.from_template])).toEqual([
      ["logger", "inline", undefined],
      ["naming", "inline", undefined],
      ["go-error-wrapping", "inline", true],
      ["go-logging", "omitted", true],
    ]);
    expect(r.debug.budget_drops).toEqual([
      { doc_id: "go-logging", delivery: "omitted", reason: "over_budget" },
    ]);
  });

  it("gives the same documents whatever order the knowledge was read in", () => {
    const reversed = knowledge(Object.fromEntries(Object.entries(docs).reverse()), { "**/*.go": "go" }, [
      "go-logging",
      "go-error-wrapping",
    ]);
    const r = run(reversed, request);
    expect([r.base.documents, r.budget]).toEqual([run(k, request).base.documents, run(k, request).budget]);
  });
});

describe("rules reached by their description", () => {
  const k = knowledge({
    flags: { description: "Use PostHog feature flags to gate unreleased work" },
    digest: { description: "Weekly digest email" },
    testing: { description: "Testing" },
    scoped: { paths: ["src/**"], description: "Feature flags in the API" },
  });

  it("adds a document whose description shares two significant words with the plan, or its only one", () => {
    const r = run(k, { target_files: ["lib/x.ts"], plan: "gate the new export behind a PostHog flag" });
    expect(r.expanded).toMatchObject({ tags: [], described: ["flags"], documents: [{ doc_id: "flags" }] });
    expect(run(k, { target_files: ["lib/x.ts"], plan: "add tests for paging" }).expanded?.described).toEqual([
      "testing",
    ]);
    expect(
      run(k, { target_files: ["lib/x.ts"], plan: "send the weekly digest" }).expanded?.described,
    ).toEqual(["digest"]);
  });

  it("does not fire on one generic shared word, without a plan, or for a document already in the base", () => {
    expect(run(k, { target_files: ["lib/x.ts"], plan: "call the email API" }).expanded).toBeUndefined();
    expect(run(k, { target_files: ["lib/x.ts"] }).expanded).toBeUndefined();
    const inBase = run(k, { target_files: ["src/a.ts"], plan: "feature flags" });
    expect(ids(inBase.base.documents)).toEqual(["scoped"]);
    expect(inBase.expanded?.described).toEqual(["flags"]);
  });
});

describe("sections of deferred documents", () => {
  const guide = [
    "# Guide",
    "",
    "Intro line.",
    "",
    "## Setup",
    "",
    `Install things. ${"s".repeat(2500)}`,
    "",
    "## Pagination",
    "",
    "Use cursor pagination with opaque cursors.",
    "```md",
    "## not a heading inside a fence",
    "```",
    "",
    "## Errors",
    "",
    `Errors use the envelope. ${"e".repeat(2500)}`,
  ].join("\n");
  const k = knowledge({
    guide: { paths: ["src/**"], source_path: "docs/guide.md#L11-L28", content: guide },
    notes: { paths: ["src/**"], source_path: "docs/notes.md#Notes", content: guide },
  });

  it("lists each section's lines in the source file and inlines the ones the plan is about", () => {
    const r = run(k, { plan: "cursor pagination", max_inline_bytes: 1000 });
    const doc = r.base.documents.find((d) => d.doc_id === "guide");
    expect(doc?.delivery).toBe("deferred");
    const pagination = doc?.sections?.[1]?.content ?? "";
    expect(doc?.sections).toEqual([
      { heading: "Setup", start: 15, end: 17 },
      { heading: "Pagination", start: 19, end: 24, content: pagination },
      { heading: "Errors", start: 26, end: 28 },
    ]);
    expect(pagination).toContain("opaque cursors");
    expect(r.budget.inline_bytes).toBe(Buffer.byteLength(pagination));
  });

  it("offers no line ranges when the place of the content in its file is unknown", () => {
    const r = run(k, { plan: "cursor pagination", max_inline_bytes: 1000 });
    expect(r.base.documents.find((d) => d.doc_id === "notes")?.sections).toBeUndefined();
  });

  it("lists sections without inlining any when there is no plan", () => {
    const r = run(k, { max_inline_bytes: 1000 });
    const doc = r.base.documents.find((d) => d.doc_id === "guide");
    expect(doc?.sections).toEqual([
      { heading: "Setup", start: 15, end: 17 },
      { heading: "Pagination", start: 19, end: 24 },
      { heading: "Errors", start: 26, end: 28 },
    ]);
    expect(r.budget.inline_bytes).toBe(0);
  });
});

describe("warnings are part of the deterministic result", () => {
  it("says Project not initialized on an empty knowledge base", () => {
    const r = run(knowledge({}), {});
    expect(r.warnings[0]).toMatch(/^Project not initialized/);
  });

  it("names files nothing is wired to and commands nothing requires", () => {
    const r = run(knowledge({ a: { paths: ["src/**"] } }), {
      target_files: ["src/a.ts", "docs/b.md"],
      command: "deploy",
    });
    expect(r.warnings).toEqual([
      "No approved document is wired to docs/b.md (by path or layer).",
      'Command "deploy" matches no command_requires edge.',
    ]);
  });

  it("names a glob stored before globs were checked, which matches nothing, and compiles the rest", () => {
    const bomb = `src/${"{a,b}".repeat(24)}/*.ts`;
    const r = run(
      knowledge({ a: { paths: ["src/**"] }, b: { paths: [bomb, "src/*(x)/**"] } }, { "**.ts": "api" }),
      {
        target_files: ["src/abababababababababababab/x.ts"],
      },
    );
    expect({ documents: ids(r.base.documents), warnings: r.warnings }).toEqual({
      documents: ["a"],
      warnings: [
        'Glob "src/*(x)/**" uses ( ) or an extglob such as @(a|b); write alternatives as {a,b}: it matches nothing until it is rewritten.',
        `Glob "${bomb}" expands to more than 256 globs; use fewer brace groups or a folder glob: it matches nothing until it is rewritten.`,
        `Glob "**.ts" puts '**' inside a name; '**' is a whole segment: **/*.ts: it matches nothing until it is rewritten.`,
      ],
    });
  });
});
