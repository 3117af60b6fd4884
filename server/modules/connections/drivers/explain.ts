import { STATEMENT_TIMEOUT_MS } from './types';

/** What network errors on an open connection mean, for any driver (a failure to connect is hosts.ts UNREACHABLE). */
export function explainNetwork(error: unknown): string | undefined {
  const code = (error as { code?: string }).code;
  const message = (error as Error).message ?? '';
  if (code === 'ETIMEDOUT' || /timeout/i.test(message)) return `超时：数据库 ${STATEMENT_TIMEOUT_MS / 1000} 秒内没有应答`;
  if (code === '57P01' || /not queryable/i.test(message)) return '数据库关闭了连接（可能正在重启），请稍后重试';
  // The drivers' own words here name their pool ("Cannot use a pool after calling end", "Pool is closed").
  if (/\bpool\b/i.test(message)) return '数据库连接已关闭，请稍后重试';
  if (code === '53300' || code === 'ER_CON_COUNT_ERROR') return '数据库的连接数已满，请稍后重试';
  if (code === 'ECONNRESET' || /terminated unexpectedly|closed the connection|PROTOCOL_CONNECTION_LOST/i.test(`${code} ${message}`)) return '数据库关闭了连接，请稍后重试';
  return undefined;
}

/** The driver's own words, when nothing above knew the error. */
export const driverWords = (error: unknown) => `数据库返回：${(error as Error).message}`;
