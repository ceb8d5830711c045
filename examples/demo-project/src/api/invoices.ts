import { request } from "./client";
import type { InvoiceDto, InvoiceStatus, Page } from "./types";
import type { Cents, CurrencyCode } from "../lib/money";
import type { CalendarDate } from "../lib/dates";

export interface InvoiceDraftInput {
  customerId: string;
  currency: CurrencyCode;
  issueDate: CalendarDate;
  dueDate: CalendarDate;
  lineItems: { description: string; quantityMilli: number; unitPrice: Cents }[];
}

export interface ListInvoicesQuery {
  status?: InvoiceStatus;
  customerId?: string;
  cursor?: string;
}

export function listInvoices(query: ListInvoicesQuery = {}, signal?: AbortSignal): Promise<Page<InvoiceDto>> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value) params.set(key, value);
  }
  const qs = params.size > 0 ? `?${params}` : "";
  return request<Page<InvoiceDto>>("GET", `/invoices${qs}`, undefined, signal);
}

export function getInvoice(id: string, signal?: AbortSignal): Promise<InvoiceDto> {
  return request<InvoiceDto>("GET", `/invoices/${encodeURIComponent(id)}`, undefined, signal);
}

export function createInvoice(input: InvoiceDraftInput): Promise<InvoiceDto> {
  return request<InvoiceDto>("POST", "/invoices", input);
}

export function sendInvoice(id: string): Promise<InvoiceDto> {
  return request<InvoiceDto>("POST", `/invoices/${encodeURIComponent(id)}/send`);
}

export function markInvoicePaid(id: string, paidAmount: Cents): Promise<InvoiceDto> {
  return request<InvoiceDto>("POST", `/invoices/${encodeURIComponent(id)}/payments`, { amount: paidAmount });
}

export function invoicePdfUrl(id: string): string {
  return `/api/invoices/${encodeURIComponent(id)}/pdf`;
}
