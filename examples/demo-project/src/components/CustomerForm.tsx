import { useState, type FormEvent } from "react";
import { ApiError } from "../api/client";
import { createCustomer, type CustomerInput } from "../api/customers";
import type { CustomerDto } from "../api/types";
import { Button } from "./ui/Button";

export interface CustomerFormProps {
  onCreated: (customer: CustomerDto) => void;
}

const EMPTY: CustomerInput = { name: "", email: "", billingAddress: "", defaultCurrency: "USD" };

export function CustomerForm({ onCreated }: CustomerFormProps) {
  const [values, setValues] = useState<CustomerInput>(EMPTY);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);

  const set = (key: keyof CustomerInput) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      onCreated(await createCustomer(values));
      setValues(EMPTY);
      setFieldErrors({});
    } catch (err) {
      if (err instanceof ApiError && err.code === "validation_failed") setFieldErrors(err.details);
      else throw err;
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <label>Name<input value={values.name} onChange={set("name")} aria-invalid={!!fieldErrors.name} /></label>
      {fieldErrors.name?.map((m) => <small key={m} className="field-error">{m}</small>)}
      <label>Email<input type="email" value={values.email} onChange={set("email")} aria-invalid={!!fieldErrors.email} /></label>
      {fieldErrors.email?.map((m) => <small key={m} className="field-error">{m}</small>)}
      <label>Billing address<textarea value={values.billingAddress} onChange={set("billingAddress")} /></label>
      <label>
        Currency
        <select value={values.defaultCurrency} onChange={set("defaultCurrency")}>
          <option>USD</option>
          <option>EUR</option>
          <option>GBP</option>
        </select>
      </label>
      <Button type="submit" busy={busy}>Add customer</Button>
    </form>
  );
}
