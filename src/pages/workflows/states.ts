import dayjs from 'dayjs';
import type { DagRunState, TaskState } from '../../../contract/workflows';

/**
 * Tag colours: antd's colour presets, which follow the dark themes. Not the status presets
 * (success, error, warning) nor gold: their text is too pale on their light background.
 */
export const RUN_STATE_COLORS: Record<DagRunState, string> = { queued: 'default', running: 'processing', success: 'green', failed: 'red' };
export const TASK_STATE_COLORS: Record<TaskState, string> = {
  success: 'green',
  running: 'processing',
  failed: 'red',
  upstream_failed: 'volcano',
  skipped: 'magenta',
  up_for_retry: 'orange',
  up_for_reschedule: 'cyan',
  queued: 'default',
  none: 'default',
  scheduled: 'geekblue',
  deferred: 'purple',
  removed: 'default',
};

export const isActiveRun = (state: DagRunState | undefined) => state === 'queued' || state === 'running';

/** How often a run that has not finished is asked again. */
export const POLL_MS = 2000;

/** A date of the server (ISO 8601 or `yyyy-MM-dd HH:mm:ss`) as the app shows dates. */
export function shownDate(value: string | null | undefined): string {
  if (!value) return '—';
  const date = dayjs(value);
  return date.isValid() ? date.format('YYYY-MM-DD HH:mm:ss') : value;
}

/** Seconds as 1 小时 2 分 3 秒; under a minute with one decimal. */
export function shownDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || Number.isNaN(seconds)) return '—';
  if (seconds < 60) return `${Number(seconds.toFixed(1))} 秒`;
  const whole = Math.round(seconds);
  const parts = [Math.floor(whole / 3600), Math.floor((whole % 3600) / 60), whole % 60];
  const units = ['小时', '分', '秒'];
  return parts
    .map((part, index) => (part ? `${part} ${units[index]}` : ''))
    .filter(Boolean)
    .join(' ');
}

/** A run's duration: from its start to its end, or to now while it runs. */
export function runDuration(start: string | null, end: string | null): number | null {
  if (!start) return null;
  const to = end ? dayjs(end) : dayjs();
  return Math.max(0, to.diff(dayjs(start), 'millisecond') / 1000);
}
