import { useInvoices } from "../hooks/useInvoices";
import type { InvoiceStatus } from "../api/types";
import { invoicePdfUrl } from "../api/invoices";
import { formatCalendarDate } from "../lib/dates";
import { Button } from "./ui/Button";
import { MoneyText } from "./ui/MoneyText";

export interface InvoiceTableProps {
  status?: InvoiceStatus;
  customerId?: string;
}

export function InvoiceTable({ status, customerId }: InvoiceTableProps) {
  const { invoices, loading, error, pendingId, send } = useInvoices({ status, customerId });

  if (loading) return <p className="muted">Loading invoices…</p>;
  if (error) return <p role="alert">{error.message}</p>;
  if (invoices.length === 0) return <p className="muted">No invoices yet.</p>;

  return (
    <table className="invoice-table">
      <thead>
        <tr>
          <th>Number</th>
          <th>Due</th>
          <th>Status</th>
          <th className="num">Total</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {invoices.map((inv) => (
          <tr key={inv.id}>
            <td>{inv.number}</td>
            <td>{formatCalendarDate(inv.dueDate)}</td>
            <td><span className={`badge badge-${inv.status}`}>{inv.status}</span></td>
            <td className="num"><MoneyText amount={inv.total} currency={inv.currency} /></td>
            <td>
              {inv.status === "draft" ? (
                <Button variant="secondary" busy={pendingId === inv.id} onClick={() => send(inv)}>Send</Button>
              ) : (
                <a href={invoicePdfUrl(inv.id)} target="_blank" rel="noreferrer">PDF</a>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
