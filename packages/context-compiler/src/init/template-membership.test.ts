import { rmSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { writeContext } from "../context/archon-context.js";
import { approveProposalBundle } from "../knowledge/approval/bundle.js";
import { readVersion } from "../store/version.js";
import { apply, bootstrappedOn100, releasedWithNextjs100, sync } from "../test-support/init-context.js";
import { type TestProject, tempProject } from "../test-support/project.js";
import { NEXT_APP, writeTree } from "../test-support/project-trees.js";

let project: TestProject;
let released: string;
beforeEach(() => {
  project = tempProject("archon-membership-");
  released = releasedWithNextjs100();
  writeTree(project.write, NEXT_APP);
});
afterEach(() => {
  project.cleanup();
  rmSync(released, { recursive: true, force: true });
});

const request = { target_files: ["app/blog/[slug]/page.tsx"] };

describe("the template documents sync_init_manifest records", () => {
  it("reorder a running server's next compile as they do a fresh one's, with no new knowledge version", async () => {
    const admin = await bootstrappedOn100(project, released);
    const { bundle_id } = await apply(admin);
    approveProposalBundle(writeContext(admin), { bundle_id: bundle_id as string });
    // A server that has compiled already, on its own connection: its index is cached.
    const server = project.context("agent");
    const before = server.compiler.compile(request);
    const version = readVersion(admin.kdb.db);

    await sync(admin);

    const after = server.compiler.compile(request);
    const fresh = project.context("agent").compiler.compile(request);
    const order = (r: typeof before) => r.base.documents.map((d) => d.doc_id);
    expect(readVersion(admin.kdb.db)).toBe(version);
    expect(order(after)).not.toEqual(order(before));
    expect({ ...after, compile_id: "" }).toEqual({ ...fresh, compile_id: "" });
  });
});
