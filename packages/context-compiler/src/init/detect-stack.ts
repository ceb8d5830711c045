// Stack detection as a pure function over a file listing and the root manifests' text: scores with evidence.

/** The root manifests detection reads; absent ones are simply missing. */
export interface ProjectShape {
  /** Repo-relative paths with forward slashes. */
  files: readonly string[];
  manifests: Readonly<Partial<Record<"package.json" | "composer.json", string>>>;
}

export interface StackScore {
  template: string;
  score: number;
  max_score: number;
  evidence: string[];
}

export interface StackSignal {
  name: string;
  evidence: string[];
  /** A recognised stack without a bundled template. */
  template: null;
}

export interface Detection {
  scores: StackScore[];
  signals: StackSignal[];
  /** The best-scoring template, or null when none reaches MIN_SCORE. */
  best: string | null;
  /** Placeholder values read from the project's shape (Next.js app_root). */
  placeholders: Record<string, string>;
}

/** Below this nothing fits: a stray script is not a stack. Language alone (a .py or .go file) reaches it. */
export const MIN_SCORE = 2;

interface Check {
  points: number;
  evidence: (shape: Facts) => string | undefined;
}

interface Facts {
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
      evidence: (f) =>
        f.composer.has("laravel/framework") ? "composer.json requires laravel/framework" : undefined,
    },
    { points: 3, evidence: (f) => (f.has("artisan") ? "artisan" : undefined) },
    { points: 2, evidence: (f) => f.under("app/Http/") },
    { points: 1, evidence: (f) => (f.has("routes/web.php") ? "routes/web.php" : undefined) },
  ],
  nextjs: [
    { points: 4, evidence: (f) => (f.npm.has("next") ? "package.json depends on next" : undefined) },
    { points: 3, evidence: (f) => firstMatch(f.files, /^next\.config\.(js|mjs|cjs|ts|mts)$/) },
    {
      points: 2,
      evidence: (f) => firstMatch(f.files, NEXT_APP_FILE) ?? f.under("pages/") ?? f.under("src/pages/"),
    },
  ],
  python: [
    { points: 3, evidence: (f) => (f.has("pyproject.toml") ? "pyproject.toml" : undefined) },
    {
      points: 1,
      evidence: (f) => firstMatch(f.files, /^(requirements[\w.-]*\.txt|setup\.py|setup\.cfg|Pipfile)$/),
    },
    { points: 2, evidence: (f) => firstMatch(f.files, /\.py$/) },
  ],
  go: [
    { points: 4, evidence: (f) => (f.has("go.mod") ? "go.mod" : undefined) },
    { points: 2, evidence: (f) => firstMatch(f.files, /\.go$/) },
  ],
};

function dependencyNames(text: string | undefined, fields: readonly string[]): Set<string> {
  if (text === undefined) return new Set();
  try {
    const json = JSON.parse(text) as Record<string, unknown>;
    return new Set(
      fields.flatMap((field) => {
        const deps = json[field];
        return deps !== null && typeof deps === "object" ? Object.keys(deps) : [];
      }),
    );
  } catch {
    return new Set(); // a broken manifest is no evidence either way
  }
}

export function detectStack(shape: ProjectShape): Detection {
  const files = [...shape.files].sort();
  const set = new Set(files);
  const facts: Facts = {
    files,
    has: (path) => set.has(path),
    under: (folder) => files.find((f) => f.startsWith(folder)),
    npm: dependencyNames(shape.manifests["package.json"], [
      "dependencies",
      "devDependencies",
      "peerDependencies",
    ]),
    composer: dependencyNames(shape.manifests["composer.json"], ["require", "require-dev"]),
  };
  const scores = Object.entries(CHECKS)
    .map(([template, checks]) => {
      const evidence: string[] = [];
      let score = 0;
      for (const check of checks) {
        const found = check.evidence(facts);
        if (found === undefined) continue;
        score += check.points;
        evidence.push(found);
      }
      return { template, score, max_score: checks.reduce((sum, c) => sum + c.points, 0), evidence };
    })
    .sort((a, b) => b.score - a.score || (a.template < b.template ? -1 : 1));
  const top = scores[0];
  const viteEvidence = [
    firstMatch(files, /^vite\.config\.(js|mjs|cjs|ts|mts)$/),
    facts.npm.has("vite") ? "package.json depends on vite" : undefined,
  ].filter((e): e is string => e !== undefined);
  return {
    scores,
    signals: viteEvidence.length > 0 ? [{ name: "vite", evidence: viteEvidence, template: null }] : [],
    best: top && top.score >= MIN_SCORE ? top.template : null,
    // The App Router lives in src/app when that folder exists; app/ is Next.js's default otherwise.
    placeholders: { app_root: files.some((f) => f.startsWith("src/app/")) ? "src/app" : "app" },
  };
}
