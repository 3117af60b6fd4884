import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface OutboxLine {
  time: string;
  mobile: string;
  action: string;
  code: string;
}

/** The codes the server has "sent" to `mobile`, oldest first, from `<dataDir>/sms-outbox.log`. */
export function outbox(dataDir: string, mobile: string): OutboxLine[] {
  const file = path.join(dataDir, 'sms-outbox.log');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as OutboxLine)
    .filter((line) => line.mobile === mobile);
}

/** Waits for a code newer than the `before` ones and answers it. */
export async function newestCode(dataDir: string, mobile: string, before: number): Promise<OutboxLine> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const lines = outbox(dataDir, mobile);
    if (lines.length > before) return lines[lines.length - 1];
    if (Date.now() > deadline) throw new Error(`no SMS code for ${mobile} in the outbox`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
