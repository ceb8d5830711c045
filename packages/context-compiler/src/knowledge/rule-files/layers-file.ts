// .archon/rules/layers.yaml: the layer rules (a file whose path matches the pattern is in the layer),
// committed beside the rule files that name layers.
import { createRequire } from "node:module";
import { z } from "zod";
import { globProblem } from "../../read/glob.js";
import { RULE_FILES_DIR } from "./rule-file-text.js";

const require = createRequire(import.meta.url);
/** The YAML library, loaded when a rule file is first written or read: a server starts without it. */
const yaml = () => require("yaml") as typeof import("yaml");

export const LAYERS_FILE = `${RULE_FILES_DIR}/layers.yaml`;

export interface LayerRuleText {
  pattern: string;
  layer: string;
}

const HEADER = "# Layer rules: a file whose path matches `pattern` is in `layer` (rule files name layers).\n";

const schema = z
  .object({
    layers: z
      .array(
        z
          .object({
            pattern: z.string().min(1),
            layer: z.string().refine((s) => s.trim() !== "", "must not be empty"),
          })
          .strict(),
      )
      .default([]),
  })
  .strict();

const compare = (a: LayerRuleText, b: LayerRuleText) =>
  a.pattern < b.pattern ? -1 : a.pattern > b.pattern ? 1 : a.layer < b.layer ? -1 : a.layer > b.layer ? 1 : 0;

export function renderLayersFile(rules: readonly LayerRuleText[]): string {
  const layers = [...rules].sort(compare).map(({ pattern, layer }) => ({ pattern, layer }));
  return `${HEADER}${yaml().stringify({ layers }, { lineWidth: 0 })}`;
}

export type ParsedLayers = { ok: true; rules: LayerRuleText[] } | { ok: false; problems: string[] };

export function parseLayersFile(text: string): ParsedLayers {
  const parsed = yaml().parseDocument(text, { uniqueKeys: true });
  if (parsed.errors.length > 0)
    return {
      ok: false,
      problems: parsed.errors.map(
        (e) => `${LAYERS_FILE}:${(e.linePos?.[0].line ?? 0) + 1}: ${e.message.split("\n")[0]}`,
      ),
    };
  const result = schema.safeParse(parsed.toJS() ?? {});
  if (!result.success)
    return {
      ok: false,
      problems: result.error.issues.map((i) => `${LAYERS_FILE}: ${i.path.join(".") || "file"}: ${i.message}`),
    };
  const problems = result.data.layers.flatMap((r) => {
    const problem = globProblem(r.pattern);
    return problem ? [`${LAYERS_FILE}: pattern "${r.pattern}" ${problem}`] : [];
  });
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, rules: [...result.data.layers].sort(compare) };
}
