import { randomInt } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';

/** How many uids the sandbox may use from its base: the range the firewall rules name. */
export const UID_RANGE = 65536;
const ATTEMPTS = 64;

/** Uids handed out by this process and not yet given back. */
const held = new Set<number>();

/** Whether any process of the machine runs as this uid (another server process's task, or one not yet gone). */
async function uidInUse(uid: number): Promise<boolean> {
  const entries = await readdir('/proc').catch(() => [] as string[]);
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const info = await stat(`/proc/${entry}`).catch(() => null);
    if (info?.uid === uid) return true;
  }
  return false;
}

/**
 * A uid of its own for one task, so that the process limit counts only its processes and no two
 * tasks can signal or read each other. Random in the range, so that server processes sharing the
 * machine rarely pick the same one, and never one a running process has.
 */
export async function takeTaskUid(base: number): Promise<{ uid: number; release: () => void }> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const uid = base + randomInt(UID_RANGE);
    if (held.has(uid)) continue;
    held.add(uid);
    if (await uidInUse(uid)) {
      held.delete(uid);
      continue;
    }
    return { uid, release: () => held.delete(uid) };
  }
  throw new Error('沙箱没有空闲的用户编号，请稍后重试');
}
