import type { Db } from '../../db/client';
import { activities, type ActivityChanges } from '../../db/schema';
import type { ActivityAction, ActivityTarget } from '../../../contract/activity';
import { displayName } from '../../../contract/users';

/** Who writes: the session's user, named as they were at the time. */
export interface Actor {
  uuid: string;
  username: string;
  nickname: string;
}

export interface ActivityEntry {
  action: ActivityAction;
  type: ActivityTarget;
  id: number | string;
  name?: string;
  changes?: ActivityChanges;
}

const ROWS_PER_INSERT = 1_000;

/**
 * Records writes inside the transaction `tx` that makes them, one row an entry (inserted a thousand at a time),
 * so a write that rolls back leaves no record and a record names only what committed.
 */
export async function recordActivity(tx: Db, projectUuid: string, actor: Actor | null | undefined, entries: ActivityEntry | ActivityEntry[]): Promise<void> {
  const list = Array.isArray(entries) ? entries : [entries];
  const rows = list.map((entry) => ({
    projectUuid,
    userUuid: actor?.uuid ?? null,
    userName: displayName(actor).slice(0, 150),
    action: entry.action,
    targetType: entry.type,
    targetId: String(entry.id),
    targetName: (entry.name ?? '').slice(0, 200),
    changes: entry.changes ?? {},
  }));
  // A statement takes at most 65,535 parameters: eight a row, so 8,191 rows; 清空回收站 may record more.
  for (let at = 0; at < rows.length; at += ROWS_PER_INSERT) await tx.insert(activities).values(rows.slice(at, at + ROWS_PER_INSERT));
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields of `after` whose value differs from `before`, as `{field: [before, after]}`; dates as ISO text. */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>, fields: readonly string[] = Object.keys(after)): ActivityChanges {
  const plain = (value: unknown) => (value instanceof Date ? value.toISOString() : value ?? null);
  const changes: ActivityChanges = {};
  for (const field of fields) {
    if (!(field in after) || after[field] === undefined) continue;
    if (!same(plain(before[field]), plain(after[field]))) changes[field] = [plain(before[field]), plain(after[field])];
  }
  return changes;
}
