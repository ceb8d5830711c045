import { PassThrough } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resolveGlobalOptions } from "../cli/options.js";
import { setupCommand } from "../cli/setup.command.js";
import { readInitManifest } from "../store/init-manifest.js";
import { git } from "../test-support/git.js";
import { type TestProject, tempProject } from "../test-support/project.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject("archon-setup-detect-");
});
afterEach(() => project.cleanup());

/** `archon setup --yes --json` in the project; returns what it printed as JSON. */
async function setupYes(): Promise<{ notes: string[]; init: { template: string | null } | null }> {
  git(project.root, "init", "-q", "-b", "main");
  const json = new PassThrough();
  let printed = "";
  json.on("data", (d) => {
    printed += d.toString();
  });
  await setupCommand(
    resolveGlobalOptions({ projectRoot: project.root }),
    { yes: true, agents: "claude", json: true },
    { input: new PassThrough(), output: new PassThrough(), json, interactive: false, env: { PATH: "" } },
  );
  return JSON.parse(printed);
}

describe("setup --yes picks a template only on a manifest signal", () => {
  it("starts a C# repository with one stray Go file empty instead of bootstrapping Go", async () => {
    project.write("Shop.sln", "Microsoft Visual Studio Solution File\n");
    project.write("src/Shop/Shop.csproj", '<Project Sdk="Microsoft.NET.Sdk" />\n');
    project.write("src/Shop/Program.cs", "Console.WriteLine();\n");
    project.write("tools/x.go", "package main\n\nfunc main() {}\n");
    const result = await setupYes();
    expect(result.init?.template).toBeNull();
    expect(result.notes).toContain(
      "No bundled template fits this project: it starts empty (import your rules later).",
    );
    const ctx = project.context();
    expect(readInitManifest(ctx.kdb.db)?.template).toBeNull();
    expect(ctx.kdb.db.prepare("SELECT COUNT(*) FROM documents").pluck().get()).toBe(0);
  });

  it("bootstraps the Next.js app of apps/web with its App Router globs inside apps/web, and says what is not scoped", async () => {
    project.write("package.json", JSON.stringify({ name: "mono", private: true, workspaces: ["apps/*"] }));
    project.write(
      "apps/web/package.json",
      JSON.stringify({ name: "web", dependencies: { next: "15.0.0", react: "19.0.0" } }),
    );
    project.write("apps/web/next.config.ts", "export default {};\n");
    project.write("apps/web/app/page.tsx", "export default function Page() { return null; }\n");
    project.write(
      "apps/web/app/api/orders/route.ts",
      "export async function GET() { return Response.json([]); }\n",
    );
    const result = await setupYes();
    expect(result.init?.template).toBe("nextjs");
    expect(result.notes).toContain(
      "The nextjs template fits apps/web: app_root = apps/web/app scopes the rules that use it; its other globs are not limited to apps/web, since templates take no folder for every glob.",
    );
    const ctx = project.context();
    const compiled = ctx.compiler.compile({ target_files: ["apps/web/app/api/orders/route.ts"] });
    expect(compiled.base.documents.map((d) => d.doc_id)).toContain("nextjs-route-handlers-validate");
  });
});
