import request from "supertest";
import { beforeEach, describe, expect, it } from "vitest";
import { createApp } from "../../src/server/index";
import { CUSTOMER_ID, SESSION_COOKIE_VALUE, seedDatabase } from "../fixtures/seed";

const app = createApp();
const cookie = `ledgerly_session=${SESSION_COOKIE_VALUE}`;

const draft = {
  customerId: CUSTOMER_ID,
  currency: "USD",
  issueDate: "2024-05-01",
  dueDate: "2024-05-31",
  taxRateBps: 2000,
  lineItems: [{ description: "Design review", quantityMilli: 1500, unitPrice: 12_000 }],
};

describe("POST /api/invoices", () => {
  beforeEach(() => seedDatabase());

  it("creates a draft with integer-cent totals", async () => {
    const res = await request(app).post("/api/invoices").set("Cookie", cookie).send(draft).expect(201);
    expect(res.body).toMatchObject({ status: "draft", number: "INV-00001", subtotal: 18_000, tax: 3_600, total: 21_600 });
  });

  it("rejects fractional cents with the validation envelope", async () => {
    const bad = { ...draft, lineItems: [{ ...draft.lineItems[0], unitPrice: 120.5 }] };
    const res = await request(app).post("/api/invoices").set("Cookie", cookie).send(bad).expect(422);
    expect(res.body.error.code).toBe("validation_failed");
    expect(res.body.error.requestId).toEqual(expect.any(String));
  });

  it("returns 401 without a session", async () => {
    const res = await request(app).post("/api/invoices").send(draft).expect(401);
    expect(res.body.error.code).toBe("unauthenticated");
  });

  it("refuses to send an invoice twice", async () => {
    const { body } = await request(app).post("/api/invoices").set("Cookie", cookie).send(draft);
    await request(app).post(`/api/invoices/${body.id}/send`).set("Cookie", cookie).expect(200);
    const res = await request(app).post(`/api/invoices/${body.id}/send`).set("Cookie", cookie).expect(409);
    expect(res.body.error.code).toBe("invalid_transition");
  });
});
