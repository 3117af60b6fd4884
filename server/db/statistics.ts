import { sql } from 'drizzle-orm';
import type { Db } from './client';

/**
 * Refreshes the planner's statistics of the library's items and their labels once the items
 * differ from what the last ANALYZE saw by autovacuum's default threshold (50 rows and a
 * tenth). A bulk import writes faster than autovacuum looks (once a minute on PostgreSQL,
 * never on PGlite): right after 100,000 reports the list's first page was planned as if the
 * table were empty and took 9× a fetch by id. The kept group counts say how many items there
 * are, so no count runs; answers whether it analyzed.
 */
export async function refreshLibraryStatistics(db: Db): Promise<boolean> {
  const [{ items, seen }] = await db
    .select({
      items: sql`(select coalesce(sum(n), 0) from library_group_counts)`.mapWith(Number),
      seen: sql`greatest((select reltuples from pg_class where oid = 'library_items'::regclass), 0)`.mapWith(Number),
    })
    .from(sql`(values (1)) as one`);
  if (Math.abs(items - seen) <= 50 + 0.1 * seen) return false;
  await db.execute(sql`analyze library_items, library_item_labels`);
  return true;
}
