import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { storageObjects } from '../../db/schema';
import { namedByChunk } from './chunk-tasks';

/** A stored object this old with no row naming it is an orphan: no upload takes an hour between writing and recording. */
const ORPHAN_AGE_MS = 3600_000;

/**
 * Deletes from storage the objects whose count reached 0 in a committed transaction. Nothing
 * can name such an object again (reuse locks the row it copies a key from), so forgetting the
 * count first is safe; a crash before the file is gone leaves an orphan for the sweep.
 */
export async function deleteUnusedObjects(app: FastifyInstance): Promise<void> {
  try {
    for (;;) {
      const unused = await app.db
        .delete(storageObjects)
        .where(inArray(storageObjects.key, sql`(select ${storageObjects.key} from ${storageObjects} where ${storageObjects.refs} = 0 limit 100)`))
        .returning({ key: storageObjects.key });
      for (const { key } of unused) await app.storage.delete(key);
      if (unused.length < 100) return;
    }
  } catch (error) {
    app.log.warn({ err: error }, 'deleting unused stored objects failed');
  }
}

/** Removes stored objects older than an hour that no row names (left by a killed upload), and old partial writes; chunks of open uploads are named by their rows. */
export async function sweepOrphans(app: Pick<FastifyInstance, 'db' | 'storage'>, now = Date.now()): Promise<number> {
  let removed = 0;
  for (const key of await app.storage.staleKeys(now - ORPHAN_AGE_MS)) {
    const [named] = await app.db.select({ key: storageObjects.key }).from(storageObjects).where(eq(storageObjects.key, key));
    if (named || (await namedByChunk(app.db, key))) continue;
    await app.storage.delete(key);
    removed += 1;
  }
  return removed;
}

/** The storage sweep (at start and hourly, one process at a time): unused objects, then orphans. */
export const STORAGE_SWEEP_QUEUE = 'storage-sweep';
export async function sweepStorage(app: FastifyInstance): Promise<void> {
  await deleteUnusedObjects(app);
  await sweepOrphans(app).catch((error) => app.log.warn({ err: error }, 'sweeping orphan stored objects failed'));
}
