import { expect, test } from "@playwright/test";

function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} must be set for e2e runs`);
  return value;
}

// Runs against `npm run dev` with LEDGERLY_DB pointing at a freshly seeded file.
test.describe("invoice checkout flow", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("Email").fill(requiredEnv("E2E_OWNER_EMAIL"));
    await page.getByLabel("Password").fill(requiredEnv("E2E_OWNER_PASSWORD"));
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { name: "Invoices" })).toBeVisible();
  });

  test("draft, send and download an invoice", async ({ page }) => {
    await page.getByRole("button", { name: "New invoice" }).click();
    await page.getByLabel("Customer").selectOption({ label: "Acme Ltd" });
    await page.getByLabel("Description").fill("Design review");
    await page.getByLabel("Quantity").fill("1.5");
    await page.getByLabel("Unit price").fill("120.00");
    await expect(page.getByTestId("invoice-total")).toHaveText("$180.00");

    await page.getByRole("button", { name: "Save draft" }).click();
    const row = page.getByRole("row", { name: /INV-\d{5}/ }).first();
    await expect(row).toContainText("draft");

    await row.getByRole("button", { name: "Send" }).click();
    await expect(row).toContainText("sent");

    const popup = page.waitForEvent("popup");
    await row.getByRole("link", { name: "PDF" }).click();
    expect((await popup).url()).toMatch(/\/api\/invoices\/.+\/pdf$/);
  });
});
