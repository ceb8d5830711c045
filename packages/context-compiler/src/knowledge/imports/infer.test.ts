import { describe, expect, it } from "vitest";
import { inferKind } from "./infer-kind.js";
import { inferTags } from "./infer-tags.js";
import { mentionToGlob, textEdgeHints } from "./text-edge-hints.js";

const kindOf = (title: string, content: string) => inferKind({ title, content });

describe("inferring a unit's kind", () => {
  it("reads template wording first, then obligations, examples and references", () => {
    expect(kindOf("Route template", "You must export a handler.")).toEqual({
      kind: "template",
      reason: "template-wording",
    });
    expect(kindOf("Components", "Never call fetch from a component.")).toEqual({
      kind: "constraint",
      reason: "obligation-wording",
    });
    expect(kindOf("Hooks", "Do not mutate props.")).toMatchObject({ kind: "constraint" });
    expect(kindOf("Error handling example", "Wrap the call.")).toEqual({
      kind: "pattern",
      reason: "example-heavy",
    });
    expect(kindOf("Glossary", "Tenant: a paying customer.")).toEqual({
      kind: "reference",
      reason: "reference-heavy",
    });
    expect(kindOf("Naming", "Prefer short names.")).toEqual({ kind: "guideline", reason: "default" });
  });

  it("counts code-fence-heavy units as patterns and table-heavy units as references", () => {
    const code = "## Fetching\n```ts\nconst a = 1;\nconst b = 2;\n```";
    expect(kindOf("Fetching", code)).toMatchObject({ kind: "pattern" });
    const table = "## Ports\n| service | port |\n|---|---|\n| api | 3000 |";
    expect(kindOf("Ports", table)).toMatchObject({ kind: "reference" });
  });

  it("ignores obligation words inside code, so a commented example stays a pattern", () => {
    const code = "## Fetching\n```ts\n// never do this\nfetch(url);\n```";
    expect(kindOf("Fetching", code)).toMatchObject({ kind: "pattern" });
  });
});

describe("inferring tags", () => {
  it("suggests sorted tags from whole words of the vocabulary", () => {
    expect(
      inferTags("Auth tokens", "Log every login; cover it with unit tests and never leak secrets."),
    ).toEqual(["auth", "security", "testing"]);
    expect(inferTags("Rapid UIs", "rapidly")).toEqual([]);
  });
});

describe("reading edge hints from wording", () => {
  it("turns backticked paths, folders and globs into repo-relative globs", () => {
    const content = [
      "Components live in `src/components/` and call `src/api/client.ts`.",
      "Tests match `*.test.ts`; see also `packages/api` and `src/**/*.{ts,tsx}`.",
      "Not paths: `@archon/core`, `npm run build`, `../outside/x.ts`, `/etc/hosts`, `--flag`.",
    ].join("\n");
    expect(textEdgeHints(content).map((h) => h.source_value)).toEqual([
      "**/*.test.ts",
      "packages/api/**",
      "src/**/*.{ts,tsx}",
      "src/api/client.ts",
      "src/components/**",
    ]);
  });

  it("takes bare paths only when they name a folder or a file, never and/or or URLs", () => {
    const content =
      "Put handlers in src/routes/ and config in ./config/app.yaml. Read/write and/or see https://x.io/a/b.md.";
    expect(textEdgeHints(content)).toEqual([
      { edge_type: "path_requires", source_value: "config/app.yaml" },
      { edge_type: "path_requires", source_value: "src/routes/**" },
    ]);
  });

  it("skips code fences and takes layers and commands only when stated outright", () => {
    const content =
      "Layer: api, `domain`\n- **Commands:** scaffold\n```ts\nimport x from 'src/lib/x.ts';\n```\nThe api layer.";
    expect(textEdgeHints(content)).toEqual([
      { edge_type: "command_requires", source_value: "scaffold" },
      { edge_type: "layer_requires", source_value: "api" },
      { edge_type: "layer_requires", source_value: "domain" },
    ]);
  });

  it("refuses mentions that are not usable globs", () => {
    expect(mentionToGlob("src/{a,b/**", true)).toBeUndefined();
    expect(mentionToGlob("C:/x/y.ts", true)).toBeUndefined();
    expect(mentionToGlob("README.md", true)).toBeUndefined();
  });
});
