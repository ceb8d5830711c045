/**
 * Two kinds of time in Ledgerly:
 * - Instants (createdAt, paidAt): ISO-8601 UTC strings, e.g. "2024-05-01T09:30:00.000Z".
 * - Calendar dates (issueDate, dueDate): "YYYY-MM-DD" with no time zone attached.
 */
export type IsoInstant = string & { readonly __brand: "IsoInstant" };
export type CalendarDate = string & { readonly __brand: "CalendarDate" };

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function nowInstant(clock: () => Date = () => new Date()): IsoInstant {
  return clock().toISOString() as IsoInstant;
}

export function toCalendarDate(value: string): CalendarDate {
  if (!CALENDAR_DATE.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`))) {
    throw new RangeError(`Expected YYYY-MM-DD, got "${value}"`);
  }
  return value as CalendarDate;
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10) as CalendarDate;
}

export function isOverdue(dueDate: CalendarDate, today: CalendarDate): boolean {
  return dueDate < today;
}

export function formatCalendarDate(date: CalendarDate, locale = "en-US"): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString(locale, { timeZone: "UTC", dateStyle: "medium" });
}
