import { formatDateTime, parseDateTime } from '../../lib/dates';

const WITH_OFFSET = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/i;

/**
 * An instant written in ISO 8601: with an offset (`2026-01-01T00:00:00+08:00`, `…Z`), or
 * without one (`2026-01-01T02:00`, `2026-01-01 02:00:00`, `2026-01-01`) as a wall-clock time
 * in the server's time zone. Null when it is not one (a February 30 included).
 */
export function parseInstant(text: string, timeZone: string): Date | null {
  const value = text.trim();
  const match = value.match(WITH_OFFSET);
  if (!match) return parseDateTime(value.replace('T', ' '), timeZone);
  const [year, month, day, hour, minute, second = 0] = match.slice(1, 7).map((part) => Number(part ?? 0));
  const calendar = new Date(Date.UTC(year, month - 1, day));
  if (calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

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
