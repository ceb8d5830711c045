-- 0002_invoice_number_seq: per-account gapless invoice numbering.
-- Invoice numbers are legal documents in most jurisdictions; they must not skip.

CREATE TABLE invoice_number_seq (
  account_id  TEXT PRIMARY KEY REFERENCES accounts(id),
  prefix      TEXT NOT NULL DEFAULT 'INV-',
  next_value  INTEGER NOT NULL DEFAULT 1
);

INSERT INTO invoice_number_seq (account_id)
SELECT id FROM accounts;
