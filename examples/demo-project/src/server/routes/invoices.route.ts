import { Router } from "express";
import { z } from "zod";
import { requireAuth } from "../middleware/auth";
import { asyncHandler } from "../middleware/error-handler";
import { rateLimit } from "../middleware/rate-limit";
import * as invoices from "../services/invoice-service";
import { getCustomer } from "../services/customer-service";
import { renderInvoicePdf } from "../services/pdf-renderer";

const calendarDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Use YYYY-MM-DD");
const centsField = z.number().int("Amounts are integer cents");

export const createInvoiceBody = z
  .object({
    customerId: z.string().uuid(),
    currency: z.enum(["USD", "EUR", "GBP"]),
    issueDate: calendarDate,
    dueDate: calendarDate,
    taxRateBps: z.number().int().min(0).max(10_000).default(0),
    lineItems: z
      .array(z.object({ description: z.string().min(1).max(500), quantityMilli: z.number().int().positive(), unitPrice: centsField }))
      .min(1, "An invoice needs at least one line item"),
  })
  .refine((b) => b.dueDate >= b.issueDate, { path: ["dueDate"], message: "Due date is before issue date" });

export type CreateInvoiceBody = z.infer<typeof createInvoiceBody>;

export const invoicesRouter = Router();
invoicesRouter.use(requireAuth);

invoicesRouter.get("/:id", asyncHandler(async (req, res) => {
  res.json(invoices.getInvoice(req.user!.accountId, req.params.id!));
}));

invoicesRouter.post("/", rateLimit({ capacity: 30, refillPerSecond: 0.5 }), asyncHandler(async (req, res) => {
  const body = createInvoiceBody.parse(req.body);
  res.status(201).json(invoices.createDraft(req.user!.accountId, body));
}));

invoicesRouter.post("/:id/send", asyncHandler(async (req, res) => {
  res.json(invoices.transition(req.user!.accountId, req.params.id!, "sent"));
}));

invoicesRouter.get("/:id/pdf", asyncHandler(async (req, res) => {
  const invoice = invoices.getInvoice(req.user!.accountId, req.params.id!);
  const customer = getCustomer(req.user!.accountId, invoice.customerId);
  res.type("application/pdf").setHeader("Content-Disposition", `inline; filename="${invoice.number}.pdf"`);
  renderInvoicePdf(invoice, customer, res);
}));
