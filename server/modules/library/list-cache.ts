import { and, eq, sql, type SQL } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client';
import { preparedPer } from '../../db/prepared';
import { libraryChanges, type LibraryKind } from '../../db/schema';

/**
 * The version of a project's list answers of one kind: the sum of its kept changes, which every
 * write to them adds to (migration 0022). Read in the statement that reads an answer, so both
 * come from one snapshot.
 */
export const changeVersion = (projectUuid: unknown, kind: unknown): SQL<string> =>
  sql<string>`(select coalesce(sum(${libraryChanges.n}), 0)::text from ${libraryChanges}
    where ${libraryChanges.projectUuid} = ${projectUuid} and ${libraryChanges.kind} = ${kind})`;

const versionQuery = preparedPer((db) =>
  db
    .select({ version: sql<string>`coalesce(sum(${libraryChanges.n}), 0)::text` })
    .from(libraryChanges)
    .where(and(eq(libraryChanges.projectUuid, sql.placeholder('projectUuid')), eq(libraryChanges.kind, sql.placeholder('kind'))))
    .prepare('library_change_version'),
);

/** Remembered answers per database, by key; the least recently used dropped beyond the limit. */
const remembered = new WeakMap<Db, LRUCache<string, { version: string; answer: unknown }>>();

/**
 * The answer `read` gives, remembered with the version it was read at (undefined: not to be
 * remembered) and given again while the version is the same: one indexed sum instead of the
 * list's statement. Exact: any committed write in between changed the version. `limit` 0
 * remembers nothing.
 */
export async function rememberedAnswer<T>(
  db: Db,
  owner: { projectUuid: string; kind: LibraryKind },
  key: string,
  limit: number,
  read: () => Promise<{ answer: T; version?: string }>,
): Promise<T> {
  if (limit === 0) return (await read()).answer;
  let answers = remembered.get(db);
  if (!answers) remembered.set(db, (answers = new LRUCache({ max: limit })));
  const known = answers.get(key);
  if (known) {
    const [{ version }] = await versionQuery(db).execute(owner);
    if (version === known.version) return known.answer as T;
    answers.delete(key);
  }
  const { answer, version } = await read();
  if (version !== undefined) answers.set(key, { version, answer });
  return answer;
}
