import { spawn } from 'node:child_process';
import { existsSync, openSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** A set-up step running in its own process: its exit code lands in `status`, its output in `log`. */
export interface BackgroundStep {
  name: string;
  status: string;
  log: string;
}

/** Runs a TypeScript script (with its arguments) through tsx in the background; `folder` keeps its status and log. */
export function startInBackground(folder: string, name: string, script: string[], env = process.env): { step: BackgroundStep; stop: () => void } {
  const step = { name, status: path.join(folder, `${name}.status`), log: path.join(folder, `${name}.log`) };
  const output = openSync(step.log, 'w');
  const child = spawn(process.execPath, ['--import', 'tsx', ...script], { env, stdio: ['ignore', output, output] });
  // Written aside and renamed: a waiter that sees the file reads it whole.
  const record = (code: number | null) => {
    writeFileSync(`${step.status}.part`, String(code));
    renameSync(`${step.status}.part`, step.status);
  };
  child.once('exit', record);
  const stop = () => {
    child.off('exit', record);
    child.kill();
  };
  return { step, stop };
}

/** Resolves when the step has ended well; throws with its output when it failed. */
export async function finished(step: BackgroundStep): Promise<void> {
  while (!existsSync(step.status)) await new Promise((resolve) => setTimeout(resolve, 250));
  if (readFileSync(step.status, 'utf8') !== '0') throw new Error(`${step.name} failed:\n${readFileSync(step.log, 'utf8')}`);
}
