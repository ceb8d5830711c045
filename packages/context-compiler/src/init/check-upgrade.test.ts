import { rmSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { writeContext } from "../context/archon-context.js";
import { importDoc } from "../knowledge/import-doc.js";
import { getDocument } from "../store/documents.js";
import {
  apply,
  bootstrappedOn100,
  check,
  confirm,
  detect,
  type InitCtx,
  releasedWithNextjs100,
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

describe("check_upgrade", () => {
  it("diffs 1.0.0 against 1.1.0 and marks the document its users changed", async () => {
    const ctx = await bootstrappedOn100(project, released);
    modifyDataFetching(ctx);
    expect(await check(ctx)).toEqual({
      template: "nextjs",
      from_version: "1.0.0",
      to_version: "1.1.0",
      up_to_date: false,
      documents_added: [
        {
          doc_id: "nextjs-caching-explicit",
          title: "Say how every fetch and GET handler is cached",
          kind: "constraint",
          state: "new",
        },
        {
          doc_id: "nextjs-images",
          title: "Images through next/image with explicit size",
          kind: "guideline",
          state: "new",
        },
        {
          doc_id: "nextjs-links",
          title: "Internal navigation through next/link",
          kind: "guideline",
          state: "new",
        },
      ],
      documents_changed: [
        {
          doc_id: "nextjs-data-fetching",
          fields: ["content"],
          user_modified: true,
          state: "user_modified",
          current_content_hash: hashOf(ctx, "nextjs-data-fetching"),
        },
        {
          doc_id: "nextjs-route-handlers-validate",
          fields: ["content"],
          user_modified: false,
          state: "update",
          current_content_hash: hashOf(ctx, "nextjs-route-handlers-validate"),
        },
      ],
      documents_removed: [{ doc_id: "nextjs-image-link", user_modified: false, state: "deprecate" }],
      edges_added: [
        {
          edge_type: "doc_depends_on",
          source_value: "nextjs-caching-explicit",
          target_doc_id: "nextjs-data-fetching",
          state: "add",
        },
        {
          edge_type: "path_requires",
          source_value: "**/*.tsx",
          target_doc_id: "nextjs-images",
          state: "add",
        },
        { edge_type: "path_requires", source_value: "**/*.tsx", target_doc_id: "nextjs-links", state: "add" },
        {
          edge_type: "path_requires",
          source_value: "**/actions/**/*.ts",
          target_doc_id: "nextjs-server-actions",
          state: "add",
        },
        {
          edge_type: "path_requires",
          source_value: "app/**/page.tsx",
          target_doc_id: "nextjs-caching-explicit",
          state: "add",
        },
        {
          edge_type: "path_requires",
          source_value: "app/**/route.ts",
          target_doc_id: "nextjs-caching-explicit",
          state: "add",
        },
      ],
      edges_removed: [
        {
          edge_type: "path_requires",
          source_value: "**/*.tsx",
          target_doc_id: "nextjs-image-link",
          edge_id: 18,
          state: "remove",
        },
        {
          edge_type: "path_requires",
          source_value: "**/actions/*.ts",
          target_doc_id: "nextjs-server-actions",
          edge_id: 12,
          state: "remove",
        },
      ],
      layer_rules_added: [],
      layer_rules_removed: [],
      pending_bundle_ids: [],
      next_step:
        "Call archon_apply_upgrade to turn this diff into pending proposals for a person to approve; documents changed by their users are left alone.",
    });
  });

  it("reports up to date when the applied version is the newest", async () => {
    const ctx = project.context("admin");
    await confirm(ctx, { preview_hash: (await detect(ctx)).preview_hash as string });
    const result = await check(ctx);
    expect(result).toMatchObject({ from_version: "1.1.0", to_version: "1.1.0", up_to_date: true });
    expect([
      result.documents_added,
      result.documents_changed,
      result.documents_removed,
      result.edges_added,
    ]).toEqual([[], [], [], []]);
    expect(await apply(ctx)).toEqual({
      template: "nextjs",
      from_version: "1.1.0",
      to_version: "1.1.0",
      bundle_id: null,
      proposals: [],
      skipped: [],
      next_step: "Template nextjs is at the newest bundled version (1.1.0); nothing to do.",
    });
    expect(templateNotices(ctx.kdb.db, defaultTemplatesDir(), ctx.channel)).toEqual([]);
  });

  it("is refused for a project that was not bootstrapped from a template", async () => {
    const ctx = project.context("admin");
    await confirm(ctx, { skip_template: true });
    await expect(check(ctx)).rejects.toThrow(
      "This project was not bootstrapped from a template, so there is nothing to upgrade.",
    );
    expect(templateNotices(ctx.kdb.db, defaultTemplatesDir(), ctx.channel)).toEqual([]);
  });
});
