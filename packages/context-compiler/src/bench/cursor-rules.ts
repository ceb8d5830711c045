// A project whose rules are Cursor rule files, in the shapes real ones take: globs for one app's folder,
// globs shared by every app (`**/*.tsx`), several globs in one field, description-only rules the agent
// pulls in by topic, and a few always-applied ones. Used by the many-matches benchmark, where one file
// is governed by dozens to hundreds of rules.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { between, pick, type Random, seededRandom } from "./project-tree.js";

const APPS = ["apps/web", "apps/admin", "apps/mobile", "services/api", "services/worker", "packages/ui"];
const FOLDERS = ["src/components", "src/hooks", "src/api", "src/lib", "src/pages", "tests"];
const TOPICS =
  "errors logging paging caching retries validation naming imports exports state forms tables styling accessibility i18n testing mocks fixtures security tokens sessions permissions queries migrations".split(
    " ",
  );
const WORDS =
  "keep every handler thin and typed prefer explicit return values over thrown errors name files for what they hold never log secrets wrap external calls with timeouts test the boundary not the internals".split(
    " ",
  );

export interface CursorRule {
  globs: string[];
  alwaysApply: boolean;
  bytes: number;
}

export interface CursorRulesProject {
  rules: CursorRule[];
  /** Repo-relative file paths the requests touch, one per request. */
  requests: string[];
}

function globsFor(rand: Random): string[] {
  const app = pick(rand, APPS);
  const folder = pick(rand, FOLDERS);
  const shapes = [
    () => [`${app}/${folder}/**`],
    () => [`${app}/**/*.tsx`],
    () => [`**/*.tsx`],
    () => [`${app}/${folder}/*.ts`, `${app}/${folder}/*.tsx`],
    () => [`**/${folder}/**`],
    () => [`${app}/**`],
  ];
  return pick(rand, shapes)();
}

function body(rand: Random, topic: string, n: number): string {
  const lines = [`# ${topic} rule ${n}`, ""];
  const target = between(rand, 300, 1500);
  let text = "";
  while (text.length < target) {
    const words = Array.from({ length: between(rand, 6, 14) }, () => pick(rand, WORDS));
    text += `- ${words.join(" ")}.\n`;
  }
  return `${lines.join("\n")}${text}`;
}

/** Writes `count` rule files under `root/.cursor/rules/` and the source files the requests touch. */
export function writeCursorRulesProject(root: string, count: number, requestCount = 200): CursorRulesProject {
  const rand = seededRandom(17);
  const rules: CursorRule[] = [];
  for (let n = 0; n < count; n++) {
    const topic = pick(rand, TOPICS);
    const shape = rand();
    const globs = shape < 0.8 ? globsFor(rand) : [];
    const front =
      shape < 0.8
        ? [`description: ${topic} conventions`, `globs: ${globs.join(",")}`, "alwaysApply: false"]
        : shape < 0.97
          ? [`description: How this project handles ${topic} (rule ${n})`, "alwaysApply: false"]
          : ["alwaysApply: true"];
    const text = `---\n${front.join("\n")}\n---\n${body(rand, topic, n)}`;
    const path = join(root, ".cursor", "rules", `${topic}-${String(n).padStart(5, "0")}.mdc`);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
    rules.push({ globs, alwaysApply: shape >= 0.97, bytes: Buffer.byteLength(text) });
  }
  const requests: string[] = [];
  for (let i = 0; i < requestCount; i++) {
    const ext = rand() < 0.5 ? "tsx" : "ts";
    const file = `${pick(rand, APPS)}/${pick(rand, FOLDERS)}/${pick(rand, TOPICS)}-${i % 20}.${ext}`;
    requests.push(file);
    const full = join(root, file);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, "export {};\n");
  }
  return { rules, requests };
}
