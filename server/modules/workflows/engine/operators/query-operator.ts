import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../../lib/errors';
import { SELECT_ROWS_MAX } from '../../../connections/drivers/types';
import { withProjectConnection } from '../../../connections/reader';
import { TaskLog } from '../task-log';
import { TaskFailed, type TaskRunRequest, type TaskRunResult } from '../../types';

export const QUERY_LIMIT_DEFAULT = 10_000;

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : value === undefined || value === null ? '' : String(value).trim());

function required(value: unknown, field: string, log: TaskLog): string {
  const given = text(value);
  if (!given) throw new TaskFailed(`请填写输入 ${field}`, log.toString());
  return given;
}

/**
 * A QueryOperator try: the rows of one table of a data connection of the run's project, read in a
 * read-only session (the connection's own rules apply: a builtin one sees only warehouse_* schemas).
 */
export async function runQueryTask(app: FastifyInstance, request: TaskRunRequest): Promise<TaskRunResult> {
  const log = new TaskLog();
  const { inputs } = request;
  const connectionId = Number(inputs.connection_id);
  if (!Number.isInteger(connectionId) || connectionId < 1) throw new TaskFailed('输入 connection_id 应为本项目数据连接的 id（正整数）', '');
  const schema = required(inputs.schema_name, 'schema_name', log);
  const table = required(inputs.table_name, 'table_name', log);
  const chosen = text(inputs.columns)
    .split(/[,，]/)
    .map((name) => name.trim())
    .filter(Boolean);
  const limit = inputs.limit === undefined || inputs.limit === null || inputs.limit === '' ? QUERY_LIMIT_DEFAULT : Number(inputs.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > SELECT_ROWS_MAX) throw new TaskFailed(`输入 limit 应为 1 到 ${SELECT_ROWS_MAX} 之间的整数`, '');
  if (request.signal.aborted) throw new TaskFailed('任务已被停止', '');

  try {
    const { rows, connectionName, columns } = await withProjectConnection(app, request.projectUuid, connectionId, undefined, async (session, connection) => {
      // Only the session here: on PGlite a builtin connection's session holds the one database connection.
      const columns = chosen.length > 0 ? chosen : ((await session.table(schema, table))?.columns.map((column) => column.name) ?? []);
      if (columns.length === 0) throw new TaskFailed(`数据表 ${schema}.${table} 不存在`, '');
      return { rows: await session.select(schema, table, columns, {}, limit), connectionName: connection.name, columns };
    });
    log.note(`从数据连接「${connectionName}」读取表 ${schema}.${table}（${columns.length} 列：${columns.join('、')}），${rows.length} 行${rows.length === limit ? `（已达上限 limit ${limit}）` : ''}`);
    return { outputs: { rows: JSON.stringify(rows), row_count: rows.length }, log: log.toString() };
  } catch (error) {
    if (error instanceof TaskFailed) throw new TaskFailed(error.message, log.toString());
    // 404 of another project's connection reads like a missing one, as the routes answer.
    if (error instanceof AppError) throw new TaskFailed(error.statusCode === 404 ? `数据连接 ${connectionId} 不存在` : error.message, log.toString());
    throw error;
  }
}
