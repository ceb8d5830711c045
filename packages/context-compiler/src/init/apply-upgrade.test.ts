import { rmSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { writeContext } from "../context/archon-context.js";
import { rejectProposal } from "../knowledge/approval/approve-proposal.js";
import { approveProposalBundle } from "../knowledge/approval/bundle.js";
import { importDoc } from "../knowledge/import-doc.js";
import { getDocument } from "../store/documents.js";
import { readInitManifest } from "../store/init-manifest.js";
import { listProposals } from "../store/proposals.js";
import { readVersion } from "../store/version.js";
import {
  apply,
  bootstrappedOn100,
  check,
  type InitCtx,
  releasedWithNextjs100,
  sync,
} from "../test-support/init-context.js";
import { type TestProject, tempProject } from "../test-support/project.js";
import { NEXT_APP, writeTree } from "../test-support/project-trees.js";
import { defaultTemplatesDir } from "./template-catalog.js";
import { templateNotices } from "./template-notices.js";

let project: TestProject;
let released: string;
beforeEach(() => {
  project = tempProject("archon-upgrade-");
  released = releasedWithNextjs100();
  writeTree(project.write, NEXT_APP);
});
afterEach(() => {
  project.cleanup();
  rmSync(released, { recursive: true, force: true });
});

const modifyDataFetching = (ctx: InitCtx) =>
  importDoc(writeContext(ctx), {
    doc_id: "nextjs-data-fetching",
    title: "Fetch data in Server Components and route handlers, not in effects",
    content: "Our data layer is src/data; call it from Server Components only.",
  });

const hashOf = (ctx: InitCtx, docId: string) => getDocument(ctx.kdb.db, docId)?.content_hash;
const NEWER =
  "A newer bundled template nextjs 1.1.0 is available (you have 1.0.0): run archon_check_upgrade.";

describe("apply_upgrade", () => {
  it("proposes one pending bundle, leaves the user-modified document alone and applies nothing", async () => {
    const ctx = await bootstrappedOn100(project, released);
    modifyDataFetching(ctx);
    const before = readVersion(ctx.kdb.db);
    const routeHash = hashOf(ctx, "nextjs-route-handlers-validate");
    expect(await apply(ctx)).toEqual({
      template: "nextjs",
      from_version: "1.0.0",
      to_version: "1.1.0",
      bundle_id: "bundle_0001",
      proposals: [
        { proposal_id: "prop_0002", proposal_type: "new_doc", subject: "nextjs-caching-explicit" },
        { proposal_id: "prop_0003", proposal_type: "new_doc", subject: "nextjs-images" },
        { proposal_id: "prop_0004", proposal_type: "new_doc", subject: "nextjs-links" },
        { proposal_id: "prop_0005", proposal_type: "update_doc", subject: "nextjs-route-handlers-validate" },
        { proposal_id: "prop_0006", proposal_type: "deprecate_doc", subject: "nextjs-image-link" },
        {
          proposal_id: "prop_0007",
          proposal_type: "add_edge",
          subject: "path_requires **/actions/**/*.ts → nextjs-server-actions",
        },
        {
          proposal_id: "prop_0008",
          proposal_type: "remove_edge",
          subject: "edge 12 (path_requires **/actions/*.ts → nextjs-server-actions)",
        },
      ],
      skipped: [
        {
          subject: "nextjs-data-fetching",
          reason: "changed by its users since the template created it; never overwritten",
        },
      ],
      next_step:
        'A person approves bundle bundle_0001 (archon_preflight_proposal_bundle({ bundle_id: "bundle_0001" }), then archon_approve_proposal_bundle({ bundle_id: "bundle_0001" })), or rejects its proposals; afterwards call archon_sync_init_manifest, or the same upgrade is offered again.',
    });
    expect(readVersion(ctx.kdb.db)).toBe(before);
    const pending = listProposals(ctx.kdb.db, "pending");
    expect(pending.every((p) => p.bundle_id === "bundle_0001" && p.source === "upgrade")).toBe(true);
    const update = pending.find((p) => p.proposal_type === "update_doc");
    expect(Object.keys(update?.payload ?? {}).sort()).toEqual(["base_content_hash", "content", "doc_id"]);
    expect(update?.payload.base_content_hash).toBe(routeHash);
    expect(pending.find((p) => p.proposal_type === "new_doc")?.payload).toMatchObject({
      doc_id: "nextjs-caching-explicit",
      edge_hints: [
        { edge_type: "path_requires", source_value: "app/**/page.tsx" },
        { edge_type: "path_requires", source_value: "app/**/route.ts" },
      ],
      depends_on: ["nextjs-data-fetching"],
    });
  });

  it("refuses a second upgrade bundle while the first is pending, and sync waits for it too", async () => {
    const ctx = await bootstrappedOn100(project, released);
    await apply(ctx);
    const manifest = readInitManifest(ctx.kdb.db);
    await expect(apply(ctx)).rejects.toThrow(
      "An upgrade bundle is already waiting for a decision (bundle_0001); nothing was proposed.",
    );
    await expect(sync(ctx)).rejects.toThrow(
      "Upgrade bundle bundle_0001 is still waiting for a decision; the manifest was not changed.",
    );
    expect(listProposals(ctx.kdb.db, "pending")).toHaveLength(8);
    expect(readInitManifest(ctx.kdb.db)).toEqual(manifest);
  });
});

describe("apply_upgrade and documents the template does not own", () => {
  it("leaves a same-named document of the users alone, edges included", async () => {
    const ctx = await bootstrappedOn100(project, released);
    importDoc(writeContext(ctx), {
      doc_id: "nextjs-links",
      title: "Our link rules",
      content: "Use our <AppLink> wrapper.",
      edge_hints: [{ edge_type: "path_requires", source_value: "src/ui/**" }],
    });
    expect((await check(ctx)).documents_added.find((d) => d.doc_id === "nextjs-links")?.state).toBe(
      "conflict",
    );
    const result = await apply(ctx);
    expect(result.skipped).toEqual([
      { subject: "nextjs-links", reason: "a different document with this doc_id already exists" },
      {
        subject: "path_requires **/*.tsx → nextjs-links",
        reason: "it reaches a document the template does not own",
      },
    ]);
    expect(result.proposals.map((p) => p.subject)).not.toContain("nextjs-links");
  });
});

describe("finishing an upgrade", () => {
  it("lands on approval, keeps the user's document, and stops being offered after sync_init_manifest", async () => {
    const ctx = await bootstrappedOn100(project, released);
    modifyDataFetching(ctx);
    const userContent = getDocument(ctx.kdb.db, "nextjs-data-fetching")?.content;
    expect(templateNotices(ctx.kdb.db, defaultTemplatesDir(), ctx.channel)).toEqual([NEWER]);
    expect(templateNotices(ctx.kdb.db, released, ctx.channel)).toEqual([]);
    const { bundle_id } = await apply(ctx);
    expect(templateNotices(ctx.kdb.db, defaultTemplatesDir(), ctx.channel)).toEqual([
      "The upgrade to template nextjs 1.1.0 waits for approval (bundle bundle_0001); after it is resolved, run archon_sync_init_manifest.",
    ]);

    const approved = approveProposalBundle(writeContext(ctx), { bundle_id: bundle_id as string });
    expect(approved.knowledge_version).toBe(3);
    const page = ctx.compiler.compile({ target_files: ["app/blog/[slug]/page.tsx"] });
    const delivered = page.base.documents.map((d) => d.doc_id);
    expect(delivered).toEqual(
      expect.arrayContaining(["nextjs-caching-explicit", "nextjs-images", "nextjs-links"]),
    );
    expect(delivered).not.toContain("nextjs-image-link");
    expect(getDocument(ctx.kdb.db, "nextjs-data-fetching")?.content).toBe(userContent);

    // Resolved but not re-baselined: the same upgrade is still offered, with everything already in place.
    const pendingSync = await check(ctx);
    expect(pendingSync.documents_changed.map((d) => [d.doc_id, d.state])).toEqual([
      ["nextjs-data-fetching", "user_modified"],
      ["nextjs-route-handlers-validate", "already_applied"],
    ]);
    expect(pendingSync.next_step).toBe(
      "Everything in this upgrade is applied or left alone on purpose: call archon_sync_init_manifest to record nextjs 1.1.0.",
    );
    expect(templateNotices(ctx.kdb.db, defaultTemplatesDir(), ctx.channel)).toEqual([NEWER]);

    expect(await sync(ctx)).toEqual({
      template: "nextjs",
      from_version: "1.0.0",
      to_version: "1.1.0",
      changed: true,
      user_modified: ["nextjs-data-fetching"],
    });
    expect((await check(ctx)).up_to_date).toBe(true);
    expect(templateNotices(ctx.kdb.db, defaultTemplatesDir(), ctx.channel)).toEqual([]);
    expect(readInitManifest(ctx.kdb.db)?.documents.map((d) => d.doc_id)).toContain("nextjs-links");
    expect(await sync(ctx)).toMatchObject({ changed: false, from_version: "1.1.0", to_version: "1.1.0" });
  });

  it("offers the same upgrade again after its proposals were rejected, until the manifest is synced", async () => {
    const ctx = await bootstrappedOn100(project, released);
    const first = await apply(ctx);
    for (const p of first.proposals)
      rejectProposal(writeContext(ctx), { proposal_id: p.proposal_id, comment: "not now" });
    const second = await apply(ctx);
    expect(second.bundle_id).not.toBe(first.bundle_id);
    expect(second.proposals.map((p) => p.proposal_type)).toEqual(first.proposals.map((p) => p.proposal_type));
    for (const p of second.proposals)
      rejectProposal(writeContext(ctx), { proposal_id: p.proposal_id, comment: "still not" });
    // Declined changes count as the users' choice from now on: later upgrades leave those documents alone.
    expect((await sync(ctx)).user_modified).toEqual([
      "nextjs-data-fetching",
      "nextjs-route-handlers-validate",
    ]);
    expect((await check(ctx)).up_to_date).toBe(true);
    expect(readVersion(ctx.kdb.db)).toBe(1);
  });

  it("refuses sync_init_manifest before apply_upgrade proposed the upgrade, changing nothing", async () => {
    const ctx = await bootstrappedOn100(project, released);
    const before = readInitManifest(ctx.kdb.db);
    await expect(sync(ctx)).rejects.toThrow(
      "The upgrade of nextjs 1.0.0 → 1.1.0 has not been proposed yet; recording it now would discard its changes. The manifest was not changed.",
    );
    expect(readInitManifest(ctx.kdb.db)).toEqual(before);
    const offered = await check(ctx);
    expect(offered.up_to_date).toBe(false);
    expect(offered.documents_changed.map((d) => d.state)).not.toContain("user_modified");
    const { bundle_id } = await apply(ctx);
    approveProposalBundle(writeContext(ctx), { bundle_id: bundle_id as string });
    expect(await sync(ctx)).toMatchObject({ changed: true, to_version: "1.1.0", user_modified: [] });
  });
});
