// The billing example's product sections: what a product manager signs, citing the clarification answers
// (CLR-nn), the project's rules ([doc-id]) and the files the grounding found.
import type { SectionType } from "../sections/section-catalogue.js";

export const PRODUCT_DRAFTS: Partial<Record<SectionType, string>> = {
  overview: `## Overview

Account admins set up a recurring invoice once (a customer, an amount, a day of the month) and the ledger
issues it every month, then reminds the customer by email before and on the due date. Today every invoice is
created by hand through \`InvoiceService.create\`, and only overdue invoices get a reminder
(\`InvoiceService.remindOverdue\`), so finance teams keep spreadsheets of who to bill and chase.`,

  goals: `## Goals

- Admins stop re-entering the same invoices: 80% of repeat invoices issued by a schedule within two months of launch.
- Fewer late payments: the share of invoices paid after their due date drops by a quarter for scheduled customers.
- No invoice is issued twice or skipped for a month, on any day of the run.`,

  assumptions: `## Assumptions

| ID | Assumption | Rests on | How we will know it is wrong |
|---|---|---|---|
| ASM-01 | Days 1 to 28 cover every schedule customers need | CLR-01 | Admins ask for the last day of the month |
| ASM-02 | Nearly every customer has a valid email address on file | CLR-04 | More than 2% of reminders are flagged as undeliverable |
| ASM-03 | One daily run is enough for 5,000 schedules | CLR-07 | The run takes longer than 10 minutes in staging |
| ASM-04 | The account's time zone is the customer's for nearly all accounts | CLR-06 | Support tickets about invoices dated a day early |`,

  requirements: `## Requirements

| ID | Requirement | Priority | Depends On | Source |
|---|---|---|---|---|
| FR-001 | An account admin creates a monthly schedule for a customer: amount in cents and a day of the month from 1 to 28 | Must | - | CLR-01, CLR-03 |
| FR-002 | On its day, in the account's time zone, a schedule issues one invoice through InvoiceService | Must | FR-001 | CLR-06, [invoices-through-service] |
| FR-003 | A reminder email is sent three days before the due date and on the due date, through the mailer | Must | FR-002 | CLR-02, [email-through-mailer] |
| FR-004 | An admin pauses, resumes or stops a schedule; a resumed schedule issues nothing for the months it missed | Must | FR-001 | CLR-03, CLR-08 |
| FR-005 | A customer without a valid email address still gets the invoice; the reminder is skipped and flagged for the admin | Should | FR-003 | CLR-04 |
| FR-006 | The schedule API rejects an invalid body with 422 and the list of issues | Must | FR-001 | [api-routes-validate] |
| NFR-001 | The daily run issues the invoices of 5,000 schedules within 10 minutes, measured by the run's start and end timestamps in staging | Must | FR-002 | CLR-07 |
| NFR-002 | No schedule issues two invoices for one month, checked by a unique key on the schedule and month | Must | FR-002 | Goals |`,

  user_stories: `## User Stories

- As an account admin, I set up a monthly invoice for a customer once, so I stop re-entering it every month (FR-001, FR-002).
- As a customer, I get a reminder three days before an invoice is due and on the day, so I pay on time (FR-003).
- As an account admin, I pause a schedule while a customer renegotiates, and resume it without a pile of invoices (FR-004).
- As an account admin, I see which customers could not be reminded, so I can fix their address (FR-005).`,

  acceptance_criteria: `## Acceptance Criteria

- AC-001: Given an admin, when they create a schedule for day 15 with 12000 cents, then the schedule is saved and the next run date is the next 15th (FR-001).
- AC-002: Given a schedule for day 15, when the daily run starts on the 15th in the account's time zone, then exactly one invoice is issued through InvoiceService (FR-002, NFR-002).
- AC-003: Given an invoice due on the 30th, when the run starts on the 27th and on the 30th, then one reminder is sent each day through sendEmail (FR-003).
- AC-004: Given a schedule paused in March and resumed in May, when the May run starts, then only the May invoice is issued (FR-004).
- AC-005: Given a customer without an email address, when their invoice is issued, then no reminder is sent and the admin sees the flag (FR-005).
- AC-006: Given a body with day 31, when it is posted to the schedule API, then the answer is 422 with the issue (FR-006).`,

  risks: `## Risks

| Risk | Likelihood | Mitigation |
|---|---|---|
| The daily run dies half way and skips invoices | Medium | The run is idempotent per schedule and month, and a rerun issues only what is missing |
| Reminders go to a stale address | Medium | Flag bounced messages from the mailer's record and show them to the admin |
| Customers abroad receive invoices dated a day early | Low | Measure support tickets after stage 1 (ASM-04); a customer time zone is a later change |`,

  open_questions: `## Open Questions

| ID | Question | Owner | Needed by | Blocks |
|---|---|---|---|---|
| OQ-01 | Should the reminder email carry a payment link? | Product manager | Stage 2 | FR-003 |
| OQ-02 | Which sender address do reminders use for white-labelled accounts? | Email platform lead | Stage 2 | FR-003 |
| OQ-03 | How long are flagged reminders kept? | Data protection officer | Stage 3 | FR-005 |`,

  decision_log: `## Decision Log

| ID | Decision | Alternatives considered | Rationale | Source |
|---|---|---|---|---|
| DEC-01 | Monthly schedules only, on days 1 to 28 | Weekly schedules; the last day of the month | Covers the repeat invoices finance asked for, with no month-length edge cases | CLR-01 |
| DEC-02 | A schedule issues invoices through InvoiceService, never by writing the table | A separate writer in the job | The project's rule keeps one writer of invoices | [invoices-through-service] |
| DEC-03 | A resumed schedule does not catch up | Issuing the missed months on resume | A pile of invoices at once is what admins pause to avoid | CLR-08 |
| DEC-04 | Schedules run in the account's time zone | The customer's time zone | Simpler, and customers abroad are rare | CLR-06, ASM-04 |`,

  jira_tickets: `## Jira Tickets

- EPIC: Recurring invoices
- STORY (5 points): Create, pause, resume and stop schedules (FR-001, FR-004, AC-001, AC-004)
- STORY (8 points): Daily run issues invoices through InvoiceService (FR-002, NFR-001, NFR-002, AC-002)
- STORY (5 points): Reminder emails through the mailer (FR-003, FR-005, AC-003, AC-005)
- TASK (2 points): Schedule API validation with zod (FR-006, AC-006)
- TASK (2 points): Migration 0003 for schedules and reminders`,
};
