import { randomUUID } from "node:crypto";
import { db } from "../db/client";
import type { CustomerRow } from "../db/schema";
import { HttpError } from "../errors";
import type { CustomerDto } from "../../api/types";
import type { CustomerBody } from "../routes/customers.route";

function toDto(row: CustomerRow): CustomerDto {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    billingAddress: row.billing_address,
    defaultCurrency: row.default_currency,
  };
}

export function getCustomer(accountId: string, id: string): CustomerDto {
  const row = db
    .prepare<[string, string], CustomerRow>("SELECT * FROM customers WHERE id = ? AND account_id = ?")
    .get(id, accountId);
  if (!row) throw HttpError.notFound("Customer", id);
  return toDto(row);
}

export function searchCustomers(accountId: string, q: string): CustomerDto[] {
  return db
    .prepare<[string, string], CustomerRow>(
      `SELECT * FROM customers WHERE account_id = ? AND archived_at IS NULL AND name LIKE ? ORDER BY name LIMIT 50`,
    )
    .all(accountId, `%${q.replace(/[%_]/g, "\\$&")}%`)
    .map(toDto);
}

export function createCustomer(accountId: string, body: CustomerBody): CustomerDto {
  const id = randomUUID();
  db.prepare(
    "INSERT INTO customers (id, account_id, name, email, billing_address, default_currency) VALUES (?, ?, ?, ?, ?, ?)",
  ).run(id, accountId, body.name, body.email, body.billingAddress, body.defaultCurrency);
  return getCustomer(accountId, id);
}

export function updateCustomer(accountId: string, id: string, patch: Partial<CustomerBody>): CustomerDto {
  const current = getCustomer(accountId, id);
  const next = { ...current, ...patch };
  db.prepare(
    "UPDATE customers SET name = ?, email = ?, billing_address = ?, default_currency = ? WHERE id = ? AND account_id = ?",
  ).run(next.name, next.email, next.billingAddress, next.defaultCurrency, id, accountId);
  return getCustomer(accountId, id);
}
