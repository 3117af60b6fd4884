import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(customParseFormat);
dayjs.extend(utc);
dayjs.extend(timezone);

/** The server's dayjs, with time zones and parsing by format. */
export { dayjs };

/** The wall-clock times a body or a query may give, longest first; with an offset the time is required. */
const WALL_FORMATS = ['YYYY-MM-DD HH:mm:ss', 'YYYY-MM-DD HH:mm', 'YYYY-MM-DD'];
const TIMED_FORMATS = WALL_FORMATS.slice(0, 2);
/** The end of an ISO 8601 time that has an offset: the seconds' fraction, if any, and `Z` or `±hh:mm`. */
const OFFSET = /(?:\.\d{1,6})?(?:Z|[+-]\d{2}:?\d{2})$/i;

/**
 * The moment on the zone's clock. The server's process runs in its zone (server.ts sets TZ), where dayjs's
 * local time is that zone's: `tz()` costs a toLocaleString a call (dayjs#1236), 20 times the rest of a
 * list item's dates, so only another zone takes it.
 */
export const inZone = (date: Date, timeZone: string) => (process.env.TZ === timeZone ? dayjs(date) : dayjs(date).tz(timeZone));

/** The format `wall` is written in, read strictly and in UTC so that a February 30 is refused rather than rolled over. */
const formatOf = (wall: string, formats: string[]) => formats.find((format) => dayjs.utc(wall, format, true).isValid());

/** Per zone, a formatter of the date's parts, made once (then a few µs a date). */
const wallClocks = new Map<string, Intl.DateTimeFormat>();
const wallClock = (timeZone: string) => {
  let clock = wallClocks.get(timeZone);
  if (!clock) {
    const parts = { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' } as const;
    wallClocks.set(timeZone, (clock = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', ...parts })));
  }
  return clock;
};

/**
 * Formats a date as `yyyy-MM-dd HH:mm:ss` in the given time zone, the contract's date format. Every
 * list item has two: dayjs's `tz()` took about 70 µs each in a zone other than the process's.
 */
export function formatDateTime(date: Date | null | undefined, timeZone: string): string | null {
  if (!date) return null;
  // Assembled from the parts, so no locale's pattern decides the layout.
  const part = Object.fromEntries(wallClock(timeZone).formatToParts(date).map(({ type, value }) => [type, value]));
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}:${part.second}`;
}

/** Parses `yyyy-MM-dd HH:mm:ss` (or without seconds, or just the date) as a wall-clock time in the time zone. */
export function parseDateTime(text: string, timeZone: string): Date | null {
  const wall = text.trim().replace('T', ' ');
  const format = formatOf(wall, WALL_FORMATS);
  return format ? dayjs.tz(wall, format, timeZone).toDate() : null;
}

/**
 * An instant written in ISO 8601: with an offset (`2026-01-01T00:00:00+08:00`, `…Z`), or
 * without one (`2026-01-01T02:00`, `2026-01-01 02:00:00`, `2026-01-01`) as a wall-clock time
 * in the time zone. Null when it is not one (a February 30 included).
 */
export function parseInstant(text: string, timeZone: string): Date | null {
  const value = text.trim();
  const offset = OFFSET.exec(value);
  if (!offset) return parseDateTime(value, timeZone);
  const instant = dayjs(value);
  return formatOf(value.slice(0, offset.index).replace(/t/i, ' '), TIMED_FORMATS) && instant.isValid() ? instant.toDate() : null;
}

/** A date as Airflow writes it, ISO 8601 with the zone's offset (2026-11-25T10:00:00+08:00); milliseconds only when there are some. */
export function isoDateTime(date: Date, timeZone: string): string {
  const local = inZone(date, timeZone);
  return local.format(local.millisecond() ? 'YYYY-MM-DD[T]HH:mm:ss.SSSZ' : 'YYYY-MM-DD[T]HH:mm:ssZ');
}

/** The zone's offset from UTC at `at`, as `+08:00`: for databases that take an offset, not a zone name. */
export function utcOffset(timeZone: string, at = new Date()): string {
  return inZone(at, timeZone).format('Z');
}
