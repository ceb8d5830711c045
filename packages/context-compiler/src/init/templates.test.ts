import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { globProblem } from "../read/glob.js";
import { planEdges } from "./init-preview.js";
import { renderTemplate } from "./render-template.js";
import { bundledVersions, compareSemver, defaultTemplatesDir, loadTemplate } from "./template-catalog.js";
import { referencedPlaceholders } from "./template-file.js";

const dir = defaultTemplatesDir();
const every = [...bundledVersions(dir)].flatMap(([name, versions]) =>
  versions.map((v) => [name, v] as const),
);
const scratch: string[] = [];
afterEach(() => {
  for (const d of scratch.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe("the bundled templates", () => {
  it("are laravel, nextjs, python and go, with nextjs 1.0.0 kept beside 1.1.0", () => {
    expect(Object.fromEntries(bundledVersions(dir))).toEqual({
      go: ["1.0.0"],
      laravel: ["1.0.0"],
      nextjs: ["1.0.0", "1.1.0"],
      python: ["1.0.0"],
    });
  });

  it.each(every)(
    "%s %s parses and passes every check (ids, dependencies, cycles, placeholders, layers)",
    (name, version) => {
      const spec = loadTemplate(dir, name, version);
      expect({ name: spec.name, version: spec.version }).toEqual({ name, version });
    },
  );

  it.each(every)("%s %s holds 8-14 small rules and at least one template document", (name, version) => {
    const spec = loadTemplate(dir, name, version);
    const rules = spec.documents.filter((d) => d.kind !== "template");
    expect(rules.length).toBeGreaterThanOrEqual(8);
    expect(rules.length).toBeLessThanOrEqual(14);
    expect(spec.documents.some((d) => d.kind === "template")).toBe(true);
    const oversized = spec.documents.filter((d) => Buffer.byteLength(d.content) > 1024).map((d) => d.doc_id);
    expect(oversized).toEqual([]);
  });

  it.each(every)(
    "%s %s renders only valid globs, with defaults and with app_root = src/app",
    (name, version) => {
      const spec = loadTemplate(dir, name, version);
      const variants: Record<string, string>[] = [
        {},
        Object.keys(spec.placeholders).length > 0 ? { app_root: "src/app" } : {},
      ];
      for (const values of variants) {
        const defaults = Object.fromEntries(
          Object.entries(spec.placeholders).map(([k, p]) => [k, p.default]),
        );
        const plan = renderTemplate(spec, { ...defaults, ...values });
        const globs = [
          ...planEdges(plan)
            .filter((e) => e.edge_type === "path_requires")
            .map((e) => e.source_value),
          ...plan.layer_rules.map((r) => r.pattern),
        ];
        expect(globs.filter((g) => globProblem(g) !== undefined || g.includes("{{"))).toEqual([]);
        const unresolved = plan.documents.filter(
          (d) => referencedPlaceholders(d.content + d.title).length > 0,
        );
        expect(unresolved.map((d) => d.doc_id)).toEqual([]);
      }
    },
  );

  it("orders versions numerically, not as text", () => {
    expect(["1.10.0", "1.2.0", "1.9.3", "0.9.12"].sort(compareSemver)).toEqual([
      "0.9.12",
      "1.2.0",
      "1.9.3",
      "1.10.0",
    ]);
  });
});

describe("a broken template", () => {
  const folderWith = (text: string) => {
    const root = mkdtempSync(join(tmpdir(), "archon-templates-"));
    scratch.push(root);
    mkdirSync(join(root, "broken"));
    writeFileSync(join(root, "broken", "1.0.0.yaml"), text);
    return root;
  };

  it("is refused with every problem listed", () => {
    const root = folderWith(
      [
        "name: broken",
        "version: 1.0.0",
        "description: Broken on purpose",
        "layer_rules: []",
        "documents:",
        "  - { doc_id: a, title: A, content: 'in {{src_root}}', patterns: ['../x/**'], depends_on: [b] }",
        "  - { doc_id: b, title: B, content: b, layers: [api], depends_on: [a] }",
        "  - { doc_id: c, title: C, content: c, depends_on: [ghost] }",
      ].join("\n"),
    );
    expect(() => loadTemplate(root, "broken")).toThrow(
      [
        "Template broken/1.0.0.yaml has 6 problem(s):",
        "  - documents[a]: placeholder {{src_root}} is not declared",
        "  - documents[a]: pattern \"../x/**\" contains '..'; globs cannot leave the project",
        '  - documents[c]: depends_on names unknown document "ghost"',
        "  - documents[c]: no pattern, layer, command or dependent reaches it",
        '  - documents[b]: layer "api" has no layer rule',
        "  - depends_on cycle: a → b → a",
      ].join("\n"),
    );
  });

  it("whose name disagrees with its folder is refused", () => {
    const text = readFileSync(join(dir, "go", "1.0.0.yaml"), "utf8");
    const root = folderWith(text);
    expect(() => loadTemplate(root, "broken")).toThrow(
      "Template broken/1.0.0.yaml declares go 1.0.0; the folder and file name must agree with it.",
    );
  });

  it("is refused at render time when a placeholder value is not a plain folder", async () => {
    const { resolvePlaceholders } = await import("./render-template.js");
    const spec = loadTemplate(dir, "nextjs");
    expect(() => resolvePlaceholders(spec, {}, { app_root: "../outside", src_root: "src" })).toThrow(
      'Placeholders refused: template nextjs has no placeholder "src_root" (it takes app_root); placeholder app_root = "../outside" is not a plain repo-relative folder (such as src/app).',
    );
  });
});
