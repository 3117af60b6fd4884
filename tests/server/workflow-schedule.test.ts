import { describe, expect, it } from 'vitest';
import { checkSchedule, intervalEnd, nextDagrun } from '../../server/modules/workflows/definitions/schedule';

const tz = 'Asia/Shanghai';
const at = (text: string) => new Date(text);

describe('workflow schedules', () => {
  it('accepts cron, presets and none, and refuses the rest in Chinese', () => {
    expect(checkSchedule(' 0  2 * * * ')).toBe('0 2 * * *');
    expect(checkSchedule('@daily')).toBe('@daily');
    expect(checkSchedule('')).toBe('');
    expect(() => checkSchedule('every day')).toThrow(/调度不正确/);
    expect(() => checkSchedule('61 * * * *')).toThrow(/调度不正确/);
  });

  it('walks daily intervals from start_date, one after another, with catchup', () => {
    const settings = { schedule: '@daily', startDate: at('2026-11-20T00:00:00+08:00'), endDate: null, catchup: true };
    const now = at('2026-11-25T10:00:00+08:00');
    const first = nextDagrun(settings, null, now, tz)!;
    expect(first.toISOString()).toBe(at('2026-11-20T00:00:00+08:00').toISOString());
    expect(intervalEnd('@daily', first, tz).toISOString()).toBe(at('2026-11-21T00:00:00+08:00').toISOString());
    expect(nextDagrun(settings, first, now, tz)!.toISOString()).toBe(at('2026-11-21T00:00:00+08:00').toISOString());
  });

  it('skips to the latest complete interval without catchup, and stops after end_date', () => {
    const now = at('2026-11-25T10:00:00+08:00');
    const settings = { schedule: '0 0 * * *', startDate: at('2026-11-01T00:00:00+08:00'), endDate: null, catchup: false };
    expect(nextDagrun(settings, null, now, tz)!.toISOString()).toBe(at('2026-11-24T00:00:00+08:00').toISOString());
    const ended = { ...settings, catchup: true, endDate: at('2026-11-02T12:00:00+08:00') };
    expect(nextDagrun(ended, at('2026-11-02T00:00:00+08:00'), now, tz)).toBeNull();
  });

  it('makes one run for @once and none without a schedule', () => {
    const start = at('2026-11-25T09:00:00+08:00');
    const once = { schedule: '@once', startDate: start, endDate: null, catchup: true };
    expect(nextDagrun(once, null, start, tz)).toEqual(start);
    expect(nextDagrun(once, start, start, tz)).toBeNull();
    expect(nextDagrun({ ...once, schedule: '' }, null, start, tz)).toBeNull();
  });
});
