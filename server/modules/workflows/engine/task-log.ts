/** What a try's log keeps in memory: its first and last half megabyte, the middle counted. */
export const LOG_MAX_BYTES = 1024 * 1024;

/** stdout and stderr as they arrive, capped at `max` bytes: the head, a note of what was left out, the tail. */
export class TaskLog {
  private head: Buffer[] = [];
  private headBytes = 0;
  private tail: Buffer[] = [];
  private tailBytes = 0;
  private dropped = 0;

  constructor(private readonly max = LOG_MAX_BYTES) {}

  write(chunk: Buffer | string): void {
    let bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    const half = this.max / 2;
    if (this.headBytes < half) {
      const taken = bytes.subarray(0, half - this.headBytes);
      this.head.push(taken);
      this.headBytes += taken.length;
      bytes = bytes.subarray(taken.length);
    }
    if (bytes.length === 0) return;
    this.tail.push(bytes);
    this.tailBytes += bytes.length;
    while (this.tailBytes > half) {
      const first = this.tail[0];
      const over = this.tailBytes - half;
      if (first.length <= over) {
        this.tail.shift();
        this.tailBytes -= first.length;
        this.dropped += first.length;
      } else {
        this.tail[0] = first.subarray(over);
        this.tailBytes -= over;
        this.dropped += over;
      }
    }
  }

  /** A line of the runner's own (what a built-in operator did, why a script was stopped). */
  note(line: string): void {
    this.write(`${line}\n`);
  }

  toString(): string {
    const head = Buffer.concat(this.head).toString('utf8');
    const tail = Buffer.concat(this.tail).toString('utf8');
    if (this.dropped === 0) return head + tail;
    return `${head}\n……（日志过长，中间省略 ${this.dropped} 字节）……\n${tail}`;
  }
}

/** The stored log of an instance (every try, with headers) is kept to this many characters too: head and tail, the cut said between. */
export const LOG_LIMIT = LOG_MAX_BYTES;

export function capLog(log: string, limit = LOG_LIMIT): string {
  if (log.length <= limit) return log;
  const half = Math.floor(limit / 2) - 100;
  const cut = log.length - 2 * half;
  return `${log.slice(0, half)}\n…（日志过长，中间省略 ${cut} 个字符）…\n${log.slice(log.length - half)}`;
}

export const endLine = (text: string) => (text === '' || text.endsWith('\n') ? text : `${text}\n`);
