// A template rule's upgrade baseline travels with the committed rule files: a clone built from them
// alone answers check_upgrade as the original folder does, and an edit of the front matter cannot make
// an upgrade take a person's text for the template's own.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { sha256 } from "@archon/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { writeContext } from "../context/archon-context.js";
import { approveProposalBundle } from "../knowledge/approval/bundle.js";
import { commitAll, git } from "../test-support/git.js";
import {
  apply,
  bootstrappedOn100,
  check,
  releasedWithNextjs100,
  sync,
} from "../test-support/init-context.js";
import { type TestProject, tempProject } from "../test-support/project.js";
import { NEXT_APP, writeTree } from "../test-support/project-trees.js";
import type { UpgradeCheck } from "./check-upgrade.js";
import { defaultTemplatesDir } from "./template-catalog.js";

let original: TestProject;
let clone: TestProject;
let released: string;

const RULE = ".archon/rules/nextjs-data-fetching.md";
const OURS = "Our data layer is src/data; call it from Server Components only.\n";

/** The rule file with its text replaced by a person's, front matter untouched. */
function editRuleText(project: TestProject): void {
  const path = join(project.root, RULE);
  const text = readFileSync(path, "utf8");
  writeFileSync(path, `${text.slice(0, text.indexOf("\n---\n") + 5)}${OURS}`);
}

/** A check without the edge ids, which each database numbers its own way. */
const comparable = (result: UpgradeCheck) => ({
  ...result,
  edges_removed: result.edges_removed.map(({ edge_id: _id, ...edge }) => edge),
});

const stateOf = (result: UpgradeCheck, docId: string) =>
  result.documents_changed.find((d) => d.doc_id === docId)?.state;

beforeEach(async () => {
  original = tempProject("archon-baseline-a-");
  released = releasedWithNextjs100();
  writeTree(original.write, NEXT_APP);
  commitAll(original.root, "a Next.js app", true);
  (await bootstrappedOn100(original, released)).close();
  commitAll(original.root, "archon set up from nextjs 1.0.0");
  editRuleText(original);
  commitAll(original.root, "Our data layer");
  clone = tempProject("archon-baseline-b-");
  rmSync(clone.root, { recursive: true, force: true });
  git(dirname(clone.root), "clone", "-q", original.root, clone.root);
});

afterEach(() => {
  original.cleanup();
  clone.cleanup();
  rmSync(released, { recursive: true, force: true });
});

describe("a template rule a person edited, in a clone without the database", () => {
  it("is theirs in the clone as in the original folder: the same upgrade check, their edit left alone", async () => {
    const ours = await check(original.context("admin"));
    const theirs = await check(clone.context("admin"));
    expect(comparable(theirs)).toEqual(comparable(ours));
    expect({
      from: theirs.from_version,
      edited: stateOf(theirs, "nextjs-data-fetching"),
      untouched: stateOf(theirs, "nextjs-route-handlers-validate"),
      text: readFileSync(join(clone.root, RULE), "utf8").endsWith(OURS),
    }).toEqual({ from: "1.0.0", edited: "user_modified", untouched: "update", text: true });
  });

  it("stays theirs when the front matter claims their text is what the template installed", async () => {
    const path = join(original.root, RULE);
    const forged = readFileSync(path, "utf8").replace(
      /template_sha256: "[0-9a-f]{64}"/,
      `template_sha256: "${sha256(OURS)}"`,
    );
    expect(forged).toContain(sha256(OURS));
    writeFileSync(path, forged);
    commitAll(original.root, "Claim the text is the template's");
    git(clone.root, "pull", "-q");
    const [ours, theirs] = [await check(original.context("admin")), await check(clone.context("admin"))];
    expect([stateOf(ours, "nextjs-data-fetching"), stateOf(theirs, "nextjs-data-fetching")]).toEqual([
      "user_modified",
      "user_modified",
    ]);
  });

  it("is left alone when the bundled template of that version no longer gives the text that was installed", async () => {
    // A package that ships another 1.0.0 text for a rule nobody edited, beside 1.1.0.
    const shipped = mkdtempSync(join(tmpdir(), "archon-templates-changed-"));
    mkdirSync(join(shipped, "nextjs"));
    for (const version of ["1.0.0", "1.1.0"]) {
      const text = readFileSync(join(defaultTemplatesDir(), "nextjs", `${version}.yaml`), "utf8");
      const changed = version === "1.0.0" ? text.replace("parses params", "reads params") : text;
      expect(changed === text).toBe(version === "1.1.0");
      writeFileSync(join(shipped, "nextjs", `${version}.yaml`), changed);
    }
    try {
      const result = await check(clone.context("admin", { templatesDir: shipped }));
      expect(stateOf(result, "nextjs-route-handlers-validate")).toBe("user_modified");
    } finally {
      rmSync(shipped, { recursive: true, force: true });
    }
  });
});

describe("an upgrade recorded in one folder", () => {
  it("moves the clone's baseline too once committed: the clone finds the template up to date, their edit still theirs", async () => {
    const ctx = original.context("admin");
    const { bundle_id } = await apply(ctx);
    approveProposalBundle(writeContext(ctx), { bundle_id: bundle_id as string });
    expect((await sync(ctx)).user_modified).toEqual(["nextjs-data-fetching"]);
    commitAll(original.root, "nextjs 1.1.0");
    git(clone.root, "pull", "-q");
    const theirs = await check(clone.context("admin"));
    expect({
      from: theirs.from_version,
      up_to_date: theirs.up_to_date,
      front: readFileSync(join(clone.root, ".archon/rules/nextjs-links.md"), "utf8").match(
        /^template_version: .*$/m,
      )?.[0],
      text: readFileSync(join(clone.root, RULE), "utf8").endsWith(OURS),
    }).toEqual({ from: "1.1.0", up_to_date: true, front: 'template_version: "1.1.0"', text: true });
  });
});
