/**
 * Row types mirror the SQL in ./migrations exactly (snake_case, cents as
 * INTEGER, instants as ISO text). Map to DTOs in services, never in routes.
 */
export interface UserRow {
  id: string;
  account_id: string;
  email: string;
  password_hash: string;
  role: "owner" | "member";
  created_at: string;
}

export interface SessionRow {
  id_hash: string;
  user_id: string;
  expires_at: string;
}

export interface CustomerRow {
  id: string;
  account_id: string;
  name: string;
  email: string;
  billing_address: string;
  default_currency: "USD" | "EUR" | "GBP";
  archived_at: string | null;
}

export interface InvoiceRow {
  id: string;
  account_id: string;
  customer_id: string;
  number: string;
  status: "draft" | "sent" | "paid" | "void";
  currency: "USD" | "EUR" | "GBP";
  issue_date: string;
  due_date: string;
  tax_rate_bps: number;
  subtotal_cents: number;
  tax_cents: number;
  total_cents: number;
  created_at: string;
  sent_at: string | null;
  paid_at: string | null;
}

export interface LineItemRow {
  id: string;
  invoice_id: string;
  position: number;
  description: string;
  quantity_milli: number;
  unit_price_cents: number;
  total_cents: number;
}
