// A billing app where the files "recurring invoices" touches are known: the invoice service, the invoices
// route, the invoices migration and the mailer; beside them, type names no schema declares (a logger, a
// bucket, a request, a customer DTO) and a customer form that only names a reminder toggle.
import { seededProject } from "./archon-project.js";

export const RECURRING_FEATURE = "Recurring invoices with a monthly schedule and email reminders";

/** The files the feature touches, as a reader of the fixture knows them. */
export const TOUCHED = {
  service: "lib/invoices/invoice-service.ts",
  route: "app/api/invoices/route.ts",
  migration: "db/migrations/0002_invoices.sql",
  mailer: "lib/email/mailer.ts",
} as const;

const FILES: Record<string, string> = {
  "package.json": '{ "name": "ledger-web", "private": true, "dependencies": { "next": "15.0.0" } }\n',
  "lib/db.ts": "export const db: any = {};\n",
  [TOUCHED.service]: [
    'import { db } from "../db";',
    'import { sendEmail } from "../email/mailer";',
    "export class InvoiceService {",
    "  create(customerId: string, amountCents: number) {",
    "    return db.invoices.insert({ customerId, amountCents });",
    "  }",
    "  remindOverdue(customerEmail: string, invoiceId: string) {",
    '    return sendEmail(customerEmail, "Invoice overdue", invoiceId);',
    "  }",
    "}",
    "",
  ].join("\n"),
  [TOUCHED.route]: [
    'import { InvoiceService } from "../../../lib/invoices/invoice-service";',
    "export async function POST(request: Request) {",
    "  const body = await request.json();",
    "  return Response.json(new InvoiceService().create(body.customerId, body.amountCents));",
    "}",
    "",
  ].join("\n"),
  [TOUCHED.mailer]:
    "export function sendEmail(to: string, subject: string, body: string) {\n  return { to, subject, body };\n}\n",
  "db/migrations/0001_customers.sql": "CREATE TABLE customers (id TEXT PRIMARY KEY, email TEXT NOT NULL);\n",
  [TOUCHED.migration]: [
    "CREATE TABLE invoices (",
    "  id TEXT PRIMARY KEY,",
    "  customer_id TEXT NOT NULL REFERENCES customers(id),",
    "  amount_cents INTEGER NOT NULL",
    ");",
    "",
  ].join("\n"),
  "components/CustomerForm.tsx":
    "export function CustomerForm() { return null; }\nexport function ReminderToggle() { return null; }\n",
  "lib/logger.ts": "export class Logger {\n  info(message: string) { return message; }\n}\n",
  "lib/storage/bucket.ts": "export class Bucket {\n  put(key: string) { return key; }\n}\n",
  "lib/http/request.ts": "export interface RequestContext { id: string }\n",
  "lib/customers/customer-dto.ts": "export interface CustomerDto { id: string; email: string }\n",
  "tests/invoice-service.test.ts":
    'import { InvoiceService } from "../lib/invoices/invoice-service";\n' +
    'test("creates", () => { new InvoiceService().create("c1", 100); });\n',
  "archon.seed.yaml": [
    "documents:",
    "  - doc_id: invoices-through-service",
    "    title: Invoices are written only through InvoiceService",
    "    kind: constraint",
    "    priority: 10",
    '    content: "Routes and jobs call InvoiceService; nothing else writes the invoices table."',
    '    patterns: ["lib/invoices/**", "app/api/invoices/**"]',
    "  - doc_id: api-routes-validate",
    "    title: API routes validate their body with zod",
    '    content: "Every route handler parses its body with a zod schema and answers 422 with the issues."',
    '    patterns: ["app/api/**"]',
    "  - doc_id: migrations-append-only",
    "    title: Migrations are append-only and numbered",
    '    content: "Never edit a shipped migration; add the next numbered file under db/migrations."',
    '    patterns: ["db/migrations/**"]',
    "  - doc_id: email-through-mailer",
    "    title: Email goes through the mailer",
    '    content: "Send email only with sendEmail from lib/email/mailer.ts, which records every message."',
    '    patterns: ["lib/email/**"]',
    "",
  ].join("\n"),
};

/** The app in a temp folder, committed, seeded and indexed by the real `archon` CLI; the caller removes it. */
export function billingProject(): string {
  return seededProject(FILES);
}
