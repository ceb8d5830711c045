import { describe, expect, it } from "vitest";
import type { DeliveredDoc } from "../read/compile.js";
import type { CompileResponse } from "./compile-service.js";
import { NO_PLAN_HINT, renderCompileText } from "./compile-text.js";

const doc = (doc_id: string, fields: Partial<DeliveredDoc>): DeliveredDoc => ({
  doc_id,
  title: `Title ${doc_id}`,
  kind: "guideline",
  delivery: "inline",
  content_bytes: 10,
  content_hash: "h".repeat(64),
  ...fields,
});

const response: CompileResponse = {
  compile_id: "cmp_1",
  snapshot_id: "snap_v3",
  knowledge_version: 3,
  tag_catalog_hash: "c".repeat(64),
  knowledge_hash: "k".repeat(64),
  base: {
    documents: [
      doc("api", { content: "Use the client.\n" }),
      doc("guide", { delivery: "deferred", source_path: "AGENTS.md#L10-L60", content_bytes: 9000 }),
      doc("arch", {
        delivery: "deferred",
        source_path: "docs/arch.md",
        content_bytes: 7000,
        sections: [
          { heading: "Layers", start: 3, end: 20 },
          { heading: "Paging", start: 22, end: 30, content: "## Paging\nCursors." },
        ],
      }),
    ],
    templates: [
      doc("tpl", { kind: "template", delivery: "omitted", omit_reason: "template_requires_scaffold" }),
    ],
    resolution_path: [
      {
        via: "path_requires",
        source_value: "src/api/**",
        matched: ["src/api/a.ts"],
        doc_ids: ["api"],
      },
      {
        via: "path_requires",
        source_value: "**",
        matched: ["src/api/a.ts"],
        doc_ids: ["guide"],
      },
      { via: "doc_depends_on", source_value: "api", matched: ["api"], doc_ids: ["arch"] },
      {
        via: "path_requires",
        source_value: "src/**",
        matched: ["src/api/a.ts"],
        doc_ids: ["tpl"],
      },
    ],
  },
  expanded: {
    tags: ["release"],
    described: ["flags"],
    documents: [
      doc("flags", { content: "Gate it." }),
      doc("release", {
        delivery: "deferred",
        defer_reason: "not_about_plan",
        source_path: ".archon/rules/release.md",
        content_bytes: 400,
      }),
    ],
  },
  budget: {
    max_inline_bytes: 8192,
    inline_bytes: 150,
    content_mode: "auto",
    defer_reasons: ["not_about_plan"],
  },
  warnings: ["No approved document is wired to README.md (by path or layer)."],
  notices: ["1 proposal is pending."],
};

describe("the compile text a model reads", () => {
  it("gives one header per rule with why it matched, inline content, where to read deferred ones, and what was omitted", () => {
    expect(renderCompileText(response)).toBe(
      [
        "archon cmp_1 · knowledge v3 · 5 rule(s) · 150 of 8192 bytes inline",
        "Warning: No approved document is wired to README.md (by path or layer).",
        "Notice: 1 proposal is pending.",
        "",
        "## api (guideline) Title api · path src/api/**",
        "Use the client.",
        "",
        "## guide (guideline) Title guide · path ** · deferred: read AGENTS.md lines 10-60 (9000 bytes)",
        "",

        "## arch (guideline) Title arch · needed by api · deferred: 7000 bytes in docs/arch.md; read the sections you need:",
        "- lines 3-20: Layers",
        "- lines 22-30: Paging (below)",
        "",
        "## Paging",
        "Cursors.",
        "",
        "## flags (guideline) Title flags · the plan matches its description",
        "Gate it.",
        "",
        "Reached by a tag or a description, not about your plan (read one only if your change concerns it):",
        "- release (guideline) Title release: .archon/rules/release.md, 400 B",
        "",
        "Omitted: tpl (template_requires_scaffold)",
        'Why not inline: template_requires_scaffold: a template, sent only with command "scaffold".',
        "",
      ].join("\n"),
    );
  });
});

describe("a request without a plan", () => {
  const lines = (request?: { plan?: string }, answer: CompileResponse = response) =>
    renderCompileText(answer, request).split("\n");

  it("is told, under the notices, that every deferred rule counts and what a plan would have inlined first", () => {
    expect(lines({}).slice(0, 5)).toEqual([
      "archon cmp_1 · knowledge v3 · 5 rule(s) · 150 of 8192 bytes inline",
      "Warning: No approved document is wired to README.md (by path or layer).",
      "Notice: 1 proposal is pending.",
      NO_PLAN_HINT,
      "",
    ]);
  });

  it("is not told so when it had a plan, when the caller does not say, or when nothing is deferred", () => {
    expect(lines({ plan: "add paging" })).not.toContain(NO_PLAN_HINT);
    expect(lines()).not.toContain(NO_PLAN_HINT);
    const inlineOnly = {
      ...response,
      base: { ...response.base, documents: response.base.documents.slice(0, 1) },
    };
    expect(lines({}, inlineOnly)).not.toContain(NO_PLAN_HINT);
  });
});

describe("why a rule matched, from the grouped resolution path", () => {
  it("names each document's reason by the lowest edge type, then its most specific selector, never by edge id", () => {
    const grouped: CompileResponse = {
      ...response,
      base: {
        documents: [doc("api", { content: "Use the client.\n" })],
        templates: [],
        resolution_path: [
          // The broad glob comes first in the list and reached api through the lower edge id; the narrow
          // one names the reason better, on every database.
          {
            via: "path_requires",
            source_value: "src/**",
            matched: ["src/api/a.ts"],
            doc_ids: ["ui", "api"],
          },
          { via: "doc_depends_on", source_value: "ui", matched: ["ui"], doc_ids: ["api"] },
          {
            via: "path_requires",
            source_value: "src/api/**",
            matched: ["src/api/a.ts"],
            doc_ids: ["api"],
          },
        ],
      },
      expanded: undefined,
    };
    expect(renderCompileText(grouped).split("\n")).toContain(
      "## api (guideline) Title api · path src/api/**",
    );
  });
});

describe("a template's rules in the text", () => {
  it("come after every rule the project wrote, expanded ones included, each saying it is from a template", () => {
    const withTemplate: CompileResponse = {
      ...response,
      base: {
        ...response.base,
        documents: [
          doc("api", { content: "Use the client.\n" }),
          doc("go-logging", { content: "Log with log/slog.", from_template: true }),
        ],
        templates: [],
        resolution_path: [
          {
            via: "path_requires",
            source_value: "src/api/**",
            matched: ["src/api/a.ts"],
            doc_ids: ["api", "go-logging"],
          },
        ],
      },
      expanded: { tags: [], described: ["flags"], documents: [doc("flags", { content: "Gate it." })] },
    };
    const text = renderCompileText(withTemplate).split("\n");
    expect(text.filter((l) => l.startsWith("## "))).toEqual([
      "## api (guideline) Title api · path src/api/**",
      "## flags (guideline) Title flags · the plan matches its description",
      "## go-logging (guideline) Title go-logging · path src/api/** · from a template",
    ]);
  });
});

describe("why a rule was deferred or left out", () => {
  it("is said in plain words once per answer, one clause per reason met, after the rules", () => {
    const deferred: CompileResponse = {
      ...response,
      base: {
        documents: [
          doc("big", { delivery: "deferred", source_path: "a.md" }),
          doc("late", { delivery: "deferred", source_path: "b.md" }),
          doc("later", { delivery: "deferred", source_path: "c.md" }),
          doc("last", { delivery: "omitted", omit_reason: "over_budget" }),
        ],
        templates: [],
        resolution_path: [],
      },
      budget: { ...response.budget, defer_reasons: ["over_auto_inline_limit", "over_budget"] },
      expanded: undefined,
      warnings: [],
      notices: [],
    };
    const text = renderCompileText(deferred).split("\n");
    expect(text.filter((l) => l.startsWith("Why not inline:"))).toEqual([
      "Why not inline: over_auto_inline_limit: over 4096 bytes, so never inlined: read it where it says; over_budget: did not fit the inline budget: read it where it says, or ask again with a larger max_inline_bytes.",
    ]);
    expect(text.at(-2)?.startsWith("Why not inline:")).toBe(true);
  });

  it("is not said when every rule is inline, or deferred only as not about the plan", () => {
    const inline: CompileResponse = {
      ...response,
      base: { ...response.base, documents: response.base.documents.slice(0, 1), templates: [] },
    };
    expect(renderCompileText(inline)).not.toContain("Why not inline:");
  });
});
