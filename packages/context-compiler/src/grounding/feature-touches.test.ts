import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { manualClock } from "@archon/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CodeIndex } from "../code/code-index.js";
import { commitAll } from "../test-support/git.js";
import { invoicingProject } from "../test-support/invoicing-project.js";
import { doc, seed, type TestProject, tempProject } from "../test-support/project.js";
import { openGrounding, type ProjectGrounding } from "./open-grounding.js";

// The files "recurring invoices" touches are known: the service (its name), the route (its rule's area, the
// call graph), the migration (the schema), the PDF layout (co-change); a form naming a reminder is not one.
const FILES: Record<string, string> = {
  "lib/billing/invoice-service.ts":
    "export class InvoiceService {\n  create(customerId: string) { return { customerId }; }\n}\n",
  "app/api/billing/route.ts":
    'import { InvoiceService } from "../../../lib/billing/invoice-service";\n' +
    'export async function POST() {\n  return Response.json(new InvoiceService().create("c1"));\n}\n',
  "lib/pdf/layout.ts": "export function pageLayout() { return 1; }\n",
  "components/CustomerForm.tsx":
    "export function CustomerForm() { return null; }\nexport function ReminderToggle() { return null; }\n",
  "lib/logger.ts": "export class Logger {}\n",
  "lib/request.ts": "export interface Request { id: string }\n",
  "db/migrations/0001_customers.sql": "CREATE TABLE customers (id TEXT PRIMARY KEY);\n",
  "db/migrations/0002_invoices.sql":
    "CREATE TABLE invoices (id TEXT PRIMARY KEY, customer_id TEXT REFERENCES customers(id));\n",
  "db/schema.ts":
    'import { pgTable, text } from "drizzle-orm/pg-core";\nexport const payments = pgTable("payments", { id: text("id") });\n',
};

const RULES = [
  doc("invoices-through-service", {
    title: "Invoices are created only through InvoiceService",
    kind: "constraint",
    content: "Routes call InvoiceService; they never write the invoices table themselves.",
    patterns: ["lib/billing/**", "app/api/billing/**"],
  }),
  doc("migrations-append-only", {
    title: "Migrations are append-only",
    content: "Never edit a migration that shipped; add a new numbered file.",
    patterns: ["db/migrations/**"],
  }),
  doc("everything-typed", { title: "Invoices stay typed", content: "No any.", patterns: ["lib/**"] }),
];

let project: TestProject;
let grounding: ProjectGrounding;
let outside: string;
const FEATURE = "Recurring invoices with a monthly schedule and email reminders";

beforeAll(async () => {
  project = tempProject("archon-touches-");
  for (const [path, text] of Object.entries(FILES)) project.write(path, text);
  // A schema file linked in from outside the project is not the project's schema.
  outside = mkdtempSync(join(tmpdir(), "archon-outside-"));
  writeFileSync(join(outside, "secrets.sql"), "CREATE TABLE api_keys (secret TEXT);\n");
  symlinkSync(join(outside, "secrets.sql"), join(project.root, "db/migrations/0003_linked.sql"));
  commitAll(project.root, "initial", true);
  // Three more commits that change the service and the PDF layout together: git's coupling evidence.
  for (const n of [1, 2, 3]) {
    project.write("lib/billing/invoice-service.ts", `${FILES["lib/billing/invoice-service.ts"]}// v${n}\n`);
    project.write("lib/pdf/layout.ts", `${FILES["lib/pdf/layout.ts"]}// v${n}\n`);
    commitAll(project.root, `invoice layout ${n}`);
  }
  const ctx = project.context();
  seed(ctx, { documents: RULES });
  await new CodeIndex(ctx.kdb.db, project.root).reindex({ clock: manualClock("2026-12-01T09:00:00.000Z") });
  ctx.close();
  const opened = openGrounding(project.root);
  if (!opened) throw new Error("the fixture has no database");
  grounding = opened;
});
afterAll(() => {
  grounding.close();
  project.cleanup();
  rmSync(outside, { recursive: true, force: true });
});

describe("choosing the files a feature touches", () => {
  it("finds the route, the migration, the service and the co-changed file, each with why, ties by path", () => {
    const touches = grounding.touches(FEATURE);
    expect(touches.terms).toEqual(["recurring", "invoices", "monthly", "schedule", "email", "reminders"]);
    expect(touches.files).toEqual([
      {
        path: "app/api/billing/route.ts",
        score: 2,
        matched: ["invoices"],
        reasons: [
          "rule invoices-through-service governs its area `app/api/billing/**`",
          "it calls `InvoiceService`, `InvoiceService.create` of lib/billing/invoice-service.ts",
        ],
      },
      {
        path: "db/migrations/0002_invoices.sql",
        score: 2,
        matched: ["invoices"],
        reasons: ['its path names "invoices"', "it declares the table `invoices`"],
      },
      {
        path: "lib/billing/invoice-service.ts",
        score: 2,
        matched: ["invoices"],
        reasons: [
          'its path names "invoices"',
          "rule invoices-through-service governs its area `lib/billing/**`",
        ],
      },
      {
        path: "lib/pdf/layout.ts",
        score: 1,
        matched: [],
        reasons: ["it changed together with lib/billing/invoice-service.ts in 4 commits"],
      },
    ]);
    expect(touches.files_left_out).toBe(0);
  });

  it("compiles the rules of the route and the migration for those files", () => {
    const files = grounding.touches(FEATURE).files.map((f) => f.path);
    expect(grounding.rules(files, FEATURE).rules.map((r) => r.doc_id)).toEqual([
      "invoices-through-service",
      "migrations-append-only",
      "everything-typed",
    ]);
  });
});

describe("the project's existing tables", () => {
  it("come from migrations and ORM models inside the project, never from type names or links out", () => {
    expect(grounding.tables()).toEqual(["customers", "invoices", "payments"]);
    expect(grounding.touches(FEATURE).entities).toEqual(["InvoiceService", "Logger", "Request"]);
    expect(grounding.checkNames(["invoices.customer_id", "Logger"]).map((c) => [c.kind, c.where])).toEqual([
      ["column", "invoices.customer_id in db/migrations/0002_invoices.sql"],
      ["symbol", "lib/logger.ts:1"],
    ]);
  });
});

describe("what a feature touches in the invoicing app", () => {
  let invoicing: TestProject;
  let opened: ProjectGrounding;
  beforeAll(async () => {
    invoicing = await invoicingProject();
    const g = openGrounding(invoicing.root);
    if (!g) throw new Error("the fixture has no database");
    opened = g;
  });
  afterAll(() => {
    opened.close();
    invoicing.cleanup();
  });

  it("ranks the files and symbols named by the feature's words, with their callers and the tests to run", () => {
    expect(opened.touches("Let members export invoices as PDF from the invoice page")).toEqual({
      terms: ["members", "export", "invoices", "pdf"],
      common_terms: [],
      files: [
        {
          path: "app/invoices/page.tsx",
          score: 3,
          matched: ["invoices"],
          reasons: [
            'its path names "invoices"',
            "rule invoice-repository-only governs its area `app/invoices/**`",
            "it calls `listInvoices` of lib/invoices/invoice-repository.ts",
          ],
        },
        {
          path: "lib/invoices/create-invoice.ts",
          score: 3,
          matched: ["invoices"],
          reasons: [
            'its path names "invoices"',
            "rule invoice-repository-only governs its area `lib/invoices/**`",
            "it calls `InvoiceRepository`, `InvoiceRepository.find` of lib/invoices/invoice-repository.ts",
          ],
        },
        {
          path: "lib/invoices/invoice-repository.ts",
          score: 2,
          matched: ["invoices"],
          reasons: [
            'its path names "invoices"',
            "rule invoice-repository-only governs its area `lib/invoices/**`",
          ],
        },
        {
          path: "prisma/schema.prisma",
          score: 1,
          matched: ["invoices"],
          reasons: ["it declares the table `invoices`"],
        },
      ],
      files_left_out: 0,
      symbols: [
        {
          symbol_id: "typescript app/invoices/page.tsx InvoicesPage",
          name: "InvoicesPage",
          kind: "function",
          path: "app/invoices/page.tsx",
          line: 2,
          callers: [],
        },
        {
          symbol_id: "typescript lib/invoices/create-invoice.ts createInvoice",
          name: "createInvoice",
          kind: "function",
          path: "lib/invoices/create-invoice.ts",
          line: 2,
          callers: [{ symbol_id: null, path: "tests/create-invoice.test.ts", line: 2 }],
        },
        {
          symbol_id: "typescript lib/invoices/invoice-repository.ts InvoiceRepository",
          name: "InvoiceRepository",
          kind: "class",
          path: "lib/invoices/invoice-repository.ts",
          line: 2,
          callers: [
            {
              symbol_id: "typescript lib/invoices/create-invoice.ts createInvoice",
              path: "lib/invoices/create-invoice.ts",
              line: 3,
            },
          ],
        },
        {
          symbol_id: "typescript lib/invoices/invoice-repository.ts listInvoices",
          name: "listInvoices",
          kind: "function",
          path: "lib/invoices/invoice-repository.ts",
          line: 5,
          callers: [
            {
              symbol_id: "typescript app/invoices/page.tsx InvoicesPage",
              path: "app/invoices/page.tsx",
              line: 3,
            },
          ],
        },
      ],
      affected_tests: [{ path: "tests/create-invoice.test.ts", score: 1 }],
      entities: ["InvoiceRepository"],
    });
  });

  it("touches nothing when no word of the feature names a file or symbol", () => {
    expect(opened.touches("Dark mode for the whole site")).toMatchObject({ files: [], symbols: [] });
  });
});
