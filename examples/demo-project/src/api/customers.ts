import { request } from "./client";
import type { CustomerDto, Page } from "./types";

export type CustomerInput = Omit<CustomerDto, "id">;

export function listCustomers(search = "", signal?: AbortSignal): Promise<Page<CustomerDto>> {
  const qs = search ? `?q=${encodeURIComponent(search)}` : "";
  return request<Page<CustomerDto>>("GET", `/customers${qs}`, undefined, signal);
}

export function getCustomer(id: string, signal?: AbortSignal): Promise<CustomerDto> {
  return request<CustomerDto>("GET", `/customers/${encodeURIComponent(id)}`, undefined, signal);
}

export function createCustomer(input: CustomerInput): Promise<CustomerDto> {
  return request<CustomerDto>("POST", "/customers", input);
}

export function updateCustomer(id: string, patch: Partial<CustomerInput>): Promise<CustomerDto> {
  return request<CustomerDto>("PATCH", `/customers/${encodeURIComponent(id)}`, patch);
}
