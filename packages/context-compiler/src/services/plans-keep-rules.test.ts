import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeRealisticRepo } from "../bench/realistic-repo.js";
import { type ArchonContext, writeContext } from "../context/archon-context.js";
import { compileContextTool } from "../mcp/agent/compile-context.tool.js";
import { applyMigration } from "../migrate/apply-migration.js";
import { planMigration } from "../migrate/plan-migration.js";
import type { DeliveredDoc } from "../read/compile.js";
import { commitAll } from "../test-support/git.js";
import { confirm, detect } from "../test-support/init-context.js";
import { type TestProject, tempProject } from "../test-support/project.js";
import { connectArchon } from "../test-support/stdio-client.js";
import type { CompileResponse } from "./compile-service.js";
import { renderCompileText } from "./compile-text.js";

/** A project with its own rules committed, moved into archon by the migration as setup would. */
function migrated(project: TestProject): ArchonContext {
  commitAll(project.root, "the repository as the team has it", true);
  const ctx = project.context();
  applyMigration(
    { ...writeContext(ctx), ids: ctx.ids },
    planMigration({ db: ctx.kdb.db, projectRoot: project.root }),
  );
  return ctx;
}

/**
 * The rules the target files selected that the answer hides: omitted, listed apart as not about the
 * plan, or without a header of their own in the text the model reads.
 */
function hidden(response: CompileResponse): string[] {
  const text = renderCompileText(response, {}).split("\n");
  const headed = (d: DeliveredDoc) => text.some((line) => line.startsWith(`## ${d.doc_id} (`));
  return response.base.documents
    .filter((d) => d.delivery === "omitted" || d.defer_reason === "not_about_plan" || !headed(d))
    .map((d) => d.doc_id);
}

describe("plans as agents write them hide no rule the files select (realistic monorepo)", () => {
  let project: TestProject;
  let ctx: ArchonContext;
  beforeAll(() => {
    project = tempProject("archon-plans-");
    writeRealisticRepo(project.root);
    project.write("apps/web/components/Button.stories.tsx", "export default {};\n");
    ctx = migrated(project);
  }, 60_000);
  afterAll(() => project.cleanup());

  const plans = [
    { file: "apps/web/components/Button.stories.tsx", plan: "add a story for the Button component" },
    { file: "apps/web/components/Button.tsx", plan: "add a loading state to the Button component" },
    { file: "apps/web/app/api/users/route.ts", plan: "document the export API" },
    { file: "apps/web/lib/flags.ts", plan: "rename the flag helper" },
    { file: "packages/db/migrations/002_digest.sql", plan: "add a table for weekly digest preferences" },
    { file: "packages/db/src/client.ts", plan: "add connection pooling to the database client" },
  ];

  it.each(plans)("delivers every selected rule, inline or with where to read it: $plan", ({ file, plan }) => {
    const response = ctx.compiler.compile({ target_files: [file], plan });
    expect(response.base.documents.length).toBeGreaterThan(5);
    expect(hidden(response)).toEqual([]);
  });
});

describe("a Go project's own rules come before the Go template's", () => {
  let project: TestProject;
  let ctx: ArchonContext;
  beforeAll(async () => {
    project = tempProject("archon-go-rules-");
    project.write("go.mod", "module example.com/shop\n\ngo 1.22\n");
    project.write("cmd/shop/main.go", "package main\n\nfunc main() {}\n");
    project.write("pkg/server/handler.go", "package server\n");
    project.write(
      "AGENTS.md",
      [
        "# Shop",
        "",
        "## Logging",
        "",
        "Log through pkg/logger: logger.From(ctx).Info(...). Never import log/slog or the log package directly;",
        "pkg/logger adds the request id and the tenant, and the log pipeline drops lines without them.",
        "",
        "## Naming",
        "",
        "Exported names are MixedCaps and say what they do without the package name: server.Handler, not",
        "server.ServerHandler. Acronyms keep one case (ID, URL, HTTP). Receivers are one or two letters.",
        "",
      ].join("\n"),
    );
    ctx = migrated(project);
    const preview = await detect(ctx, { template: "go" });
    await confirm(ctx, { preview_hash: preview.preview_hash as string });
  }, 60_000);
  afterAll(() => project.cleanup());

  it("orders and inlines the project's rules first, then the template's, each marked as such", () => {
    const response = ctx.compiler.compile({
      target_files: ["pkg/server/handler.go"],
      plan: "rename the handler in pkg/server",
    });
    const docs = response.base.documents;
    const firstTemplate = docs.findIndex((d) => d.from_template);
    expect(docs.slice(0, firstTemplate).map((d) => [d.doc_id, d.delivery])).toEqual([
      ["agents-logging", "inline"],
      ["agents-naming", "inline"],
    ]);
    expect(docs.slice(firstTemplate).every((d) => d.from_template && d.doc_id.startsWith("go-"))).toBe(true);
    expect(hidden(response)).toEqual([]);
    const headers = renderCompileText(response)
      .split("\n")
      .filter((l) => /^## \S+ \(\w+\) /.test(l));
    expect(headers.slice(0, 2).map((l) => l.split(" ")[1])).toEqual(["agents-logging", "agents-naming"]);
    expect(headers.slice(2).every((l) => l.endsWith("· from a template"))).toBe(true);
  });

  it("reaches an agent over MCP in the same order, each template rule marked in the text it reads", async () => {
    const agent = await connectArchon({
      surface: "agent",
      dbPath: project.dbPath,
      projectRoot: project.root,
    });
    try {
      const { result, text } = await agent.resultAndText(compileContextTool, {
        target_files: ["pkg/server/handler.go"],
        plan: "rename the handler in pkg/server",
      });
      const local = ctx.compiler.compile({
        target_files: ["pkg/server/handler.go"],
        plan: "rename the handler in pkg/server",
      });
      expect(result.base.documents.map((d) => [d.doc_id, d.delivery, d.from_template])).toEqual(
        local.base.documents.map((d) => [d.doc_id, d.delivery, d.from_template]),
      );
      expect(text).toContain("· from a template");
    } finally {
      await agent.close();
    }
  });
});
