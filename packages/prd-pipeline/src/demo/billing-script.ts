// The scripted host's part in the billing example: the clarification questions an engineer would ask about
// recurring invoices, the answers a product manager gives, and the drafts that cite them and the grounding.
import type { SectionType } from "../sections/section-catalogue.js";
import { ENGINEERING_DRAFTS } from "./billing-drafts-engineering.js";
import { PRODUCT_DRAFTS } from "./billing-drafts-product.js";
import type { ScriptedHostOptions } from "./scripted-host.js";

interface Round {
  question: string;
  options: string[];
  rationale: string;
  answer: { selected: string[]; freeform?: string };
}

const ROUNDS: readonly Round[] = [
  {
    question: "Which schedules must the first release support?",
    options: ["Monthly only", "Monthly and weekly"],
    rationale: "InvoiceService.create issues one invoice; the schedule decides what drives it.",
    answer: { selected: ["Monthly only"], freeform: "on a day of the month the admin picks, 1 to 28" },
  },
  {
    question: "When are the email reminders sent?",
    options: ["Three days before the due date and on it", "Only once the invoice is overdue"],
    rationale: "InvoiceService.remindOverdue only covers overdue invoices today.",
    answer: { selected: ["Three days before the due date and on it"] },
  },
  {
    question: "Who may create, pause or stop a schedule?",
    options: ["Account admins only", "Any member of the account"],
    rationale: "The invoices route has no role check yet.",
    answer: { selected: ["Account admins only"] },
  },
  {
    question: "What happens when a customer has no valid email address?",
    options: ["Issue the invoice, skip the reminder and flag it", "Skip the invoice"],
    rationale: "sendEmail in lib/email/mailer.ts records every message, including failures.",
    answer: { selected: ["Issue the invoice, skip the reminder and flag it"] },
  },
  {
    question: "Can existing one-off invoices be turned into schedules?",
    options: ["No, new schedules only", "Yes, from the invoice page"],
    rationale: "Converting would touch invoices already issued (migration 0002).",
    answer: { selected: ["No, new schedules only"] },
  },
  {
    question: "In which time zone does a schedule's day start?",
    options: ["The customer's time zone", "The account's time zone"],
    rationale: "A schedule run at midnight UTC issues some invoices a day early.",
    answer: { selected: [], freeform: "The account's time zone; customers abroad are rare" },
  },
  {
    question: "How many schedules and reminders must the first release carry?",
    options: ["Up to 5,000 schedules", "Up to 50,000 schedules"],
    rationale: "Sizes the daily run and the mailer's throughput.",
    answer: { selected: ["Up to 5,000 schedules"], freeform: "about 20,000 reminders a month" },
  },
  {
    question: "Does a paused schedule catch up on the months it missed when resumed?",
    options: ["No, it resumes from the next month", "Yes, it issues the missed invoices"],
    rationale: "Catching up would issue several invoices at once for one customer.",
    answer: { selected: ["No, it resumes from the next month"] },
  },
];

const DRAFTS: Partial<Record<SectionType, string>> = { ...PRODUCT_DRAFTS, ...ENGINEERING_DRAFTS };

/** Host options that play the billing example: its questions, its answers and its drafts. */
export function billingHostOptions(): Partial<ScriptedHostOptions> {
  return {
    questionReply: (round) => {
      const r = ROUNDS[round - 1];
      return r && JSON.stringify({ question: r.question, options: r.options, rationale: r.rationale });
    },
    answerFor: (questionId) => {
      if (questionId === "feasibility_focus") return { selected: ["Keep it as one PRD"] };
      const round = /^clarification_round_(\d+)$/.exec(questionId)?.[1];
      return round === undefined ? undefined : ROUNDS[Number(round) - 1]?.answer;
    },
    draftOverride: (type) => DRAFTS[type as SectionType],
  };
}
