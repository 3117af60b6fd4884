import { formatDateTime, parseDateTime } from '../../lib/dates';

/**
 * A date as Airflow writes it, ISO 8601 with the offset of the server's time zone
 * (2026-11-25T10:00:00+08:00); milliseconds only when there are some.
 */
export function isoDateTime(date: Date, timeZone: string): string {
  const wall = formatDateTime(date, timeZone)!;
  const asUtc = Date.parse(`${wall.replace(' ', 'T')}Z`);
  const offsetMinutes = Math.round((asUtc - Math.floor(date.getTime() / 1000) * 1000) / 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const hours = String(Math.floor(Math.abs(offsetMinutes) / 60)).padStart(2, '0');
  const minutes = String(Math.abs(offsetMinutes) % 60).padStart(2, '0');
  const millis = ((date.getTime() % 1000) + 1000) % 1000;
  return `${wall.replace(' ', 'T')}${millis ? `.${String(millis).padStart(3, '0')}` : ''}${sign}${hours}:${minutes}`;
}

export const isoOrNull = (date: Date | null, timeZone: string) => (date ? isoDateTime(date, timeZone) : null);

/** A date given by a client: ISO 8601 (with an offset or Z), or `yyyy-MM-dd HH:mm:ss` / `yyyy-MM-dd` in the server's time zone. */
export function readDateTime(text: string, timeZone: string): Date | null {
  const trimmed = text.trim();
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i.test(trimmed)) {
    const date = new Date(trimmed);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  return parseDateTime(trimmed, timeZone);
}
