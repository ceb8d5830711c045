// The billing example's engineering sections: what a senior engineer signs, naming the files the grounding
// found (the invoice service, the invoices route, the migrations, the mailer) and the project's rules.
import type { SectionType } from "../sections/section-catalogue.js";

export const ENGINEERING_DRAFTS: Partial<Record<SectionType, string>> = {
  technical_specification: `## Technical Specification

Scope: \`lib/invoices/invoice-service.ts\`, \`app/api/invoices/route.ts\`, \`lib/email/mailer.ts\` and a new
migration \`db/migrations/0003_invoice_schedules.sql\` are affected; a new \`app/api/invoices/schedules/route.ts\`
serves the schedule API and a new \`lib/invoices/schedule-run.ts\` runs the daily job.

- Invoices are issued only through \`InvoiceService.create\` [invoices-through-service]; the run never writes the
  invoices table itself.
- The run reads the customer's address from \`customers.email\` and links each reminder to \`invoices.id\`;
  the rule \`invoices-through-service\` decides who writes invoices.
- Reminders go through \`sendEmail\` [email-through-mailer], which records every message; \`InvoiceService.remindOverdue\`
  is kept for overdue invoices and joined by \`InvoiceService.remindBeforeDue\`.
- The schedule route parses its body with a zod schema and answers 422 with the issues [api-routes-validate].

\`\`\`ts
interface ScheduleInput {
  customerId: string;
  amountCents: number;
  dayOfMonth: number;
}
const LAST_SCHEDULABLE_DAY = 28;
const REMINDER_LEAD_DAYS = 3;
\`\`\`

- Every endpoint requires authentication with the account session; schedule changes need the admin role.
- Secrets: the mailer's API key comes from the environment, never from a file in the repository.
- Structured logging: each run writes JSON log lines with the run id, schedule id and outcome.
- Dependency scanning: npm audit and Dependabot run on every pull request.`,

  data_model: `## Data Model

A new migration, \`db/migrations/0003_invoice_schedules.sql\`, adds two tables beside the existing \`customers\`
and \`invoices\` [migrations-append-only]; no shipped migration is edited.

\`\`\`sql
CREATE TABLE invoice_schedules (
  id TEXT PRIMARY KEY,
  customer_id TEXT NOT NULL REFERENCES customers(id),
  amount_cents INTEGER NOT NULL,
  day_of_month INTEGER NOT NULL CHECK (day_of_month BETWEEN 1 AND 28),
  status TEXT NOT NULL,
  next_run_on DATE NOT NULL
);
CREATE TABLE invoice_reminders (
  id TEXT PRIMARY KEY,
  invoice_id TEXT NOT NULL REFERENCES invoices(id),
  schedule_id TEXT NOT NULL REFERENCES invoice_schedules(id),
  send_on DATE NOT NULL,
  sent_at TIMESTAMP,
  UNIQUE (invoice_id, send_on)
);
\`\`\`

Data classification: amounts and schedules are confidential business data; the customer's email address,
read from \`customers\`, is personal data (PII). It is encrypted at rest and never copied into the reminder
table. Erasure: deleting a customer deletes their schedules and reminders; consent to reminder emails follows
the customer's existing email consent.`,

  api_specification: `## API Specification

- POST /api/invoices/schedules: creates a schedule (ScheduleInput); bearer session token with the admin role.
- PATCH /api/invoices/schedules/{id}: pauses, resumes or stops a schedule; bearer session token with the admin role.
- GET /api/invoices/schedules: lists the account's schedules with their flagged reminders; bearer session token.

Rate limiting: 60 requests per minute per account. Errors use one format, RFC 9457 problem+json; a body that
fails the zod schema answers 422 with the issues. The contract is published as an OpenAPI document. Deprecation:
a changed contract gets a new version and the old one a Sunset header with 90 days of notice.`,

  security_considerations: `## Security Considerations

Threat model: STRIDE over the schedule API and the daily run. Spoofing and elevation: only account admins change
schedules, checked on every request. Tampering: the amount is stored in integer cents and re-read by the run,
never taken from a reminder link. Information disclosure: reminders carry the invoice number, not its lines.
Secrets: the mailer's key comes from the environment and is rotated every 90 days. Data protection: TLS in
transit, encryption at rest for customer emails, and the mailer's record kept 90 days.`,

  performance_requirements: `## Performance Requirements

| ID | Target | Measurement method | Verdict |
|---|---|---|---|
| NFR-001 | The run issues 5,000 schedules' invoices within 10 minutes | Run start and end timestamps in staging with 5,000 seeded schedules | NEEDS-RUNTIME |
| NFR-002 | The schedule API answers within 300 ms at p95 | A k6 load test of 60 s at 20 requests per second against staging | NEEDS-RUNTIME |`,

  testing: `## Testing

- Unit tests for the schedule arithmetic cover FR-001 and AC-001, with edge cases: day 28 in February, a schedule created on its own day.
- Integration tests run the daily job twice on the same day and check one invoice per schedule (FR-002, AC-002, NFR-002).
- Reminder tests check the two sends through sendEmail and the negative case of a customer without an email (FR-003, FR-005, AC-003, AC-005).
- Pause and resume tests cover FR-004 and AC-004; API tests cover the 422 answer of FR-006 and AC-006.
- Security tests: a member without the admin role is refused on every schedule endpoint.
- Performance tests: the staging run with 5,000 seeded schedules, and a k6 run for the API.
- Each test builds its own isolated fixtures; test data is synthetic and never production data.`,

  rollout_plan: `## Rollout and Migration Plan

- Migration first: \`db/migrations/0003_invoice_schedules.sql\` ships and runs before any code reads the new tables [migrations-append-only]; no backfill, since schedules start empty.
- Stage 1: behind a feature flag for five pilot accounts; move on when two monthly runs issue every invoice once.
- Stage 2: 25 percent of accounts; move on when flagged reminders stay under 2% (ASM-02).
- Stage 3: every account.
- Rollback: turn the flag off; the run stops issuing and no reminder is sent, while invoices already issued stay. The tables stay in place, unused, until a later migration removes them.`,
};
