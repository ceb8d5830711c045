-- 0001_init: accounts, users, sessions, customers, invoices, line items.
-- Applied migrations are never edited; add 000N_*.sql instead.

CREATE TABLE accounts (
  id          TEXT PRIMARY KEY,
  name        TEXT NOT NULL,
  created_at  TEXT NOT NULL
);

CREATE TABLE users (
  id             TEXT PRIMARY KEY,
  account_id     TEXT NOT NULL REFERENCES accounts(id),
  email          TEXT NOT NULL UNIQUE,
  password_hash  TEXT NOT NULL,
  role           TEXT NOT NULL CHECK (role IN ('owner', 'member')),
  created_at     TEXT NOT NULL
);

CREATE TABLE sessions (
  id_hash     TEXT PRIMARY KEY,
  user_id     TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  expires_at  TEXT NOT NULL
);

CREATE TABLE customers (
  id                TEXT PRIMARY KEY,
  account_id        TEXT NOT NULL REFERENCES accounts(id),
  name              TEXT NOT NULL,
  email             TEXT NOT NULL,
  billing_address   TEXT NOT NULL DEFAULT '',
  default_currency  TEXT NOT NULL CHECK (default_currency IN ('USD', 'EUR', 'GBP')),
  archived_at       TEXT
);
CREATE INDEX customers_account ON customers(account_id);

CREATE TABLE invoices (
  id              TEXT PRIMARY KEY,
  account_id      TEXT NOT NULL REFERENCES accounts(id),
  customer_id     TEXT NOT NULL REFERENCES customers(id),
  number          TEXT NOT NULL,
  status          TEXT NOT NULL CHECK (status IN ('draft', 'sent', 'paid', 'void')),
  currency        TEXT NOT NULL,
  issue_date      TEXT NOT NULL,
  due_date        TEXT NOT NULL,
  tax_rate_bps    INTEGER NOT NULL DEFAULT 0,
  subtotal_cents  INTEGER NOT NULL,
  tax_cents       INTEGER NOT NULL,
  total_cents     INTEGER NOT NULL,
  created_at      TEXT NOT NULL,
  sent_at         TEXT,
  paid_at         TEXT,
  UNIQUE (account_id, number)
);
CREATE INDEX invoices_account_status ON invoices(account_id, status);

CREATE TABLE line_items (
  id                TEXT PRIMARY KEY,
  invoice_id        TEXT NOT NULL REFERENCES invoices(id) ON DELETE CASCADE,
  position          INTEGER NOT NULL,
  description       TEXT NOT NULL,
  quantity_milli    INTEGER NOT NULL CHECK (quantity_milli > 0),
  unit_price_cents  INTEGER NOT NULL,
  total_cents       INTEGER NOT NULL
);
