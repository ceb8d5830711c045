import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { writeContext } from "../context/archon-context.js";
import { importDoc } from "../knowledge/import-doc.js";
import { readInitManifest } from "../store/init-manifest.js";
import { readVersion } from "../store/version.js";
import { confirm, detect, type InitCtx } from "../test-support/init-context.js";
import { type TestProject, tempProject } from "../test-support/project.js";
import { GO, LARAVEL, NEXT_SRC_APP, PYTHON, writeTree } from "../test-support/project-trees.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject("archon-init-");
});
afterEach(() => project.cleanup());

const server = () => project.context("admin");
const compiled = (ctx: InitCtx, file: string, command?: string) => {
  const r = ctx.compiler.compile({ target_files: [file], ...(command ? { command } : {}) });
  return {
    documents: r.base.documents.map((d) => d.doc_id),
    templates: r.base.templates.filter((d) => d.delivery !== "omitted").map((d) => d.doc_id),
    warnings: r.warnings,
  };
};

describe("init_confirm", () => {
  it("bootstraps approved knowledge in one version and records the manifest", async () => {
    writeTree(project.write, NEXT_SRC_APP);
    const ctx = server();
    const preview = await detect(ctx);
    const result = await confirm(ctx, { preview_hash: preview.preview_hash as string });
    const ids = preview.preview?.documents.map((d) => d.doc_id) ?? [];
    expect(result).toEqual({
      template: "nextjs",
      version: "1.1.0",
      documents_created: ids,
      edges_added: preview.preview?.edges.length,
      layer_rules_added: 5,
      knowledge_version: 1,
      snapshot_id: "snap_v1",
      adapters: {
        deployed: true,
        detail: "Editor adapters deployed for claude: 17 file(s) written.",
      },
      warnings: [],
      next_step:
        "Add the project's own rules with archon_import_doc, then check one archon_compile_context call against a file the template covers.",
    });
    expect(readInitManifest(ctx.kdb.db)).toEqual({
      template: "nextjs",
      template_version: "1.1.0",
      placeholders: { app_root: "src/app" },
      applied_at: "2026-11-29T12:00:00.000Z",
      knowledge_version: 1,
      documents: preview.preview?.documents.map((d) => ({ doc_id: d.doc_id, content_hash: d.content_hash })),
    });
    const statuses = ctx.kdb.db.prepare("SELECT DISTINCT status FROM documents").pluck().all();
    expect(statuses).toEqual(["approved"]);
    expect(readFileSync(join(project.root, "CLAUDE.md"), "utf8")).toContain("<!-- archon:start -->");
  });

  it("makes the compile return the template's rules for real files of that layout", async () => {
    writeTree(project.write, NEXT_SRC_APP);
    const ctx = server();
    await confirm(ctx, { preview_hash: (await detect(ctx)).preview_hash as string });
    expect(compiled(ctx, "src/app/dashboard/page.tsx", "scaffold")).toEqual({
      documents: [
        "nextjs-caching-explicit",
        "nextjs-data-fetching",
        "nextjs-metadata-api",
        "nextjs-no-secrets-in-public-env",
        "nextjs-images",
        "nextjs-links",
        "nextjs-server-components-default",
        "nextjs-client-props-serializable",
      ],
      templates: ["nextjs-page-template"],
      warnings: [],
    });
    expect(compiled(ctx, "src/app/api/orders/route.ts").documents).toEqual([
      "nextjs-caching-explicit",
      "nextjs-no-secrets-in-public-env",
      "nextjs-route-handlers-validate",
      "nextjs-data-fetching",
    ]);
  });

  it.each([
    ["laravel", LARAVEL, "app/Http/Controllers/InvoiceController.php", "laravel-form-requests"],
    [
      "laravel",
      LARAVEL,
      "database/migrations/2024_05_01_000000_create_invoices_table.php",
      "laravel-migrations-immutable",
    ],
    ["python", PYTHON, "src/ledger/pricing.py", "python-no-mutable-defaults"],
    ["python", PYTHON, "tests/test_pricing.py", "python-pytest-fixtures"],
    ["go", GO, "internal/billing/invoice_test.go", "go-table-driven-tests"],
    ["go", GO, "cmd/billing/main.go", "go-package-layout"],
  ])("bootstraps %s so that %s gets %s, within the inline budget", async (template, tree, file, expected) => {
    writeTree(project.write, tree);
    const ctx = server();
    const preview = await detect(ctx);
    expect(preview.template).toBe(template);
    await confirm(ctx, { preview_hash: preview.preview_hash as string });
    const result = compiled(ctx, file, "scaffold");
    expect(result.documents).toContain(expected);
    expect(result.warnings).toEqual([]);
  });

  it("refuses a preview_hash this server did not produce, and changes nothing", async () => {
    writeTree(project.write, NEXT_SRC_APP);
    const other = server();
    const hash = (await detect(other)).preview_hash as string;
    const ctx = server();
    await expect(confirm(ctx, { preview_hash: hash })).rejects.toThrow(
      `preview_hash ${hash} is stale: this server process did not produce it (previews live in memory and end with the process).`,
    );
    expect(readVersion(ctx.kdb.db)).toBe(0);
    expect(readInitManifest(ctx.kdb.db)).toBeUndefined();
  });

  it("refuses a preview made before the knowledge changed, and changes nothing", async () => {
    writeTree(project.write, NEXT_SRC_APP);
    const ctx = server();
    const hash = (await detect(ctx)).preview_hash as string;
    importDoc(writeContext(ctx), { doc_id: "house-rule", title: "House rule", content: "Be kind." });
    await expect(confirm(ctx, { preview_hash: hash })).rejects.toThrow(
      `preview_hash ${hash} is stale: knowledge_version moved from 0 to 1 since the preview.`,
    );
    expect(readVersion(ctx.kdb.db)).toBe(1);
    expect(readInitManifest(ctx.kdb.db)).toBeUndefined();
    const fresh = await detect(ctx);
    expect(fresh.warnings).toEqual([
      "The knowledge base already holds 1 approved document(s); the template adds to them.",
    ]);
    expect((await confirm(ctx, { preview_hash: fresh.preview_hash as string })).knowledge_version).toBe(2);
  });

  it("refuses template doc_ids that already exist, and changes nothing", async () => {
    writeTree(project.write, GO);
    const ctx = server();
    importDoc(writeContext(ctx), { doc_id: "go-error-wrapping", title: "Ours", content: "Our own wording." });
    const clash = await detect(ctx);
    expect(clash.warnings).toEqual([
      "Documents already exist with these template doc_ids, so archon_init_confirm will refuse: go-error-wrapping.",
    ]);
    await expect(confirm(ctx, { preview_hash: clash.preview_hash as string })).rejects.toThrow(
      "Documents with these template doc_ids already exist: go-error-wrapping; nothing was changed.",
    );
    expect(readVersion(ctx.kdb.db)).toBe(1);
    expect(readInitManifest(ctx.kdb.db)).toBeUndefined();
  });

  it("refuses a second bootstrap from a template, and changes nothing", async () => {
    writeTree(project.write, GO);
    const ctx = server();
    await confirm(ctx, { preview_hash: (await detect(ctx)).preview_hash as string });
    const again = await detect(ctx);
    expect(again.current).toEqual({ template: "go", version: "1.0.0" });
    expect(again.warnings[0]).toBe(
      "This project was bootstrapped from go 1.0.0; archon_init_confirm will refuse. Use archon_check_upgrade for newer template versions.",
    );
    await expect(confirm(ctx, { preview_hash: again.preview_hash as string })).rejects.toThrow(
      "This project was already bootstrapped from go 1.0.0; nothing was changed.",
    );
    await expect(confirm(ctx, { skip_template: true })).rejects.toThrow("already bootstrapped");
    expect(readVersion(ctx.kdb.db)).toBe(1);
    expect(readInitManifest(ctx.kdb.db)?.template).toBe("go");
  });

  it("records a deliberate empty start without bumping the version", async () => {
    const ctx = server();
    const result = await confirm(ctx, { skip_template: true });
    expect(result).toMatchObject({
      template: null,
      version: null,
      documents_created: [],
      knowledge_version: 0,
      snapshot_id: null,
    });
    expect(readInitManifest(ctx.kdb.db)).toEqual({
      template: null,
      template_version: null,
      placeholders: {},
      applied_at: "2026-11-29T12:00:00.000Z",
      knowledge_version: 0,
      documents: [],
    });
    expect((await detect(ctx, { template: "python" })).current).toEqual({ template: null, version: null });
  });

  it("needs exactly one of preview_hash and skip_template, and the admin surface", async () => {
    const ctx = server();
    await expect(confirm(ctx, {})).rejects.toThrow(
      "Give exactly one of preview_hash or skip_template: true.",
    );
    await expect(confirm(ctx, { preview_hash: "x", skip_template: true })).rejects.toThrow(
      "Give exactly one",
    );
    const agent = project.context("agent");
    await expect(confirm(agent, { skip_template: true })).rejects.toThrow(
      "init_confirm is refused on the agent surface",
    );
    expect(readInitManifest(ctx.kdb.db)).toBeUndefined();
  });
});
