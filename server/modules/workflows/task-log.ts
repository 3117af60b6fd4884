/** A task's log is kept to this many characters: the head and the tail, with what was cut said between. */
export const LOG_LIMIT = 1024 * 1024;

export function capLog(log: string, limit = LOG_LIMIT): string {
  if (log.length <= limit) return log;
  const half = Math.floor(limit / 2) - 100;
  const cut = log.length - 2 * half;
  return `${log.slice(0, half)}\n…（日志过长，中间省略 ${cut} 个字符）…\n${log.slice(log.length - half)}`;
}

export const endLine = (text: string) => (text === '' || text.endsWith('\n') ? text : `${text}\n`);
