// A deterministic, realistic monorepo tree for the benchmark: apps, packages and services with the
// usual src/ folders, tests and docs. The tree grows with the knowledge base so rule density per file stays
// what a real project has (a 100k-document base belongs to a much larger repository than a 1k one).

/** mulberry32: small, fast, and the same sequence on every machine for the same seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Random = () => number;

export const pick = <T>(rand: Random, items: readonly T[]): T => {
  const item = items[Math.floor(rand() * items.length)];
  if (item === undefined) throw new Error("pick from an empty list");
  return item;
};

export const between = (rand: Random, min: number, max: number) => min + Math.floor(rand() * (max - min + 1));

const DOMAINS = (
  "billing users orders inventory notifications search payments shipping auth reports catalog " +
  "checkout analytics pricing reviews media support accounts ledger scheduler messaging feeds " +
  "profiles settings audit exports imports webhooks gateway identity tenants quotas invoices " +
  "refunds coupons loyalty"
).split(" ");
export const NOUNS = (
  "user invoice order payment session token product cart address refund receipt report event " +
  "webhook account plan price tax discount shipment message comment rating upload export schedule " +
  "quota tenant role permission"
).split(" ");
const UI_KINDS = "Card List Form Table Dialog Button Header Panel Badge Menu".split(" ");

export type ModuleGroup = "apps" | "packages" | "services";

export interface ProjectModule {
  group: ModuleGroup;
  /** e.g. `services/billing` */
  root: string;
  /** folder (relative to root) → file names in it */
  folders: Map<string, string[]>;
}

export interface ProjectTree {
  modules: ProjectModule[];
  files: string[];
}

const FOLDERS: Record<ModuleGroup, string[]> = {
  apps: ["src/components", "src/hooks", "src/lib", "src/pages", "src/api", "tests"],
  packages: ["src/components", "src/lib", "src/hooks", "tests"],
  services: ["src/api", "src/server/routes", "src/server/services", "src/server/db", "src/lib", "tests"],
};

const cap = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

function fileName(rand: Random, folder: string): string {
  const noun = pick(rand, NOUNS);
  if (folder === "tests") return `${noun}.${pick(rand, ["test", "spec", "integration.test"])}.ts`;
  if (folder.endsWith("components")) return `${cap(noun)}${pick(rand, UI_KINDS)}.tsx`;
  if (folder.endsWith("hooks")) return `use${cap(noun)}${pick(rand, ["", "Query", "Mutation"])}.ts`;
  if (folder.endsWith("pages")) return `${noun}s.tsx`;
  if (folder.endsWith("db")) return pick(rand, [`${noun}.repository.ts`, `${noun}.schema.ts`, `${noun}.sql`]);
  if (folder.endsWith("routes")) return `${noun}s.route.ts`;
  return `${noun}${pick(rand, ["", ".service", ".utils", ".types", ".test"])}.ts`;
}

/** About 50 files per module; one module per 40 documents, never fewer than 24. */
export function generateTree(rand: Random, documents: number): ProjectTree {
  const count = Math.max(24, Math.round(documents / 40));
  const modules: ProjectModule[] = [];
  const files: string[] = [];
  for (let i = 0; i < count; i++) {
    const r = rand();
    const group: ModuleGroup = r < 0.15 ? "apps" : r < 0.5 ? "packages" : "services";
    const base = DOMAINS[i % DOMAINS.length] as string;
    const name = i < DOMAINS.length ? base : `${base}-${Math.floor(i / DOMAINS.length)}`;
    const root = `${group}/${group === "apps" ? `${name}-web` : name}`;
    const folders = new Map<string, string[]>();
    for (const folder of FOLDERS[group]) {
      const names = new Set<string>();
      const wanted = between(rand, 4, 12);
      for (let n = 0; n < wanted * 2 && names.size < wanted; n++) names.add(fileName(rand, folder));
      folders.set(folder, [...names].sort());
      for (const file of names) files.push(`${root}/${folder}/${file}`);
    }
    folders.set("", ["package.json", "README.md", "tsconfig.json"]);
    for (const file of ["package.json", "README.md", "tsconfig.json"]) files.push(`${root}/${file}`);
    modules.push({ group, root, folders });
  }
  for (const doc of ["architecture.md", "onboarding.md", "security.md", "testing.md"])
    files.push(`docs/${doc}`);
  files.push(".github/workflows/ci.yml", "package.json", "tsconfig.base.json", "biome.json");
  return { modules, files };
}
