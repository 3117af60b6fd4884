/** A task's log is kept to this many characters: the head and the tail, with what was cut said between. */
export const LOG_LIMIT = 1024 * 1024;

export function capLog(log: string, limit = LOG_LIMIT): string {
  if (log.length <= limit) return log;
  const half = Math.floor(limit / 2) - 100;
  const cut = log.length - 2 * half;
  return `${log.slice(0, half)}\n…（日志过长，中间省略 ${cut} 个字符）…\n${log.slice(log.length - half)}`;
}

export const tryHeader = (tryNumber: number, maxTries: number, started: string, hostname: string) =>
  `*** 第 ${tryNumber} 次尝试（共可尝试 ${maxTries} 次），开始于 ${started}，主机 ${hostname} ***\n`;

export const endLine = (text: string) => (text === '' || text.endsWith('\n') ? text : `${text}\n`);
