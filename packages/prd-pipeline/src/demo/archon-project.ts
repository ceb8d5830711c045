// A realistic Next.js invoicing repository with Archon seeded and its symbol index built by the real `archon`
// CLI: what the grounded runs start from.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ARCHON_BIN = fileURLToPath(new URL("../../../context-compiler/bin/archon.js", import.meta.url));

const FILES: Record<string, string> = {
  "package.json": '{ "name": "ledger-web", "private": true, "dependencies": { "next": "15.0.0" } }\n',
  "app/invoices/page.tsx":
    'import { listInvoices } from "../../lib/invoices/invoice-repository";\n' +
    "export default async function InvoicesPage() {\n  const invoices = await listInvoices();\n  return invoices.length;\n}\n",
  "app/api/invoices/route.ts":
    'import { listInvoices } from "../../../lib/invoices/invoice-repository";\n' +
    "export async function GET() { return Response.json(await listInvoices()); }\n",
  "lib/invoices/invoice-repository.ts":
    'import { db } from "../db";\n' +
    "export class InvoiceRepository {\n  find(id: string) { return db.invoice.findUnique({ where: { id } }); }\n}\n" +
    "export async function listInvoices() { return db.invoice.findMany(); }\n",
  "lib/invoices/create-invoice.ts":
    'import { InvoiceRepository } from "./invoice-repository";\n' +
    "export function createInvoice(customerId: string) {\n  return new InvoiceRepository().find(customerId);\n}\n",
  "lib/db.ts": "export const db: any = {};\n",
  "tests/create-invoice.test.ts":
    'import { createInvoice } from "../lib/invoices/create-invoice";\ntest("creates", () => { createInvoice("c1"); });\n',
  "prisma/schema.prisma":
    'model Customer {\n  id String @id\n}\n\nmodel Invoice {\n  id String @id\n  customerId String\n  @@map("invoices")\n}\n',
  "archon.seed.yaml": [
    "documents:",
    "  - doc_id: invoice-repository-only",
    "    title: Invoices are read and written through InvoiceRepository",
    "    kind: constraint",
    "    priority: 10",
    '    content: "Never query db.invoice outside lib/invoices/invoice-repository.ts; call InvoiceRepository instead."',
    '    patterns: ["lib/invoices/**", "app/invoices/**", "app/api/invoices/**"]',
    "  - doc_id: money-in-cents",
    "    title: Money is stored in integer cents",
    '    content: "Amounts on invoices and payments are integer cents in the database, never floats."',
    '    patterns: ["lib/**"]',
    "",
  ].join("\n"),
};

const GIT_ENV = {
  ...process.env,
  GIT_CONFIG_GLOBAL: "/dev/null",
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_AUTHOR_NAME: "Test",
  GIT_AUTHOR_EMAIL: "test@example.com",
  GIT_COMMITTER_NAME: "Test",
  GIT_COMMITTER_EMAIL: "test@example.com",
  GIT_AUTHOR_DATE: "2026-01-01T00:00:00Z",
  GIT_COMMITTER_DATE: "2026-01-01T00:00:00Z",
};

/** The repository in a temp folder, committed, seeded (`archon seed`) and indexed (`archon reindex-symbols`). */
export function archonProject(): string {
  return seededProject(FILES);
}

/** Any repository's files in a temp folder, committed, seeded from its archon.seed.yaml and indexed by the real CLI. */
export function seededProject(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "prd-archon-"));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const run = (cmd: string, args: string[]) =>
    execFileSync(cmd, args, { cwd: root, env: GIT_ENV, stdio: "pipe", encoding: "utf8" });
  run("git", ["init", "-q", "-b", "main"]);
  run("git", ["add", "-A"]);
  run("git", ["commit", "-q", "-m", "initial"]);
  run(process.execPath, [ARCHON_BIN, "seed", "archon.seed.yaml"]);
  run(process.execPath, [ARCHON_BIN, "reindex-symbols"]);
  return root;
}

export const GROUNDED_FEATURE = "Let members export invoices as PDF from the invoice page";
