import { spawn } from 'node:child_process';
import type { TaskLog } from '../task-log';

/** After SIGTERM, how long a stopped script has to exit before its group is killed. */
const TERM_GRACE_MS = 3000;
/** After the script exited, how long its pipes may stay open (a process that left its group holds them). */
const PIPE_GRACE_MS = 2000;
/** setTimeout's largest delay (about 24 days). */
const TIMER_MAX_MS = 2 ** 31 - 1;
/** The longest stdout line kept for the outputs: a bigger JSON line cannot be read. */
export const OUTPUT_LINE_MAX_BYTES = 32 * 1024 * 1024;

export interface ProcessSpec {
  command: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  stdin: string;
  timeoutSeconds: number;
  signal: AbortSignal;
  log: TaskLog;
  /** Called once when the process is being stopped (a container is removed beside it). */
  onStop?: () => void;
}

export interface ProcessResult {
  code: number | null;
  exitSignal: NodeJS.Signals | null;
  /** Why we stopped it, if we did. */
  stopped: 'timeout' | 'aborted' | null;
  /** The last non-empty stdout line (trimmed), '' for none; null when it was longer than OUTPUT_LINE_MAX_BYTES. */
  lastLine: string | null;
  /** The process could not be started. */
  startError: Error | null;
}

/** Follows stdout for its last non-empty line without keeping all of it. */
class LastLine {
  private partial: Buffer[] = [];
  private partialBytes = 0;
  private overflow = false;
  private last: string | null = '';

  feed(chunk: Buffer) {
    const newline = chunk.lastIndexOf(0x0a);
    if (newline === -1) return this.keep(chunk);
    this.keep(chunk.subarray(0, newline));
    this.settle();
    this.keep(chunk.subarray(newline + 1));
  }

  end(): string | null {
    this.settle();
    return this.last;
  }

  private keep(bytes: Buffer) {
    if (this.overflow || bytes.length === 0) return;
    this.partialBytes += bytes.length;
    if (this.partialBytes > OUTPUT_LINE_MAX_BYTES) {
      this.overflow = true;
      this.partial = [];
    } else this.partial.push(bytes);
  }

  /** The kept bytes end at a newline: their last non-empty line becomes the last line. */
  private settle() {
    if (this.overflow) {
      this.last = null;
    } else if (this.partialBytes > 0) {
      const lines = Buffer.concat(this.partial).toString('utf8').split('\n');
      const found = lines.reverse().find((line) => line.trim());
      if (found !== undefined) this.last = found.trim();
    }
    this.partial = [];
    this.partialBytes = 0;
    this.overflow = false;
  }
}

/**
 * Runs one process in a group of its own (detached), its stdout and stderr into the log in the
 * order they arrive. A timeout or the abort signal stops the whole group: SIGTERM, then SIGKILL.
 * Whatever of the group is left when the process exits is killed too.
 */
export function runProcess(spec: ProcessSpec): Promise<ProcessResult> {
  return new Promise((resolve) => {
    const lastLine = new LastLine();
    let stopped: ProcessResult['stopped'] = null;
    let exit: { code: number | null; signal: NodeJS.Signals | null } | null = null;
    let finished = false;
    const timers: NodeJS.Timeout[] = [];

    const child = spawn(spec.command, spec.args, { cwd: spec.cwd, env: spec.env, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
    const killGroup = (signal: NodeJS.Signals) => {
      if (child.pid === undefined) return;
      try {
        process.kill(-child.pid, signal);
      } catch {
        // The group is gone already.
      }
    };
    const stop = (reason: 'timeout' | 'aborted') => {
      if (stopped || exit) return;
      stopped = reason;
      spec.onStop?.();
      killGroup('SIGTERM');
      timers.push(setTimeout(() => killGroup('SIGKILL'), TERM_GRACE_MS));
    };
    const onAbort = () => stop('aborted');
    const finish = (startError: Error | null) => {
      if (finished) return;
      finished = true;
      for (const timer of timers) clearTimeout(timer);
      spec.signal.removeEventListener('abort', onAbort);
      resolve({ code: exit?.code ?? null, exitSignal: exit?.signal ?? null, stopped, lastLine: lastLine.end(), startError });
    };

    child.stdout.on('data', (chunk: Buffer) => {
      spec.log.write(chunk);
      lastLine.feed(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => spec.log.write(chunk));
    // A script that does not read its stdin may exit before we finish writing it.
    child.stdin.on('error', () => undefined);
    child.stdin.end(spec.stdin);

    child.on('error', (error) => finish(error));
    child.on('exit', (code, signal) => {
      exit = { code, signal };
      killGroup('SIGKILL');
      timers.push(
        setTimeout(() => {
          child.stdout.destroy();
          child.stderr.destroy();
          finish(null);
        }, PIPE_GRACE_MS),
      );
    });
    child.on('close', () => finish(null));

    timers.push(setTimeout(() => stop('timeout'), Math.min(Math.max(spec.timeoutSeconds, 1) * 1000, TIMER_MAX_MS)));
    if (spec.signal.aborted) stop('aborted');
    else spec.signal.addEventListener('abort', onAbort, { once: true });
  });
}
