import { execFileSync } from "node:child_process";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type TestProject, tempProject } from "../test-support/project.js";
import {
  GO,
  LARAVEL,
  NEXT_APP,
  NEXT_SRC_APP,
  PYTHON,
  VITE,
  writeTree,
} from "../test-support/project-trees.js";
import { detectStack } from "./detect-stack.js";
import { readProjectShape } from "./project-shape.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject("archon-detect-");
});
afterEach(() => project.cleanup());

const detect = (tree: Record<string, string>) => {
  writeTree(project.write, tree);
  return detectStack(readProjectShape(project.root));
};

const none = (template: string, max_score: number) => ({
  template,
  folder: ".",
  score: 0,
  max_score,
  evidence: [],
});

describe("stack detection on real project trees", () => {
  it("scores a Next.js app with src/app and detects src/app as app_root", () => {
    expect(detect(NEXT_SRC_APP)).toEqual({
      scores: [
        {
          template: "nextjs",
          folder: ".",
          score: 9,
          max_score: 9,
          evidence: ["package.json depends on next", "next.config.mjs", "src/app/api/orders/route.ts"],
        },
        none("go", 6),
        none("laravel", 10),
        none("python", 6),
      ],
      signals: [],
      best: "nextjs",
      placeholders: { app_root: "src/app" },
    });
  });

  it("detects app as app_root for a Next.js app without src/", () => {
    const result = detect(NEXT_APP);
    expect(result.best).toBe("nextjs");
    expect(result.scores[0]).toEqual({
      template: "nextjs",
      folder: ".",
      score: 9,
      max_score: 9,
      evidence: ["package.json depends on next", "next.config.ts", "app/blog/[slug]/page.tsx"],
    });
    expect(result.placeholders).toEqual({ app_root: "app" });
  });

  it("scores a Laravel app and reports its Vite front end as a signal without a template", () => {
    expect(detect(LARAVEL)).toEqual({
      scores: [
        {
          template: "laravel",
          folder: ".",
          score: 10,
          max_score: 10,
          evidence: [
            "composer.json requires laravel/framework",
            "artisan",
            "app/Http/Controllers/InvoiceController.php",
            "routes/web.php",
          ],
        },
        none("go", 6),
        none("nextjs", 9),
        none("python", 6),
      ],
      signals: [
        {
          name: "vite",
          folder: ".",
          evidence: ["vite.config.js", "package.json depends on vite"],
          template: null,
        },
      ],
      best: "laravel",
      placeholders: { app_root: "app" },
    });
  });

  it("scores a Python package on pyproject.toml and its .py files", () => {
    const result = detect(PYTHON);
    expect(result.best).toBe("python");
    expect(result.scores[0]).toEqual({
      template: "python",
      folder: ".",
      score: 5,
      max_score: 6,
      evidence: ["pyproject.toml", "src/ledger/__init__.py"],
    });
  });

  it("scores a Go module on go.mod and its .go files", () => {
    const result = detect(GO);
    expect(result.best).toBe("go");
    expect(result.scores[0]).toEqual({
      template: "go",
      folder: ".",
      score: 6,
      max_score: 6,
      evidence: ["go.mod", "cmd/billing/main.go"],
    });
  });

  it("counts no stack on stray source files without a manifest", () => {
    const result = detect({ "scripts/report.py": "print('hi')\n", "tools/x.go": "package main\n" });
    expect(result.best).toBeNull();
    expect(result.scores.every((s) => s.score === 0 && s.evidence.length === 0)).toBe(true);
  });

  it("finds no template for an empty folder", () => {
    expect(detect({})).toEqual({
      scores: [none("go", 6), none("laravel", 10), none("nextjs", 9), none("python", 6)],
      signals: [],
      best: null,
      placeholders: { app_root: "app" },
    });
  });

  it("recognises a plain Vite app as a signal and offers no template for it", () => {
    const result = detect(VITE);
    expect(result.best).toBeNull();
    expect(result.signals).toEqual([
      {
        name: "vite",
        folder: ".",
        evidence: ["vite.config.ts", "package.json depends on vite"],
        template: null,
      },
    ]);
    expect(result.scores.every((s) => s.score === 0)).toBe(true);
  });

  it("treats a broken package.json as no evidence rather than failing", () => {
    const result = detect({ "package.json": "{ not json", "next.config.js": "module.exports = {};\n" });
    expect(result.scores.find((s) => s.template === "nextjs")).toEqual(none("nextjs", 9));
    expect(result.best).toBeNull();
  });

  it("reads git's view of the project, so ignored folders are no evidence", () => {
    writeTree(project.write, {
      ...NEXT_APP,
      ".gitignore": ".venv/\nnode_modules/\n",
      ".venv/lib/site.py": "import sys\n",
      "node_modules/some-tool/main.go": "package main\n",
    });
    execFileSync("git", ["init", "-q"], { cwd: project.root });
    const shape = readProjectShape(project.root);
    expect(shape.source).toBe("git");
    const scores = Object.fromEntries(detectStack(shape).scores.map((s) => [s.template, s.score]));
    expect(scores).toEqual({ nextjs: 9, go: 0, laravel: 0, python: 0 });
  });
});

describe("stack detection in monorepos and mixed repositories", () => {
  it("scores a Next.js app in apps/web and puts app_root inside it", () => {
    const result = detect({
      "package.json": JSON.stringify({ name: "mono", private: true, workspaces: ["apps/*"] }),
      "apps/web/package.json": JSON.stringify({
        name: "web",
        dependencies: { next: "15.0.0", react: "19.0.0" },
      }),
      "apps/web/next.config.ts": "export default {};\n",
      "apps/web/src/app/page.tsx": "export default function Page() { return null; }\n",
      "apps/api/go.mod": "module example.com/api\n",
      "apps/api/main.go": "package main\n",
    });
    expect(result.best).toBe("nextjs");
    expect(result.scores.filter((s) => s.score > 0)).toEqual([
      {
        template: "nextjs",
        folder: "apps/web",
        score: 9,
        max_score: 9,
        evidence: [
          "apps/web/package.json depends on next",
          "apps/web/next.config.ts",
          "apps/web/src/app/page.tsx",
        ],
      },
      {
        template: "go",
        folder: "apps/api",
        score: 6,
        max_score: 6,
        evidence: ["apps/api/go.mod", "apps/api/main.go"],
      },
    ]);
    expect(result.placeholders).toEqual({ app_root: "apps/web/src/app" });
  });

  it("reads the app folders pnpm-workspace.yaml names", () => {
    const result = detect({
      "pnpm-workspace.yaml": "packages:\n  - 'sites/*'\n",
      "sites/blog/package.json": JSON.stringify({ dependencies: { next: "14.0.0" } }),
      "sites/blog/app/page.tsx": "export default function Page() { return null; }\n",
    });
    expect(result.scores[0]).toMatchObject({ template: "nextjs", folder: "sites/blog", score: 6 });
    expect(result.placeholders).toEqual({ app_root: "sites/blog/app" });
  });

  it("fits no template to a C# repository with one stray Go file, and names the .NET signal", () => {
    const result = detect({
      "Shop.sln": "Microsoft Visual Studio Solution File\n",
      "src/Shop/Shop.csproj": '<Project Sdk="Microsoft.NET.Sdk" />\n',
      "src/Shop/Program.cs": "Console.WriteLine();\n",
      "tools/x.go": "package main\n",
    });
    expect(result.best).toBeNull();
    expect(result.scores.every((s) => s.score === 0)).toBe(true);
    expect(result.signals).toEqual([
      { name: "dotnet", folder: ".", evidence: ["Shop.sln", "src/Shop/Shop.csproj"], template: null },
    ]);
  });
});
