// The seed benchmark's project: the generated knowledge base written out as a person keeps it, an
// archon.seed.yaml whose file-backed documents point at markdown files in the project.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { stringify } from "yaml";
import type { SeedPlan } from "../knowledge/seed-file.js";

/** Writes `archon.seed.yaml` and every document's file under `root`; returns the seed file's path. */
export function writeSeedProject(root: string, plan: SeedPlan): string {
  const documents = plan.documents.map((d) => {
    const { source_path, content, description, tags, ...rest } = d;
    if (source_path !== null) {
      mkdirSync(dirname(join(root, source_path)), { recursive: true });
      writeFileSync(join(root, source_path), content);
    }
    return {
      ...rest,
      ...(source_path !== null ? { file: source_path } : { content }),
      ...(description !== null ? { description } : {}),
      ...(tags ? { tags } : {}),
    };
  });
  const path = join(root, "archon.seed.yaml");
  writeFileSync(path, stringify({ documents, layer_rules: plan.layer_rules }));
  return path;
}
