import PDFDocument from "pdfkit";
import type { Writable } from "node:stream";
import type { CustomerDto, InvoiceDto } from "../../api/types";
import { formatMoney } from "../../lib/money";
import { formatCalendarDate } from "../../lib/dates";

/** Streams an invoice PDF into `out`. Pure layout: no database access here. */
export function renderInvoicePdf(invoice: InvoiceDto, customer: CustomerDto, out: Writable): void {
  const doc = new PDFDocument({ size: "A4", margin: 48 });
  doc.pipe(out);

  doc.fontSize(20).text(`Invoice ${invoice.number}`);
  doc.moveDown(0.5).fontSize(10).fillColor("#555");
  doc.text(`Issued ${formatCalendarDate(invoice.issueDate)}  ·  Due ${formatCalendarDate(invoice.dueDate)}`);
  doc.moveDown().fillColor("#000").text(customer.name).text(customer.billingAddress);

  doc.moveDown();
  for (const item of invoice.lineItems) {
    const qty = (item.quantityMilli / 1000).toString();
    doc.text(`${item.description}  ×${qty}`, { continued: true });
    doc.text(formatMoney(item.total, invoice.currency), { align: "right" });
  }

  doc.moveDown();
  doc.text(`Subtotal  ${formatMoney(invoice.subtotal, invoice.currency)}`, { align: "right" });
  doc.text(`Tax  ${formatMoney(invoice.tax, invoice.currency)}`, { align: "right" });
  doc.fontSize(12).text(`Total  ${formatMoney(invoice.total, invoice.currency)}`, { align: "right" });
  doc.end();
}
