import { formatDateTime, parseInstant } from '../../../lib/dates';
import { and, asc, count, desc, eq, getTableColumns, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { DAG_RUN_STATES, TASK_STATES, type TaskState } from '../../../../contract/workflows';
import type { Db } from '../../../db/client';
import { dagRuns, taskInstances, users, workflows, workflowVersions } from '../../../db/schema';
import { badRequest, notFound } from '../../../lib/errors';
import { withTotal } from '../../../lib/list-page';
import { RUN_ORDER_FIELDS } from './run-schemas';

export type WorkflowRow = typeof workflows.$inferSelect;
export type RunRow = typeof dagRuns.$inferSelect;
export type InstanceRow = typeof taskInstances.$inferSelect;

/** The project's workflow; another project's is answered like a missing one. */
export async function findWorkflow(db: Db, projectUuid: string, id: number): Promise<WorkflowRow> {
  const [row] = await db.select().from(workflows).where(and(eq(workflows.projectUuid, projectUuid), eq(workflows.id, id)));
  if (!row) throw notFound('工作流不存在');
  return row;
}

/** A run of the project's workflow. */
export async function findRun(db: Db, projectUuid: string, workflowId: number, id: number): Promise<RunRow> {
  const [found] = await db
    .select({ run: dagRuns })
    .from(dagRuns)
    .innerJoin(workflows, eq(workflows.id, dagRuns.workflowId))
    .where(and(eq(workflows.projectUuid, projectUuid), eq(dagRuns.workflowId, workflowId), eq(dagRuns.id, id)));
  if (!found) throw notFound('工作流运行不存在');
  return found.run;
}

/** The values of a multi-valued filter (repeated or comma separated), each one of `allowed` when given. */
export function several(value: string | string[] | undefined, name: string, allowed?: readonly string[]): string[] {
  if (value === undefined) return [];
  const values = (Array.isArray(value) ? value : [value]).flatMap((entry) => entry.split(',')).map((entry) => entry.trim()).filter(Boolean);
  const wrong = allowed ? values.filter((entry) => !allowed.includes(entry)) : [];
  if (wrong.length > 0) throw badRequest(`${name} 的值 ${wrong.join('、')} 不正确，可选：${allowed!.join('、')}`);
  return values;
}

type DateQuery = Record<string, unknown>;

/** The `<field>_gte` / `<field>_lte` conditions of a query on these columns. */
function dateRanges(query: DateQuery, columns: Record<string, PgColumn>, timeZone: string): SQL[] {
  const where: SQL[] = [];
  for (const [field, column] of Object.entries(columns)) {
    for (const [suffix, compare] of [['gte', gte], ['lte', lte]] as const) {
      const text = query[`${field}_${suffix}`];
      if (typeof text !== 'string' || text === '') continue;
      const date = parseInstant(text, timeZone);
      if (!date) throw badRequest(`${field}_${suffix} 不是正确的日期时间：请用 ISO 8601（如 2026-11-25T10:00:00+08:00）或 yyyy-MM-dd HH:mm:ss`);
      where.push(compare(column, date));
    }
  }
  return where;
}

const RUN_COLUMNS: Record<string, PgColumn> = {
  id: dagRuns.id,
  dag_run_id: dagRuns.dagRunId,
  execution_date: dagRuns.logicalDate,
  logical_date: dagRuns.logicalDate,
  start_date: dagRuns.startDate,
  end_date: dagRuns.endDate,
  queued_at: dagRuns.queuedAt,
  state: dagRuns.state,
  run_type: dagRuns.runType,
};

const runSelection = {
  run: dagRuns,
  workflowName: workflows.name,
  version: workflowVersions.version,
  triggeredBy: sql<string>`coalesce(nullif(${users.nickname}, ''), ${users.username}, '')`,
};
const runsJoined = (db: Db) =>
  db
    .select(runSelection)
    .from(dagRuns)
    .innerJoin(workflows, eq(workflows.id, dagRuns.workflowId))
    .innerJoin(workflowVersions, eq(workflowVersions.id, dagRuns.versionId))
    .leftJoin(users, eq(users.uuid, dagRuns.triggeredBy));
export type RunListRow = Awaited<ReturnType<ReturnType<typeof runsJoined>['where']>>[number];

export interface RunListQuery extends DateQuery {
  state?: string | string[] | undefined;
  order_by?: string;
}

export function listRuns(db: Db, workflowId: number, query: RunListQuery & { limit: number; offset: number }, timeZone: string) {
  const states = several(query.state, 'state', DAG_RUN_STATES);
  const where: SQL[] = [
    eq(dagRuns.workflowId, workflowId),
    ...dateRanges(query, { end_date: dagRuns.endDate, execution_date: dagRuns.logicalDate, start_date: dagRuns.startDate }, timeZone),
  ];
  if (states.length > 0) where.push(inArray(dagRuns.state, states as RunRow['state'][]));
  const orderBy = query.order_by || '-execution_date';
  const field = orderBy.replace(/^-/, '');
  if (!RUN_ORDER_FIELDS.includes(field)) throw badRequest(`order_by 不能按 ${field} 排序，可选：${RUN_ORDER_FIELDS.join('、')}`);
  const direction = orderBy.startsWith('-') ? desc : asc;
  return withTotal(
    runsJoined(db)
      .where(and(...where))
      .orderBy(direction(RUN_COLUMNS[field]), direction(dagRuns.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(dagRuns).where(and(...where)),
  );
}

export async function runRow(db: Db, id: number): Promise<RunListRow> {
  const [row] = await runsJoined(db).where(eq(dagRuns.id, id));
  if (!row) throw notFound('工作流运行不存在');
  return row;
}

/** Task instance counts by state of these runs. */
export async function taskCounts(db: Db, runIds: number[]): Promise<Map<number, Partial<Record<TaskState, number>>>> {
  const counts = new Map<number, Partial<Record<TaskState, number>>>(runIds.map((id) => [id, {}]));
  if (runIds.length === 0) return counts;
  const rows = await db
    .select({ runId: taskInstances.dagRunId, state: taskInstances.state, n: count() })
    .from(taskInstances)
    .where(inArray(taskInstances.dagRunId, runIds))
    .groupBy(taskInstances.dagRunId, taskInstances.state);
  for (const row of rows) counts.get(row.runId)![row.state] = row.n;
  return counts;
}

export function presentRun(row: RunListRow, counts: Partial<Record<TaskState, number>>, timeZone: string) {
  const { run } = row;
  return {
    id: run.id,
    dag_run_id: run.dagRunId,
    dag_id: run.workflowId,
    workflow_name: row.workflowName,
    version: row.version,
    run_type: run.runType,
    state: run.state,
    external_trigger: run.externalTrigger,
    conf: run.conf,
    execution_date: formatDateTime(run.logicalDate, timeZone),
    logical_date: formatDateTime(run.logicalDate, timeZone),
    data_interval_start: formatDateTime(run.dataIntervalStart, timeZone),
    data_interval_end: formatDateTime(run.dataIntervalEnd, timeZone),
    queued_at: formatDateTime(run.queuedAt, timeZone),
    start_date: formatDateTime(run.startDate, timeZone),
    end_date: formatDateTime(run.endDate, timeZone),
    triggered_by: row.triggeredBy,
    note: run.note,
    task_counts: counts,
  };
}

export interface InstanceListQuery extends DateQuery {
  duration_gte?: number;
  duration_lte?: number;
  pool?: string | string[];
  queue?: string | string[];
  state?: string | string[];
}

const { log: _log, heartbeatAt: _heartbeat, ...instanceColumns } = getTableColumns(taskInstances);
void _log;
void _heartbeat;

export function listInstances(db: Db, runId: number, query: InstanceListQuery & { limit: number; offset: number }, timeZone: string) {
  const where: SQL[] = [
    eq(taskInstances.dagRunId, runId),
    ...dateRanges(query, { end_date: taskInstances.endDate, execution_date: taskInstances.executionDate, start_date: taskInstances.startDate }, timeZone),
  ];
  if (query.duration_gte !== undefined) where.push(gte(taskInstances.duration, query.duration_gte));
  if (query.duration_lte !== undefined) where.push(lte(taskInstances.duration, query.duration_lte));
  const pools = several(query.pool, 'pool');
  const queues = several(query.queue, 'queue');
  const states = several(query.state, 'state', TASK_STATES);
  if (pools.length > 0) where.push(inArray(taskInstances.pool, pools));
  if (queues.length > 0) where.push(inArray(taskInstances.queue, queues));
  if (states.length > 0) where.push(inArray(taskInstances.state, states as TaskState[]));
  return withTotal(
    db.select(instanceColumns).from(taskInstances).where(and(...where)).orderBy(asc(taskInstances.id)).limit(query.limit).offset(query.offset),
    db.select({ total: count() }).from(taskInstances).where(and(...where)),
  );
}

/** One instance of the run by its id or its task's name. */
export async function findInstance(db: Db, runId: number, idOrTask: string): Promise<InstanceRow> {
  const byId = /^\d{1,9}$/.test(idOrTask) ? await db.select().from(taskInstances).where(and(eq(taskInstances.dagRunId, runId), eq(taskInstances.id, Number(idOrTask)))) : [];
  const [row] = byId.length > 0 ? byId : await db.select().from(taskInstances).where(and(eq(taskInstances.dagRunId, runId), eq(taskInstances.taskId, idOrTask)));
  if (!row) throw notFound('任务实例不存在');
  return row;
}

/**
 * An instance as answered. `retryDelays`: the seconds between tries of each task of the run's
 * version (by task name), which say when an up_for_retry instance is tried again.
 */
export function presentInstance(row: Omit<InstanceRow, 'log' | 'heartbeatAt'> & { log?: string }, timeZone: string, retryDelays: Map<string, number> = new Map()) {
  const delay = retryDelays.get(row.taskId);
  const nextRetry = row.state === 'up_for_retry' && row.endDate && delay !== undefined ? new Date(row.endDate.getTime() + delay * 1000) : null;
  return {
    id: row.id,
    dag_run_id: row.dagRunId,
    task_id: row.taskId,
    state: row.state,
    duration: row.duration,
    try_number: row.tryNumber,
    max_tries: row.maxTries,
    operator: row.operator,
    pool: row.pool,
    queue: row.queue,
    execution_date: formatDateTime(row.executionDate, timeZone),
    queued_when: formatDateTime(row.queuedAt, timeZone),
    start_date: formatDateTime(row.startDate, timeZone),
    end_date: formatDateTime(row.endDate, timeZone),
    next_retry_at: formatDateTime(nextRetry, timeZone),
    hostname: row.hostname,
    outputs: row.outputs,
    script_version: row.scriptVersion,
    ...(row.log === undefined ? {} : { log: row.log }),
  };
}
