import { db } from "../db/client";
import type { InvoiceRow, LineItemRow } from "../db/schema";
import type { Cents } from "../../lib/money";
import type { CalendarDate, IsoInstant } from "../../lib/dates";
import type { InvoiceDto } from "../../api/types";

/** Must run inside the caller's transaction so a rolled-back insert does not burn a number. */
export function nextInvoiceNumber(accountId: string): string {
  const seq = db
    .prepare<[string], { prefix: string; n: number }>(
      `UPDATE invoice_number_seq SET next_value = next_value + 1
       WHERE account_id = ? RETURNING prefix, next_value - 1 AS n`,
    )
    .get(accountId);
  if (!seq) throw new Error(`No invoice_number_seq row for account ${accountId}`);
  return `${seq.prefix}${String(seq.n).padStart(5, "0")}`;
}

export function toInvoiceDto(row: InvoiceRow, items: LineItemRow[]): InvoiceDto {
  return {
    id: row.id,
    number: row.number,
    customerId: row.customer_id,
    status: row.status,
    currency: row.currency,
    issueDate: row.issue_date as CalendarDate,
    dueDate: row.due_date as CalendarDate,
    createdAt: row.created_at as IsoInstant,
    subtotal: row.subtotal_cents as Cents,
    tax: row.tax_cents as Cents,
    total: row.total_cents as Cents,
    lineItems: items.map((li) => ({
      id: li.id,
      description: li.description,
      quantityMilli: li.quantity_milli,
      unitPrice: li.unit_price_cents as Cents,
      total: li.total_cents as Cents,
    })),
  };
}
