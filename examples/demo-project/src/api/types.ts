import type { Cents, CurrencyCode } from "../lib/money";
import type { CalendarDate, IsoInstant } from "../lib/dates";

export type InvoiceStatus = "draft" | "sent" | "paid" | "void";

export interface LineItemDto {
  id: string;
  description: string;
  quantityMilli: number;
  unitPrice: Cents;
  total: Cents;
}

export interface InvoiceDto {
  id: string;
  number: string;
  customerId: string;
  status: InvoiceStatus;
  currency: CurrencyCode;
  issueDate: CalendarDate;
  dueDate: CalendarDate;
  lineItems: LineItemDto[];
  subtotal: Cents;
  tax: Cents;
  total: Cents;
  createdAt: IsoInstant;
}

export interface CustomerDto {
  id: string;
  name: string;
  email: string;
  billingAddress: string;
  defaultCurrency: CurrencyCode;
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

export interface ApiErrorBody {
  error: { code: string; message: string; details?: Record<string, string[]>; requestId: string };
}
