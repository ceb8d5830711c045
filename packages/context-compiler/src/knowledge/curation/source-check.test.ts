import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { doctorCommand } from "../../cli/doctor.command.js";
import { importRulesCommand } from "../../cli/import-rules.command.js";
import { resolveGlobalOptions } from "../../cli/options.js";
import { anchoredDocuments } from "../../store/documents.js";
import { doc, seed, type TestProject, tempProject } from "../../test-support/project.js";
import type { DoctorReport } from "./doctor.js";
import { checkSource } from "./source-check.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject();
});
afterEach(() => project.cleanup());

const options = () => resolveGlobalOptions({ projectRoot: project.root, db: project.dbPath });
function doctorJson(): DoctorReport {
  let text = "";
  doctorCommand(options(), { json: true }, (t) => {
    text += t;
  });
  return JSON.parse(text) as DoctorReport;
}

describe("doctor right after import-rules --approve", () => {
  it("reports no stale source for any imported file, with or without frontmatter", () => {
    project.write(
      "CLAUDE.md",
      "# Project\n\nIntro text.\n\n## Testing\n\nWrite tests next to the code.\n\n## Errors\n\nUse UserError with a hint.\n",
    );
    project.write("AGENTS.md", "# Agents\n\nAlways run the linter before committing.\n");
    project.write(
      ".cursor/rules/x.mdc",
      "---\ndescription: API rules\nglobs: src/api/**\nalwaysApply: false\n---\nOnly the API client calls fetch.\n",
    );
    project.write(".claude/rules/y.md", "\nComponents never import from the server folder.\n\n");
    project.write("src/api/client.ts", "export {};\n");
    importRulesCommand(options(), { approve: true }, () => {});

    const report = doctorJson();
    expect(report.knowledge_version).toBe(1);
    expect(report.findings.filter((f) => f.check === "stale_source" || f.check === "missing_source")).toEqual(
      [],
    );
  });
});

describe("the source check", () => {
  function checks() {
    const ctx = project.context();
    return anchoredDocuments(ctx.kdb.db).map((d) => [d.doc_id, checkSource(project.root, d).status]);
  }

  it("treats line endings and blank lines around the text as no change", () => {
    project.write("docs/a.md", "\r\nUse the client.\r\n\r\n");
    seed(project.context(), {
      documents: [doc("a", { content: "Use the client.", source_path: "docs/a.md" })],
    });
    expect(checks()).toEqual([["a", "unchanged"]]);
  });

  it("still reports a change of wording as drift", () => {
    project.write("docs/a.md", "Use the client.\n");
    seed(project.context(), {
      documents: [doc("a", { content: "Use the client.\n", source_path: "docs/a.md" })],
    });
    project.write("docs/a.md", "Use the new client.\n");
    expect(checks()).toEqual([["a", "drifted"]]);
  });
});
