import { describe, expect, it } from 'vitest';
import { dayjs, formatDateTime, isoDateTime, parseDateTime, parseInstant, utcOffset } from '../../server/lib/dates';
import { formatDay } from '../../server/modules/results/report-text';

const SHANGHAI = 'Asia/Shanghai';
const NEW_YORK = 'America/New_York';
const utc = (text: string) => new Date(`${text}Z`);
const iso = (date: Date | null) => date?.toISOString() ?? null;

describe('server dates', () => {
  it('writes the contract format in the zone, across the Shanghai midnight and a daylight-saving change', () => {
    expect(formatDateTime(utc('2025-12-31T15:59:59.999'), SHANGHAI)).toBe('2025-12-31 23:59:59');
    expect(formatDateTime(utc('2025-12-31T16:00:00'), SHANGHAI)).toBe('2026-01-01 00:00:00');
    expect(formatDateTime(null, SHANGHAI)).toBeNull();
    expect(formatDateTime(utc('2026-03-08T06:59:59'), NEW_YORK)).toBe('2026-03-08 01:59:59');
    expect(formatDateTime(utc('2026-03-08T07:00:00'), NEW_YORK)).toBe('2026-03-08 03:00:00');
  });

  it('writes every instant as dayjs does in its zone, over centuries and across daylight-saving changes', () => {
    let state = 11;
    const random = () => (state = (state * 48271) % 2147483647) / 2147483647;
    for (const zone of [SHANGHAI, NEW_YORK, 'Europe/London', 'Australia/Lord_Howe', 'Asia/Kolkata', 'UTC']) {
      for (let i = 0; i < 300; i++) {
        const date = new Date(Date.UTC(1900, 0, 1) + random() * (Date.UTC(2100, 0, 1) - Date.UTC(1900, 0, 1)));
        expect(formatDateTime(date, zone), `${date.toISOString()} ${zone}`).toBe(dayjs(date).tz(zone).format('YYYY-MM-DD HH:mm:ss'));
      }
    }
  });

  it('reads a wall-clock time in the zone and refuses what is not one', () => {
    expect(iso(parseDateTime('2026-01-01', SHANGHAI))).toBe('2025-12-31T16:00:00.000Z');
    expect(iso(parseDateTime(' 2026-01-01 08:30 ', SHANGHAI))).toBe('2026-01-01T00:30:00.000Z');
    expect(iso(parseDateTime('2026-01-01T08:30:05', SHANGHAI))).toBe('2026-01-01T00:30:05.000Z');
    expect(iso(parseDateTime('2024-02-29 23:59:59', SHANGHAI))).toBe('2024-02-29T15:59:59.000Z');
    for (const bad of ['2026-02-30', '2025-02-29', '2026-13-01', '2026-01-01 24:00:00', '2026-01-01 10:60', '2026-1-1', '2026/01/01', '2026-01-01 10:00:00.5', 'tomorrow', '']) {
      expect(parseDateTime(bad, SHANGHAI), bad).toBeNull();
    }
  });

  it('reads wall-clock times next to a daylight-saving change with the offset they have', () => {
    // Hours after the change: the zone's offset at that time, not at the same digits read as UTC.
    expect(iso(parseDateTime('2026-03-08 03:30:00', NEW_YORK))).toBe('2026-03-08T07:30:00.000Z');
    expect(iso(parseDateTime('2026-03-08 06:30:00', NEW_YORK))).toBe('2026-03-08T10:30:00.000Z');
    expect(iso(parseDateTime('2025-10-26 01:13:06', 'Europe/Berlin'))).toBe('2025-10-25T23:13:06.000Z');
    // A time the clocks skip is read as the same time before the change.
    expect(iso(parseDateTime('2026-03-08 02:30:00', NEW_YORK))).toBe('2026-03-08T07:30:00.000Z');
    for (const at of ['2026-03-08T06:59:59', '2026-03-08T07:00:00', '2026-11-01T04:00:00', '2026-11-01T07:00:00']) {
      expect(iso(parseDateTime(formatDateTime(utc(at), NEW_YORK)!, NEW_YORK))).toBe(utc(at).toISOString());
    }
  });

  it('reads an ISO 8601 instant with its own offset, or without one in the zone', () => {
    expect(iso(parseInstant('2026-01-01T00:00:00+08:00', NEW_YORK))).toBe('2025-12-31T16:00:00.000Z');
    expect(iso(parseInstant('2026-01-01 00:00+0800', NEW_YORK))).toBe('2025-12-31T16:00:00.000Z');
    expect(iso(parseInstant('2026-01-01t00:00:00.123456z', SHANGHAI))).toBe('2026-01-01T00:00:00.123Z');
    expect(iso(parseInstant('2026-01-01T02:00', SHANGHAI))).toBe('2025-12-31T18:00:00.000Z');
    expect(iso(parseInstant('2026-01-01', SHANGHAI))).toBe('2025-12-31T16:00:00.000Z');
    for (const bad of ['2026-02-30T00:00:00Z', '2026-01-01T25:00:00+08:00', '2026-01-01Z', '2026-01-01T10:00.5+08:00', '2026-01-01T10:00:00+25:00', '2026/01/01']) {
      expect(parseInstant(bad, SHANGHAI), bad).toBeNull();
    }
  });

  it('writes instants as Airflow does, with the zone offset and milliseconds only when there are some', () => {
    expect(isoDateTime(utc('2026-11-25T02:00:00'), SHANGHAI)).toBe('2026-11-25T10:00:00+08:00');
    expect(isoDateTime(utc('2026-11-25T02:00:00.120'), SHANGHAI)).toBe('2026-11-25T10:00:00.120+08:00');
    expect(isoDateTime(utc('2026-07-01T12:00:00'), 'America/St_Johns')).toBe('2026-07-01T09:30:00-02:30');
    expect(isoDateTime(utc('2026-07-01T12:00:00'), 'UTC')).toBe('2026-07-01T12:00:00+00:00');
  });

  it('gives the zone offset at a moment, for databases that take an offset', () => {
    expect(utcOffset(SHANGHAI)).toBe('+08:00');
    expect(utcOffset('Asia/Kathmandu')).toBe('+05:45');
    expect(utcOffset(NEW_YORK, utc('2026-01-15T00:00:00'))).toBe('-05:00');
    expect(utcOffset(NEW_YORK, utc('2026-07-15T00:00:00'))).toBe('-04:00');
    expect(utcOffset('UTC')).toBe('+00:00');
  });

  it('reads the clock alike when the process runs in the zone, as the server does (dayjs local time, not tz())', () => {
    const before = process.env.TZ;
    process.env.TZ = NEW_YORK;
    try {
      expect(formatDateTime(utc('2026-03-08T06:59:59'), NEW_YORK)).toBe('2026-03-08 01:59:59');
      expect(formatDateTime(utc('2026-03-08T07:00:00'), NEW_YORK)).toBe('2026-03-08 03:00:00');
      expect(formatDateTime(utc('2026-03-08T07:00:00'), SHANGHAI)).toBe('2026-03-08 15:00:00');
      expect(isoDateTime(utc('2026-11-01T05:30:00.500'), NEW_YORK)).toBe('2026-11-01T01:30:00.500-04:00');
      expect(isoDateTime(utc('2026-11-01T06:30:00'), NEW_YORK)).toBe('2026-11-01T01:30:00-05:00');
      expect(utcOffset(NEW_YORK, utc('2026-07-15T00:00:00'))).toBe('-04:00');
      expect(formatDay(utc('2026-03-08T04:59:59'), NEW_YORK)).toBe('2026年3月7日');
    } finally {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
  });

  it('dates a report by the day in the zone', () => {
    expect(formatDay(utc('2025-06-07T15:59:59'))).toBe('2025年6月7日');
    expect(formatDay(utc('2025-06-07T16:00:00'))).toBe('2025年6月8日');
    expect(formatDay(utc('2025-06-07T16:00:00'), 'UTC')).toBe('2025年6月7日');
  });
});
