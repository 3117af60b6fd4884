import parser from 'cron-parser';
import { badRequest } from '../../../lib/errors';

/** Airflow's presets, as cron expressions; @once is a single run at start_date. */
const PRESETS: Record<string, string> = {
  '@hourly': '0 * * * *',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@weekly': '0 0 * * 0',
  '@monthly': '0 0 1 * *',
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
};
const ONCE = '@once';

/** A schedule as written: '' (none), @once, a preset or a 5-field cron expression. */
export function checkSchedule(value: string | undefined | null): string {
  const text = (value ?? '').trim().replace(/\s+/g, ' ');
  if (!text || text === ONCE || PRESETS[text]) return text;
  if (text.split(' ').length !== 5) throw badRequest('调度不正确：请填写 5 段 cron 表达式（分 时 日 月 周，如 0 2 * * *），或 @once、@hourly、@daily、@weekly、@monthly、@yearly，留空为仅手动运行');
  try {
    parser.parseExpression(text);
  } catch {
    // The parser's own words are English; say which values each field takes.
    throw badRequest(`调度不正确：「${text}」不是有效的 cron 表达式（分 0–59、时 0–23、日 1–31、月 1–12、周 0–7）`);
  }
  return text;
}

const cronOf = (schedule: string) => PRESETS[schedule] ?? schedule;
const fireAfter = (schedule: string, after: Date, tz: string) => parser.parseExpression(cronOf(schedule), { currentDate: after, tz }).next().toDate();
const fireBefore = (schedule: string, before: Date, tz: string) => parser.parseExpression(cronOf(schedule), { currentDate: before, tz }).prev().toDate();

export interface ScheduleSettings {
  schedule: string;
  startDate: Date | null;
  endDate: Date | null;
  catchup: boolean;
}

/**
 * The logical date (start of the data interval) of the next scheduled run, as Airflow counts:
 * intervals run from one fire time of the schedule to the next, and a run is made when its
 * interval has ended. `last` is the logical date of the latest scheduled run (null for none).
 * Without catchup, intervals that ended before the latest complete one are skipped.
 * Null: no schedule, or the next interval starts after end_date.
 */
export function nextDagrun(settings: ScheduleSettings, last: Date | null, now: Date, tz: string): Date | null {
  const { schedule, startDate, endDate } = settings;
  if (!schedule) return null;
  if (schedule === ONCE) return last ? null : (startDate ?? now);
  let next = last ? fireAfter(schedule, last, tz) : fireAfter(schedule, new Date((startDate ?? now).getTime() - 1), tz);
  if (!settings.catchup) {
    const latestComplete = fireBefore(schedule, fireBefore(schedule, new Date(now.getTime() + 1), tz), tz);
    if (latestComplete > next && (!startDate || latestComplete >= startDate)) next = latestComplete;
  }
  if (endDate && next > endDate) return null;
  return next;
}

/** The end of the data interval that starts at `logicalDate`: when its run is due. */
export function intervalEnd(schedule: string, logicalDate: Date, tz: string): Date {
  return schedule === ONCE ? logicalDate : fireAfter(schedule, logicalDate, tz);
}
