/**
 * How the app writes dates: the one formatter (date-fns), so every page reads "26 Nov 2026, 16:12"
 * (or "26 Nov 2026" where only the day matters, e.g. a plan's end), on a phone as on a desktop.
 */
import { format } from 'date-fns';

type When = string | number | Date;

/** A UTC instant moved by the local offset, so formatting it in local time writes its UTC clock. */
const asUtc = (d: Date) => new Date(d.getTime() + d.getTimezoneOffset() * 60_000);

/** '26 Nov 2026, 16:12' in the browser's time zone, or in UTC (`utc`, the admin reports). */
export const dateTimeText = (at: When, { utc = false }: { utc?: boolean } = {}): string => {
  const d = new Date(at);
  return format(utc ? asUtc(d) : d, 'dd MMM yyyy, HH:mm');
};

/** '26 Nov 2026': a day, such as a plan's start or end. */
export const dayText = (at: When): string => format(new Date(at), 'dd MMM yyyy');
