import { useCallback, useState } from "react";
import { listInvoices, sendInvoice, type ListInvoicesQuery } from "../api/invoices";
import type { InvoiceDto } from "../api/types";
import { ApiError } from "../api/client";
import { useAsync } from "./useAsync";

export function useInvoices(query: ListInvoicesQuery) {
  const page = useAsync((signal) => listInvoices(query, signal), [query.status, query.customerId, query.cursor]);
  const [pendingId, setPendingId] = useState<string | null>(null);
  const [actionError, setActionError] = useState<ApiError | null>(null);

  const send = useCallback(
    async (invoice: InvoiceDto) => {
      setPendingId(invoice.id);
      setActionError(null);
      try {
        await sendInvoice(invoice.id);
        page.reload();
      } catch (err) {
        if (err instanceof ApiError) setActionError(err);
        else throw err;
      } finally {
        setPendingId(null);
      }
    },
    [page.reload],
  );

  return {
    invoices: page.data?.items ?? [],
    nextCursor: page.data?.nextCursor ?? null,
    loading: page.status === "loading",
    error: page.error ?? actionError,
    pendingId,
    send,
  };
}
