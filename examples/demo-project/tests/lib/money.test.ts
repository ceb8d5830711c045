import { describe, expect, it } from "vitest";
import { addCents, applyTax, cents, formatMoney, lineTotal, parseMoney } from "../../src/lib/money";

describe("money", () => {
  it("refuses non-integer cents", () => {
    expect(() => cents(10.5)).toThrow(RangeError);
  });

  it("parses decimal strings without float drift", () => {
    expect(parseMoney("0.10")).toBe(10);
    expect(parseMoney("19.9")).toBe(1990);
    expect(parseMoney("-3.05")).toBe(-305);
    expect(() => parseMoney("1.234")).toThrow();
  });

  it("adds 0.10 + 0.20 exactly", () => {
    expect(addCents(cents(10), cents(20))).toBe(30);
  });

  it("multiplies by fractional quantities in thousandths", () => {
    expect(lineTotal(cents(12_000), 1500)).toBe(18_000);
    expect(lineTotal(cents(999), 333)).toBe(333);
  });

  it("rounds tax half away from zero", () => {
    expect(applyTax(cents(1_005), 1000)).toBe(101);
  });

  it("formats for display only at the edge", () => {
    expect(formatMoney(cents(123_456), "USD")).toBe("$1,234.56");
    expect(formatMoney(cents(5), "EUR", "de-DE")).toBe("0,05 €");
  });
});
