import { randomInt } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';

/**
 * A sleep length no other process uses (like 1234.567891), to find a script's child from the host:
 * inside the sandbox's pid namespace its pid means nothing out here.
 */
export const sleepMarker = () => `${randomInt(1000, 9999)}.${randomInt(100000, 999999)}`;

/** Pids of the machine's live processes (zombies count as ended) with this exact argument. */
export function processesWithArgument(argument: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (args.includes(argument) && stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z') found.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return found;
}
