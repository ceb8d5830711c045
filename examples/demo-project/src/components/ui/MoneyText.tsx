import { formatMoney, type Cents, type CurrencyCode } from "../../lib/money";

export interface MoneyTextProps {
  amount: Cents;
  currency: CurrencyCode;
  emphasize?: boolean;
}

/** Right-aligned, tabular money. The only way components should print an amount. */
export function MoneyText({ amount, currency, emphasize = false }: MoneyTextProps) {
  return (
    <span className={emphasize ? "money money-strong" : "money"} data-cents={amount}>
      {formatMoney(amount, currency)}
    </span>
  );
}
