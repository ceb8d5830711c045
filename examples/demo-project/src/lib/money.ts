/**
 * Money is always an integer number of minor units (cents). Floats never
 * enter this module; parsing and formatting happen only at the edges.
 */
export type Cents = number & { readonly __brand: "Cents" };

export type CurrencyCode = "USD" | "EUR" | "GBP";

export function cents(value: number): Cents {
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`Money must be an integer number of cents, got ${value}`);
  }
  return value as Cents;
}

export function addCents(...amounts: Cents[]): Cents {
  return cents(amounts.reduce((sum, a) => sum + a, 0));
}

/** quantity is in thousandths (1500 = 1.5 hours) so line totals stay integral. */
export function lineTotal(unitPrice: Cents, quantityMilli: number): Cents {
  return cents(Math.round((unitPrice * quantityMilli) / 1000));
}

/** taxRateBps is basis points: 2000 = 20%. Rounds half away from zero. */
export function applyTax(subtotal: Cents, taxRateBps: number): Cents {
  return cents(Math.round((subtotal * taxRateBps) / 10_000));
}

export function parseMoney(input: string): Cents {
  const match = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(input.trim());
  if (!match) throw new RangeError(`Not a money amount: "${input}"`);
  const [, sign, whole, frac = ""] = match;
  const value = Number(whole) * 100 + Number(frac.padEnd(2, "0"));
  return cents(sign ? -value : value);
}

export function formatMoney(amount: Cents, currency: CurrencyCode, locale = "en-US"): string {
  return new Intl.NumberFormat(locale, { style: "currency", currency }).format(amount / 100);
}
