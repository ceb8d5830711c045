// validate_prd_against_graph reads the files a run's call names (the PRD, its affected symbols) through the
// project's read guard: a sibling folder that shares the project's name, a link out, and a FIFO are not
// read, and the names in them never come back in the answer.
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { openGrounding } from "archon/grounding";
import { afterEach, describe, expect, it } from "vitest";
import { archonCodebaseServer } from "./codebase-server.js";

const ARCHON_BIN = fileURLToPath(new URL("../../../context-compiler/bin/archon.js", import.meta.url));
/** Names only a file outside the project holds. */
const SECRET = "`secretTableOfAnotherProject` and `src/elsewhere/private.ts`";

const bases: string[] = [];
afterEach(() => {
  for (const b of bases.splice(0)) rmSync(b, { recursive: true, force: true });
});

function write(root: string, files: Record<string, string>) {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

/** A project with an Archon database, and beside it `project-secret/`, whose name starts like the project's. */
function projectBesideSecret() {
  const base = mkdtempSync(join(tmpdir(), "prd-validate-reads-"));
  bases.push(base);
  const root = join(base, "project");
  write(root, {
    "src/billing/charge.ts": "export const charge = () => 1;\n",
    "archon.seed.yaml":
      'documents:\n  - doc_id: billing\n    title: Billing\n    content: "Charge once."\n    patterns: ["src/**"]\n',
    "prd/run-1/prd.md": "# PRD\n\nChanges `src/billing/charge.ts` and `missingHelper`.\n",
  });
  write(join(base, "project-secret"), { "prd.md": SECRET, "symbols.json": '{"symbols":["leakedSymbol"]}' });
  execFileSync(process.execPath, [ARCHON_BIN, "seed", "archon.seed.yaml"], { cwd: root, stdio: "pipe" });
  return { base, root };
}

function validate(root: string, args: Record<string, unknown>) {
  const grounding = openGrounding(root);
  if (!grounding) throw new Error("expected an Archon database");
  try {
    return archonCodebaseServer(grounding).answer({
      kind: "call_pipeline_tool",
      tool_name: "validate_prd_against_graph",
      arguments: args,
      correlation_id: "c1",
    });
  } finally {
    grounding.close();
  }
}

const checkedNames = (answer: ReturnType<typeof validate>) =>
  ((answer.data as { checks: { name: string }[] }).checks ?? []).map((c) => c.name).sort();

describe("the files validate_prd_against_graph reads", () => {
  it("reads the run's own PRD inside the project", () => {
    const { root } = projectBesideSecret();
    expect(checkedNames(validate(root, { prd_path: "prd/run-1/prd.md" }))).toEqual([
      "missingHelper",
      "src/billing/charge.ts",
    ]);
  });

  it("reads nothing from a sibling folder whose name starts like the project's, or through a link out", () => {
    const { base, root } = projectBesideSecret();
    symlinkSync(join(base, "project-secret", "prd.md"), join(root, "prd", "linked.md"));
    for (const args of [
      { prd_path: "../project-secret/prd.md", affected_symbols_path: "../project-secret/symbols.json" },
      { prd_path: join(base, "project-secret", "prd.md") },
      { prd_path: "prd/linked.md" },
    ]) {
      const answer = validate(root, args);
      expect(answer.success).toBe(true);
      expect(checkedNames(answer)).toEqual([]);
      expect(JSON.stringify(answer)).not.toMatch(/secretTable|private\.ts|leakedSymbol/);
    }
  });

  it("reads no file larger than a PRD may be", () => {
    const { root } = projectBesideSecret();
    // A name that would be checked if the file were read, then 6 MiB of padding.
    write(root, { "prd/run-1/huge.md": `\`src/billing/charge.ts\`\n${"x".repeat(6 * 1024 * 1024)}` });
    expect(checkedNames(validate(root, { prd_path: "prd/run-1/huge.md" }))).toEqual([]);
  });

  it("answers for a FIFO without waiting for a writer", () => {
    const { root } = projectBesideSecret();
    const pipe = join(root, "prd", "run-1", "pipe.md");
    execFileSync("mkfifo", [pipe]);
    // A read that waits on the FIFO gets this name from the writer 3 s later, and the check below fails.
    const writer = spawn("sh", ["-c", `sleep 3; printf '%s' '\`fifoWasWaitedOn\`' > "$1"`, "sh", pipe], {
      stdio: "ignore",
    });
    try {
      expect(checkedNames(validate(root, { prd_path: "prd/run-1/pipe.md" }))).toEqual([]);
    } finally {
      writer.kill("SIGKILL");
    }
  });
});
