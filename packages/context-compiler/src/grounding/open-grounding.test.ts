import { copyFileSync, readFileSync, renameSync } from "node:fs";
import { manualClock, sequentialIds } from "@archon/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { remember } from "../memory/memory-source.js";
import { invoicingProject } from "../test-support/invoicing-project.js";
import { doc, seed, type TestProject } from "../test-support/project.js";
import { hasArchonDatabase, openGrounding, type ProjectGrounding } from "./open-grounding.js";

let project: TestProject;
let grounding: ProjectGrounding;
const FEATURE = "Let members export invoices as PDF from the invoice page";

beforeAll(async () => {
  project = await invoicingProject();
  const opened = openGrounding(project.root);
  if (!opened) throw new Error("the fixture has no database");
  grounding = opened;
});
afterAll(() => {
  grounding.close();
  project.cleanup();
});

describe("the project's own rules for those files", () => {
  it("delivers what compile_context would for the touched files, cited by doc_id", () => {
    const files = grounding.touches(FEATURE).files.map((f) => f.path);
    expect(grounding.rules(files, FEATURE)).toEqual({
      knowledge_version: 1,
      rules: [
        {
          doc_id: "invoice-repository-only",
          title: "Invoices are read and written through InvoiceRepository",
          kind: "constraint",
          excerpt:
            "Never query db.invoice outside lib/invoices/invoice-repository.ts; call InvoiceRepository instead.",
          delivery: "inline",
          source_path: null,
        },
        {
          doc_id: "server-components",
          title: "Pages are server components",
          kind: "guideline",
          excerpt: "Pages under app/ fetch data on the server; no client-side fetch of invoice data.",
          delivery: "inline",
          source_path: null,
        },
      ],
      warnings: ["No approved document is wired to prisma/schema.prisma (by path or layer)."],
    });
  });
});

describe("recall over approved knowledge", () => {
  it("returns the documents matching the query's terms, best first, cited by doc_id", () => {
    // Nothing in episodic memory matches these words, so only knowledge answers.
    expect(grounding.recall.recall("invoice amounts currency", 8)).toEqual([
      {
        content:
          "[money-in-cents] Money is stored in integer cents: Amounts on invoices and payments are integer cents, never floats.",
        score: 0.667,
        cite: "doc:money-in-cents",
      },
    ]);
    expect(grounding.recall.recall("kubernetes helm chart", 8)).toEqual([]);
  });
});

describe("recall over episodic memory", () => {
  it("adds the session notes that match, cited by note id, beside the knowledge it already gives", () => {
    const ctx = project.context("admin");
    const { note_id } = remember(
      ctx.kdb.db,
      {
        content: "Exporting invoices to PDF timed out on large accounts; stream the rendering.",
        files: ["app/invoices/page.tsx"],
      },
      manualClock("2026-11-30T10:00:00.000Z"),
      sequentialIds(),
    );
    ctx.close();
    const hits = grounding.recall.recall("export invoices pdf", 8);
    expect(hits.map((h) => h.cite)).toContain(`note:${note_id}`);
    expect(hits.find((h) => h.cite === `note:${note_id}`)?.content).toBe(
      `[note ${note_id}] Exporting invoices to PDF timed out on large accounts; stream the rendering.`,
    );
  });
});

describe("checks of names a PRD claims", () => {
  it("says which files and symbols the index has, and where", () => {
    expect(
      grounding.checkNames(["lib/invoices/create-invoice.ts", "createInvoice()", "exportPdf", "lib/pdf.ts"]),
    ).toEqual([
      {
        name: "lib/invoices/create-invoice.ts",
        kind: "file",
        exists: true,
        where: "lib/invoices/create-invoice.ts",
      },
      { name: "createInvoice()", kind: "symbol", exists: true, where: "lib/invoices/create-invoice.ts:2" },
      { name: "exportPdf", kind: "symbol", exists: false, where: null },
      { name: "lib/pdf.ts", kind: "file", exists: false, where: null },
    ]);
  });

  it("checks each name as the kind it names, and leaves out words that name nothing", () => {
    expect(
      grounding.checkNames([
        "invoices",
        "invoices.customerId",
        "customerId",
        "invoice-repository-only",
        "InvoiceRepository",
        "nextRunOn",
        "monthly",
        "true",
        "422",
        "read-only",
      ]),
    ).toEqual([
      { name: "invoices", kind: "table", exists: true, where: "prisma/schema.prisma" },
      {
        name: "invoices.customerId",
        kind: "column",
        exists: true,
        where: "invoices.customerid in prisma/schema.prisma",
      },
      {
        name: "customerId",
        kind: "column",
        exists: true,
        where: "invoices.customerid in prisma/schema.prisma",
      },
      { name: "invoice-repository-only", kind: "rule", exists: true, where: "doc:invoice-repository-only" },
      {
        name: "InvoiceRepository",
        kind: "symbol",
        exists: true,
        where: "lib/invoices/invoice-repository.ts:2",
      },
      { name: "nextRunOn", kind: "symbol", exists: false, where: null },
    ]);
  });

  it("lists the tables the project's schema files define, a mapped Prisma model by its table's name", () => {
    expect(grounding.tables()).toEqual(["customer", "invoices"]);
    expect(grounding.status()).toEqual({
      knowledge_version: 1,
      documents: 4,
      index: { files: 7, symbols: 7, edges: 9 },
    });
  });
});

describe("endpoints and impact", () => {
  it("finds an endpoint's route file, and says an endpoint without one would be new", () => {
    expect(grounding.checkNames(["/api/session", "GET /api/session", "/api/invoices/export"])).toEqual([
      { name: "/api/session", kind: "endpoint", exists: true, where: "app/api/session/route.ts" },
      { name: "GET /api/session", kind: "endpoint", exists: true, where: "app/api/session/route.ts" },
      { name: "/api/invoices/export", kind: "endpoint", exists: false, where: null },
    ]);
  });

  it("gives a symbol's definitions and callers, and a file's importers", () => {
    expect(grounding.impact("InvoiceRepository")).toEqual({
      name: "InvoiceRepository",
      symbols: [
        {
          symbol_id: "typescript lib/invoices/invoice-repository.ts InvoiceRepository",
          path: "lib/invoices/invoice-repository.ts",
          line: 2,
        },
      ],
      callers: [
        {
          from: "typescript lib/invoices/create-invoice.ts createInvoice",
          path: "lib/invoices/create-invoice.ts",
          line: 3,
        },
      ],
      importers: [],
    });
    expect(grounding.impact("lib/invoices/create-invoice.ts").importers).toEqual([
      "tests/create-invoice.test.ts",
    ]);
  });
});

describe("opening the database", () => {
  it("opens read-only and leaves the database file byte for byte as it was", () => {
    const before = readFileSync(project.dbPath);
    grounding.touches(FEATURE);
    grounding.rules(["lib/invoices/create-invoice.ts"], FEATURE);
    expect(readFileSync(project.dbPath).equals(before)).toBe(true);
  });

  it("reads a database file swapped under it (an import, a git pull) from the new file", async () => {
    const other = await invoicingProject();
    try {
      const older = `${other.dbPath}.older`;
      copyFileSync(other.dbPath, older);
      const ctx = other.context();
      seed(ctx, { documents: [doc("pdf-exports", { content: "Render invoice PDFs on the server." })] });
      ctx.close();
      const swapped = openGrounding(other.root);
      if (!swapped) throw new Error("the fixture has no database");
      expect(swapped.status().documents).toBe(5);
      // The older copy moved over the file: a new inode at the same path, as a swap gives.
      renameSync(older, other.dbPath);
      expect(swapped.status().documents).toBe(4);
      swapped.close();
    } finally {
      other.cleanup();
    }
  });

  it("finds no grounding in a project without an Archon database", () => {
    expect(hasArchonDatabase(`${project.root}/nowhere`)).toBe(false);
    expect(openGrounding(`${project.root}/nowhere`)).toBeUndefined();
    expect(hasArchonDatabase(project.root)).toBe(true);
  });
});
