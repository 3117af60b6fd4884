import type { Static } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../../lib/errors';
import { CONNECTION_BASE } from './connection-routes';
import { clientGone, exportCsv } from './csv';
import { checkedReadOnly, type Dialect } from './drivers/read-only-sql';
import { EXPORT_TIMEOUT_MS, type RowSink, type Session } from './drivers/types';
import { cell, readerOf, view } from './introspection-routes';
import type { ConnectionRow } from './queries';
import { CsvFile, ProjectParams, QueryAnswer, QueryBody } from './schemas';

const tags = ['数据连接：SQL 查询'];
const DEFAULT_LIMIT = 1000;
const DEFAULT_TIMEOUT_SECONDS = 30;

type Body = Static<typeof QueryBody>;

/** The statement of a request, checked for its connection's dialect; the builtin warehouse takes none. */
function statementOf(session: Session, connection: ConnectionRow, sql: string) {
  if (!session.query) throw badRequest('内置数据仓库不能运行 SQL 查询，请在「数据」中浏览、筛选和导出');
  const dialect: Dialect = connection.drivername === 'mysql' ? 'mysql' : 'postgresql';
  return { statement: checkedReadOnly(sql, dialect), run: session.query.bind(session) };
}

/**
 * 查询: one read-only statement on a project's connection, in a read-only transaction that is
 * always rolled back, with a statement timeout; the statement is cancelled on the database when
 * the client goes away (取消 in the app aborts the request).
 */
export async function queryRoutes(app: FastifyInstance): Promise<void> {
  const reading = readerOf(app);
  const inSession = (request: FastifyRequest<{ Body: Body }>, work: (session: Session, schema: string, connection: ConnectionRow) => Promise<void>) =>
    reading(request, request.body, work);

  app.post<{ Params: Static<typeof ProjectParams>; Body: Body }>(
    `${CONNECTION_BASE}/query/`,
    { config: view, schema: { tags, summary: '运行一条只读 SQL 语句（只读事务、超时、行数上限，总是回滚）', params: ProjectParams, body: QueryBody, response: { 200: QueryAnswer } } },
    async (request, reply) => {
      const { sql, limit = DEFAULT_LIMIT, timeout_seconds: timeout = DEFAULT_TIMEOUT_SECONDS } = request.body;
      const signal = clientGone(reply);
      let columns: string[] = [];
      const rows: unknown[][] = [];
      let truncated = false;
      let elapsed = 0;
      const sink: RowSink = {
        columns: (names) => void (columns = names),
        rows(batch) {
          for (const row of batch) {
            if (rows.length >= limit) {
              truncated = true;
              return false;
            }
            rows.push(row.map(cell));
          }
          return true;
        },
      };
      await inSession(request, async (session, schema, connection) => {
        const { statement, run } = statementOf(session, connection, sql);
        const started = performance.now();
        await run(statement, { timeoutMs: timeout * 1000, sink, signal, schema });
        elapsed = Math.round(performance.now() - started);
      });
      return { columns: columns.map((name) => ({ name })), rows, truncated, elapsed_ms: elapsed };
    },
  );

  app.post<{ Params: Static<typeof ProjectParams>; Body: Body }>(
    `${CONNECTION_BASE}/query/export/`,
    { config: view, schema: { tags, summary: '把一条只读 SQL 语句的全部结果导出为 CSV（逐批写出）', params: ProjectParams, body: QueryBody, response: { 200: CsvFile } } },
    async (request, reply) =>
      exportCsv(request, reply, '查询结果.csv', (sink, signal) =>
        inSession(request, async (session, schema, connection) => {
          const { statement, run } = statementOf(session, connection, request.body.sql);
          await run(statement, { timeoutMs: request.body.timeout_seconds ? request.body.timeout_seconds * 1000 : EXPORT_TIMEOUT_MS, sink, signal, schema });
        }),
      ),
  );
}
