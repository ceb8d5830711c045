import { Router } from "express";
import { z } from "zod";
import { requireAuth } from "../middleware/auth";
import { asyncHandler } from "../middleware/error-handler";
import * as customers from "../services/customer-service";

export const customerBody = z.object({
  name: z.string().trim().min(1).max(200),
  email: z.string().email(),
  billingAddress: z.string().max(1000).default(""),
  defaultCurrency: z.enum(["USD", "EUR", "GBP"]),
});

export type CustomerBody = z.infer<typeof customerBody>;

export const customersRouter = Router();
customersRouter.use(requireAuth);

customersRouter.get("/", asyncHandler(async (req, res) => {
  const q = z.string().max(100).optional().parse(req.query.q);
  res.json({ items: customers.searchCustomers(req.user!.accountId, q ?? ""), nextCursor: null });
}));

customersRouter.get("/:id", asyncHandler(async (req, res) => {
  res.json(customers.getCustomer(req.user!.accountId, req.params.id!));
}));

customersRouter.post("/", asyncHandler(async (req, res) => {
  res.status(201).json(customers.createCustomer(req.user!.accountId, customerBody.parse(req.body)));
}));

customersRouter.patch("/:id", asyncHandler(async (req, res) => {
  const patch = customerBody.partial().parse(req.body);
  res.json(customers.updateCustomer(req.user!.accountId, req.params.id!, patch));
}));
