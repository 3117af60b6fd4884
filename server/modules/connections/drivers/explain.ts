import { CONNECT_TIMEOUT_MS } from './types';

/** What network errors mean, for any driver. */
export function explainNetwork(error: unknown): string | undefined {
  const code = (error as { code?: string }).code;
  const message = (error as Error).message ?? '';
  if (code === 'ECONNREFUSED') return '连接被拒绝：该主机的这个端口没有数据库在监听';
  if (code === 'ETIMEDOUT' || code === 'EHOSTUNREACH' || code === 'ENETUNREACH' || /timeout/i.test(message)) {
    return `连接超时：${CONNECT_TIMEOUT_MS / 1000} 秒内未能连上数据库，请检查主机、端口和网络`;
  }
  if (code === '57P01' || /not queryable/i.test(message)) return '数据库关闭了连接（可能正在重启），请稍后重试';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return '无法解析主机名';
  if (code === 'ECONNRESET' || /terminated unexpectedly|closed the connection|PROTOCOL_CONNECTION_LOST/i.test(`${code} ${message}`)) {
    return '连接在建立时被对方关闭：该地址不可达，或端口上不是这种数据库';
  }
  return undefined;
}

/** The driver's own words, when nothing above knew the error. */
export const driverWords = (error: unknown) => `数据库返回：${(error as Error).message}`;
