// A small Next.js invoicing app with Archon seeded and its symbol index built: the grounding fixture.
import { manualClock } from "@archon/core";
import { CodeIndex } from "../code/code-index.js";
import { commitAll } from "./git.js";
import { doc, seed, type TestProject, tempProject } from "./project.js";

export const INVOICING_FILES: Record<string, string> = {
  "package.json":
    '{ "name": "ledger-web", "dependencies": { "next": "15.0.0", "@prisma/client": "5.0.0" } }\n',
  "app/invoices/page.tsx":
    'import { listInvoices } from "../../lib/invoices/invoice-repository";\n' +
    "export default async function InvoicesPage() {\n  const invoices = await listInvoices();\n  return invoices.length;\n}\n",
  "lib/invoices/invoice-repository.ts":
    'import { db } from "../db";\n' +
    "export class InvoiceRepository {\n  find(id: string) { return db.invoice.findUnique({ where: { id } }); }\n}\n" +
    "export async function listInvoices() { return db.invoice.findMany(); }\n",
  "lib/invoices/create-invoice.ts":
    'import { InvoiceRepository } from "./invoice-repository";\n' +
    "export function createInvoice(customerId: string) {\n  const repo = new InvoiceRepository();\n  return repo.find(customerId);\n}\n",
  "lib/db.ts": "export const db: any = {};\n",
  "lib/auth/session.ts": "export function currentSession() { return null; }\n",
  "app/api/session/route.ts":
    'import { currentSession } from "../../../lib/auth/session";\nexport async function GET() { return Response.json(currentSession()); }\n',
  "tests/create-invoice.test.ts":
    'import { createInvoice } from "../lib/invoices/create-invoice";\n' +
    'test("creates", () => { createInvoice("c1"); });\n',
  "prisma/schema.prisma":
    'model Customer {\n  id String @id\n}\n\nmodel Invoice {\n  id String @id\n  customerId String\n  @@map("invoices")\n}\n',
};

export const INVOICING_RULES = [
  doc("invoice-repository-only", {
    title: "Invoices are read and written through InvoiceRepository",
    kind: "constraint",
    priority: 10,
    content:
      "Never query db.invoice outside lib/invoices/invoice-repository.ts; call InvoiceRepository instead.",
    patterns: ["lib/invoices/**", "app/invoices/**"],
  }),
  doc("server-components", {
    title: "Pages are server components",
    content: "Pages under app/ fetch data on the server; no client-side fetch of invoice data.",
    patterns: ["app/**"],
  }),
  doc("money-in-cents", {
    title: "Money is stored in integer cents",
    content: "Amounts on invoices and payments are integer cents, never floats.",
    description: "Invoice amounts and currency",
  }),
  doc("session-rule", {
    title: "Sessions come from lib/auth",
    content: "Read the signed-in member with currentSession().",
    patterns: ["lib/auth/**"],
  }),
];

/** Writes the app, commits it, seeds the rules and builds the symbol index; the caller cleans up. */
export async function invoicingProject(): Promise<TestProject> {
  const project = tempProject("archon-grounding-");
  for (const [path, text] of Object.entries(INVOICING_FILES)) project.write(path, text);
  commitAll(project.root, "initial", true);
  const ctx = project.context();
  seed(ctx, { documents: INVOICING_RULES });
  await new CodeIndex(ctx.kdb.db, project.root).reindex({ clock: manualClock("2026-12-01T09:00:00.000Z") });
  ctx.close();
  return project;
}
