// Stack detection as a pure function over a file listing and the manifests' text: each app folder of a
// monorepo scored on its own, a stack counted only on a manifest signal, every score with its evidence.
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
// Loaded on the first detection, not at import: a server starts without them.
const picomatch = (patterns: string[]) => (require("picomatch") as typeof import("picomatch"))(patterns);
const parseYaml = (text: string): unknown => (require("yaml") as typeof import("yaml")).parse(text);

/** What detection reads from a project; absent manifests are simply missing. */
export interface ProjectShape {
  /** Repo-relative paths with forward slashes. */
  files: readonly string[];
  /** Text of package.json, composer.json (any app folder) and pnpm-workspace.yaml, by repo-relative path. */
  manifests: Readonly<Record<string, string>>;
}

export interface StackScore {
  template: string;
  /** The app folder the score is for: `.` for the project root, else e.g. `apps/web`. */
  folder: string;
  score: number;
  max_score: number;
  evidence: string[];
}

export interface StackSignal {
  name: string;
  folder: string;
  evidence: string[];
  /** A recognised stack without a bundled template. */
  template: null;
}

export interface Detection {
  scores: StackScore[];
  signals: StackSignal[];
  /** The best-scoring template, or null when none reaches MIN_SCORE. */
  best: string | null;
  /** Placeholder values read from the project's shape (Next.js app_root, inside its app folder). */
  placeholders: Record<string, string>;
}

/** Below this nothing fits. Only a manifest scores at all, so a stray .go or .py file is never a stack. */
export const MIN_SCORE = 2;

/** Folders a monorepo keeps its apps in when its manifests name none. */
const DEFAULT_WORKSPACES = ["apps/*", "packages/*"];

/** Files that make a folder an app: a manifest of some language's package manager. */
const MANIFEST =
  /(^|\/)(package\.json|composer\.json|go\.mod|pyproject\.toml|setup\.py|setup\.cfg|Pipfile|requirements[\w.-]*\.txt|Cargo\.toml|Gemfile|[^/]+\.csproj)$/;

interface Check {
  points: number;
  /** A manifest check: without one of these hitting, the template scores nothing in that folder. */
  manifest?: true;
  evidence: (facts: Facts) => string | undefined;
}

interface Facts {
  /** Paths relative to the app folder. */
  files: readonly string[];
  has: (path: string) => boolean;
  under: (folder: string) => string | undefined;
  npm: ReadonlySet<string>;
  composer: ReadonlySet<string>;
}

const firstMatch = (files: readonly string[], test: RegExp) => files.find((f) => test.test(f));
const NEXT_APP_FILE = /^(src\/)?app\/(.+\/)?(page|layout|route)\.(tsx|ts|jsx|js|mdx)$/;

const CHECKS: Record<string, Check[]> = {
  laravel: [
    {
      points: 4,
      manifest: true,
      evidence: (f) =>
        f.composer.has("laravel/framework") ? "composer.json requires laravel/framework" : undefined,
    },
    { points: 3, evidence: (f) => (f.has("artisan") ? "artisan" : undefined) },
    { points: 2, evidence: (f) => f.under("app/Http/") },
    { points: 1, evidence: (f) => (f.has("routes/web.php") ? "routes/web.php" : undefined) },
  ],
  nextjs: [
    {
      points: 4,
      manifest: true,
      evidence: (f) => (f.npm.has("next") ? "package.json depends on next" : undefined),
    },
    { points: 3, evidence: (f) => firstMatch(f.files, /^next\.config\.(js|mjs|cjs|ts|mts)$/) },
    {
      points: 2,
      evidence: (f) => firstMatch(f.files, NEXT_APP_FILE) ?? f.under("pages/") ?? f.under("src/pages/"),
    },
  ],
  python: [
    { points: 3, manifest: true, evidence: (f) => (f.has("pyproject.toml") ? "pyproject.toml" : undefined) },
    {
      points: 1,
      manifest: true,
      evidence: (f) => firstMatch(f.files, /^(requirements[\w.-]*\.txt|setup\.py|setup\.cfg|Pipfile)$/),
    },
    { points: 2, evidence: (f) => firstMatch(f.files, /\.py$/) },
  ],
  go: [
    { points: 4, manifest: true, evidence: (f) => (f.has("go.mod") ? "go.mod" : undefined) },
    { points: 2, evidence: (f) => firstMatch(f.files, /\.go$/) },
  ],
};

function parseJson(text: string | undefined): Record<string, unknown> | undefined {
  if (text === undefined) return undefined;
  try {
    const json = JSON.parse(text) as unknown;
    return json !== null && typeof json === "object" && !Array.isArray(json)
      ? (json as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined; // a broken manifest is no evidence either way
  }
}

function dependencyNames(text: string | undefined, fields: readonly string[]): Set<string> {
  const json = parseJson(text);
  return new Set(
    fields.flatMap((field) => {
      const deps = json?.[field];
      return deps !== null && typeof deps === "object" ? Object.keys(deps) : [];
    }),
  );
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];

/** npm and yarn `workspaces` (a list, or `{ packages }`), pnpm's `packages`, and the usual app folders. */
function workspacePatterns(shape: ProjectShape): string[] {
  const pkg = parseJson(shape.manifests["package.json"]);
  const workspaces = pkg?.workspaces;
  const npm = Array.isArray(workspaces)
    ? strings(workspaces)
    : strings((workspaces as { packages?: unknown } | undefined)?.packages);
  let pnpm: string[] = [];
  try {
    const yaml = parseYaml(shape.manifests["pnpm-workspace.yaml"] ?? "") as { packages?: unknown } | null;
    pnpm = strings(yaml?.packages);
  } catch {
    // an unreadable pnpm-workspace.yaml names no folders
  }
  return [...DEFAULT_WORKSPACES, ...npm, ...pnpm]
    .filter((p) => !p.startsWith("!"))
    .map((p) => p.replace(/^\.\//, "").replace(/\/+$/, ""));
}

/** The app folders: the root, and each workspace folder holding a manifest. */
function appFolders(shape: ProjectShape, files: readonly string[]): string[] {
  const isWorkspace = picomatch(workspacePatterns(shape));
  const folders = new Set<string>();
  for (const file of files) {
    if (!MANIFEST.test(file)) continue;
    const folder = file.includes("/") ? file.slice(0, file.lastIndexOf("/")) : ".";
    if (folder !== "." && isWorkspace(folder)) folders.add(folder);
  }
  return [".", ...[...folders].sort()];
}

/** Files of one app folder, relative to it; the root's exclude the other app folders' files. */
function filesOf(folder: string, folders: readonly string[], files: readonly string[]): string[] {
  if (folder === ".") {
    const others = folders.filter((f) => f !== ".").map((f) => `${f}/`);
    return files.filter((file) => !others.some((o) => file.startsWith(o)));
  }
  const prefix = `${folder}/`;
  return files.filter((f) => f.startsWith(prefix)).map((f) => f.slice(prefix.length));
}

/** `apps/web` + `next.config.ts` → `apps/web/next.config.ts`; the root adds nothing. */
const inFolder = (folder: string, path: string) => (folder === "." ? path : `${folder}/${path}`);

function scoreFolder(folder: string, local: readonly string[], shape: ProjectShape): StackScore[] {
  const set = new Set(local);
  const facts: Facts = {
    files: local,
    has: (path) => set.has(path),
    under: (prefix) => local.find((f) => f.startsWith(prefix)),
    npm: dependencyNames(shape.manifests[inFolder(folder, "package.json")], [
      "dependencies",
      "devDependencies",
      "peerDependencies",
    ]),
    composer: dependencyNames(shape.manifests[inFolder(folder, "composer.json")], ["require", "require-dev"]),
  };
  return Object.entries(CHECKS).map(([template, checks]) => {
    const evidence: string[] = [];
    let score = 0;
    let manifest = false;
    for (const check of checks) {
      const found = check.evidence(facts);
      if (found === undefined) continue;
      score += check.points;
      manifest ||= check.manifest === true;
      evidence.push(inFolder(folder, found));
    }
    const max_score = checks.reduce((sum, c) => sum + c.points, 0);
    return manifest
      ? { template, folder, score, max_score, evidence }
      : { template, folder, score: 0, max_score, evidence: [] };
  });
}

function signalsOf(folder: string, local: readonly string[], shape: ProjectShape): StackSignal[] {
  const signals: StackSignal[] = [];
  const npm = dependencyNames(shape.manifests[inFolder(folder, "package.json")], [
    "dependencies",
    "devDependencies",
  ]);
  const vite = [
    firstMatch(local, /^vite\.config\.(js|mjs|cjs|ts|mts)$/),
    npm.has("vite") ? "package.json depends on vite" : undefined,
  ].filter((e): e is string => e !== undefined);
  if (vite.length > 0)
    signals.push({ name: "vite", folder, evidence: vite.map((e) => inFolder(folder, e)), template: null });
  const dotnet = local.filter((f) => /\.(csproj|sln|fsproj)$/.test(f)).slice(0, 3);
  if (dotnet.length > 0)
    signals.push({
      name: "dotnet",
      folder,
      evidence: dotnet.map((e) => inFolder(folder, e)),
      template: null,
    });
  return signals;
}

const byScore = (a: StackScore, b: StackScore) =>
  b.score - a.score ||
  (a.template < b.template ? -1 : a.template > b.template ? 1 : 0) ||
  (a.folder === "." ? -1 : b.folder === "." ? 1 : a.folder < b.folder ? -1 : 1);

export function detectStack(shape: ProjectShape): Detection {
  const files = [...shape.files].sort();
  const folders = appFolders(shape, files);
  const all: StackScore[] = [];
  const signals: StackSignal[] = [];
  for (const folder of folders) {
    const local = filesOf(folder, folders, files);
    all.push(...scoreFolder(folder, local, shape));
    signals.push(...signalsOf(folder, local, shape));
  }
  // Every folder where a template scored, and the root's zero for a template that scored nowhere.
  const scored = new Set(all.filter((s) => s.score > 0).map((s) => s.template));
  const scores = all
    .filter((s) => s.score > 0 || (s.folder === "." && !scored.has(s.template)))
    .sort(byScore);
  const top = scores[0];
  const next = scores.find((s) => s.template === "nextjs" && s.score > 0)?.folder ?? ".";
  const prefix = next === "." ? "" : `${next}/`;
  return {
    scores,
    signals,
    best: top && top.score >= MIN_SCORE ? top.template : null,
    // The App Router lives in src/app when that folder exists; app/ is Next.js's default otherwise.
    placeholders: {
      app_root: files.some((f) => f.startsWith(`${prefix}src/app/`)) ? `${prefix}src/app` : `${prefix}app`,
    },
  };
}
