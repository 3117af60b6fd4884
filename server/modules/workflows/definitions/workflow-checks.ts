import type { Static } from '@sinclair/typebox';
import { badRequest } from '../../../lib/errors';
import { requiredText } from '../../scripts/checks';
import { parseInstant } from '../../../lib/dates';
import type { WorkflowRow } from './queries';
import { checkSchedule } from './schedule';
import type { WorkflowWrite } from './schemas';

export type WorkflowBody = Static<typeof WorkflowWrite>;
export type WorkflowValues = Pick<
  WorkflowRow,
  | 'name'
  | 'description'
  | 'schedule'
  | 'startDate'
  | 'endDate'
  | 'catchup'
  | 'isPaused'
  | 'maxActiveTasks'
  | 'maxActiveRuns'
  | 'owner'
  | 'retries'
  | 'retryDelay'
  | 'dependsOnPast'
  | 'email'
  | 'emailOnRetry'
  | 'emailOnFailure'
>;

/** A new workflow's settings before its body: the table's defaults, the creator as owner. */
export const newWorkflow = (owner: string): WorkflowValues => ({
  name: '',
  description: '',
  schedule: '',
  startDate: null,
  endDate: null,
  catchup: true,
  isPaused: false,
  maxActiveTasks: 16,
  maxActiveRuns: 16,
  owner,
  retries: 0,
  retryDelay: 300,
  dependsOnPast: false,
  email: '',
  emailOnRetry: false,
  emailOnFailure: false,
});

const EMAIL = /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/;

function integerIn(value: number, min: number, max: number, message: string): number {
  if (!Number.isInteger(value) || value < min || value > max) throw badRequest(message);
  return value;
}

function instant(value: string | null | undefined, base: Date | null, label: string, timeZone: string): Date | null {
  if (value === undefined) return base;
  if (value === null || !value.trim()) return null;
  const date = parseInstant(value, timeZone);
  if (!date) throw badRequest(`${label}格式不正确：请填写时间，如 2026-01-01 00:00:00 或 2026-01-01T00:00:00+08:00`);
  return date;
}

function emails(value: string): string {
  const list = value.split(/[,;，；]/).map((item) => item.trim()).filter(Boolean);
  const wrong = list.find((item) => !EMAIL.test(item));
  if (wrong) throw badRequest(`邮箱格式不正确：${wrong}（如 ops@example.com，多个用逗号分隔）`);
  return list.join(',');
}

/** A workflow as a whole: the body over `base` (the stored or new one), every rule checked on the result. */
export function workflowValues(body: WorkflowBody, base: WorkflowValues, timeZone: string): WorkflowValues {
  const values: WorkflowValues = {
    name: requiredText(body.name ?? base.name, '请输入工作流名称'),
    description: (body.description ?? base.description).trim(),
    schedule: body.schedule === undefined ? base.schedule : checkSchedule(body.schedule),
    startDate: instant(body.start_date, base.startDate, '开始时间', timeZone),
    endDate: instant(body.end_date, base.endDate, '结束时间', timeZone),
    catchup: body.catchup ?? base.catchup,
    isPaused: body.is_paused ?? base.isPaused,
    maxActiveTasks: integerIn(body.max_active_tasks ?? base.maxActiveTasks, 1, 1000, '最大并行任务数须为 1 到 1000 的整数'),
    maxActiveRuns: integerIn(body.max_active_runs ?? base.maxActiveRuns, 1, 1000, '最大并行运行数须为 1 到 1000 的整数'),
    owner: (body.owner ?? base.owner).trim(),
    retries: integerIn(body.retries ?? base.retries, 0, 100, '重试次数须为 0 到 100 的整数'),
    retryDelay: integerIn(body.retry_delay ?? base.retryDelay, 0, 86400, '重试间隔须为 0 到 86400 秒'),
    dependsOnPast: body.depends_on_past ?? base.dependsOnPast,
    email: emails(body.email ?? base.email),
    emailOnRetry: body.email_on_retry ?? base.emailOnRetry,
    emailOnFailure: body.email_on_failure ?? base.emailOnFailure,
  };
  if (values.startDate && values.endDate && values.endDate <= values.startDate) throw badRequest('结束时间须晚于开始时间');
  if ((values.emailOnRetry || values.emailOnFailure) && !values.email) throw badRequest('开启重试或失败邮件通知时请填写邮箱');
  return values;
}

/** Whether a change moves the next scheduled run. */
export const schedulingChanged = (before: WorkflowValues, after: WorkflowValues) =>
  before.schedule !== after.schedule ||
  before.catchup !== after.catchup ||
  before.isPaused !== after.isPaused ||
  before.startDate?.getTime() !== after.startDate?.getTime() ||
  before.endDate?.getTime() !== after.endDate?.getTime();

/** Whether a change reaches what a published version keeps (types.ts WorkflowDefinition and the tasks' retries). */
export const definitionChanged = (before: WorkflowValues, after: WorkflowValues) =>
  before.maxActiveTasks !== after.maxActiveTasks ||
  before.maxActiveRuns !== after.maxActiveRuns ||
  before.dependsOnPast !== after.dependsOnPast ||
  before.retries !== after.retries ||
  before.retryDelay !== after.retryDelay;
