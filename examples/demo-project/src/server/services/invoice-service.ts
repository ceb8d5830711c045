import { randomUUID } from "node:crypto";
import { db, inTransaction } from "../db/client";
import type { InvoiceRow, LineItemRow } from "../db/schema";
import { HttpError } from "../errors";
import { addCents, applyTax, cents, lineTotal } from "../../lib/money";
import { nowInstant } from "../../lib/dates";
import type { InvoiceDto, InvoiceStatus } from "../../api/types";
import type { CreateInvoiceBody } from "../routes/invoices.route";
import { nextInvoiceNumber, toInvoiceDto } from "./invoice-rows";

const TRANSITIONS: Record<InvoiceStatus, InvoiceStatus[]> = {
  draft: ["sent", "void"],
  sent: ["paid", "void"],
  paid: [],
  void: [],
};

export function getInvoice(accountId: string, id: string): InvoiceDto {
  const row = db
    .prepare<[string, string], InvoiceRow>("SELECT * FROM invoices WHERE id = ? AND account_id = ?")
    .get(id, accountId);
  if (!row) throw HttpError.notFound("Invoice", id);
  const items = db
    .prepare<[string], LineItemRow>("SELECT * FROM line_items WHERE invoice_id = ? ORDER BY position")
    .all(id);
  return toInvoiceDto(row, items);
}

export function createDraft(accountId: string, body: CreateInvoiceBody): InvoiceDto {
  const totals = body.lineItems.map((li) => lineTotal(cents(li.unitPrice), li.quantityMilli));
  const subtotal = addCents(...totals);
  const tax = applyTax(subtotal, body.taxRateBps);
  const id = randomUUID();

  inTransaction(() => {
    db.prepare(
      `INSERT INTO invoices (id, account_id, customer_id, number, status, currency, issue_date, due_date,
         tax_rate_bps, subtotal_cents, tax_cents, total_cents, created_at)
       VALUES (?, ?, ?, ?, 'draft', ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(id, accountId, body.customerId, nextInvoiceNumber(accountId), body.currency, body.issueDate,
      body.dueDate, body.taxRateBps, subtotal, tax, addCents(subtotal, tax), nowInstant());
    const insertItem = db.prepare("INSERT INTO line_items VALUES (?, ?, ?, ?, ?, ?, ?)");
    body.lineItems.forEach((li, i) =>
      insertItem.run(randomUUID(), id, i, li.description, li.quantityMilli, li.unitPrice, totals[i]),
    );
  });
  return getInvoice(accountId, id);
}

export function transition(accountId: string, id: string, to: InvoiceStatus): InvoiceDto {
  const current = getInvoice(accountId, id);
  if (!TRANSITIONS[current.status].includes(to)) {
    throw new HttpError("invalid_transition", `Cannot move invoice ${current.number} from ${current.status} to ${to}`);
  }
  const now = nowInstant();
  db.prepare(
    `UPDATE invoices SET status = ?,
       sent_at = CASE WHEN ? = 'sent' THEN ? ELSE sent_at END,
       paid_at = CASE WHEN ? = 'paid' THEN ? ELSE paid_at END
     WHERE id = ? AND account_id = ?`,
  ).run(to, to, now, to, now, id, accountId);
  return getInvoice(accountId, id);
}
