import { and, asc, count, eq, inArray, isNull, lt, not, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { uploadChunks, uploadTasks } from '../../db/schema';

/** The SQL of chunked uploads: tasks and their chunks, shared by every server process. */

export type TaskRow = typeof uploadTasks.$inferSelect;
export type ChunkRow = typeof uploadChunks.$inferSelect;

/**
 * A transaction that holds the user's upload lock, so one user's chunk writes take turns
 * across every server process and the checks of their totals see every recorded chunk.
 */
export const inUserTurn = <T>(db: Db, userUuid: string, work: (tx: Db) => Promise<T>): Promise<T> =>
  db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`upload-chunks:${userUuid}`}))`);
    return work(tx as unknown as Db);
  });

const taskOf = (userUuid: string, taskId: string) => and(eq(uploadTasks.userUuid, userUuid), eq(uploadTasks.taskId, taskId));

export async function findTask(db: Db, userUuid: string, taskId: string, lock = false): Promise<TaskRow | undefined> {
  const query = db.select().from(uploadTasks).where(taskOf(userUuid, taskId));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

export async function countTasks(tx: Db, userUuid: string): Promise<number> {
  const [{ n }] = await tx.select({ n: count() }).from(uploadTasks).where(eq(uploadTasks.userUuid, userUuid));
  return n;
}

export async function insertTask(tx: Db, values: typeof uploadTasks.$inferInsert): Promise<TaskRow> {
  const [row] = await tx.insert(uploadTasks).values(values).returning();
  return row;
}

/** Bytes the task's other chunks hold, and the user's chunks but this one (a chunk sent again replaces itself). */
export async function bytesBeside(tx: Db, task: TaskRow, chunk: number): Promise<{ task: number; user: number }> {
  const sameChunk = and(eq(uploadChunks.taskId, task.id), eq(uploadChunks.chunk, chunk))!;
  const [row] = await tx
    .select({
      task: sql<string>`coalesce(sum(${uploadChunks.size}) filter (where ${uploadChunks.taskId} = ${task.id}), 0)`,
      user: sql<string>`coalesce(sum(${uploadChunks.size}), 0)`,
    })
    .from(uploadChunks)
    .innerJoin(uploadTasks, eq(uploadTasks.id, uploadChunks.taskId))
    .where(and(eq(uploadTasks.userUuid, task.userUuid), not(sameChunk)));
  return { task: Number(row.task), user: Number(row.user) };
}

/** Records a chunk (replacing one sent before) and touches its task; answers the replaced chunk's object key. */
export async function recordChunk(tx: Db, row: ChunkRow): Promise<string | null> {
  const [before] = await tx
    .select({ storageKey: uploadChunks.storageKey })
    .from(uploadChunks)
    .where(and(eq(uploadChunks.taskId, row.taskId), eq(uploadChunks.chunk, row.chunk)));
  await tx
    .insert(uploadChunks)
    .values(row)
    .onConflictDoUpdate({ target: [uploadChunks.taskId, uploadChunks.chunk], set: { size: row.size, storageKey: row.storageKey } });
  await tx.update(uploadTasks).set({ touchedAt: sql`now()` }).where(eq(uploadTasks.id, row.taskId));
  return before?.storageKey ?? null;
}

export const chunksOf = (db: Db, taskRowId: number): Promise<ChunkRow[]> =>
  db.select().from(uploadChunks).where(eq(uploadChunks.taskId, taskRowId)).orderBy(asc(uploadChunks.chunk));

/**
 * Marks the task as being joined by one `success/`, unless another claimed it after
 * `staleBefore`; answers the claim, or null when someone else holds it or the task is gone.
 */
export async function claimTask(db: Db, taskRowId: number, staleBefore: Date): Promise<Date | null> {
  // Milliseconds, so the claim read back compares equal to the one written.
  const claim = new Date();
  const [row] = await db
    .update(uploadTasks)
    .set({ completingSince: claim, touchedAt: claim })
    .where(and(eq(uploadTasks.id, taskRowId), or(isNull(uploadTasks.completingSince), lt(uploadTasks.completingSince, staleBefore))))
    .returning({ id: uploadTasks.id });
  return row ? claim : null;
}

/** The condition that a task is still held by this claim (null: claimed by no one). */
export const heldBy = (claim: Date | null) => (claim ? eq(uploadTasks.completingSince, claim) : isNull(uploadTasks.completingSince));

/** Deletes one task if still held by the claim, inside the caller's transaction; false when it is not. */
export async function deleteClaimedTask(tx: Db, taskRowId: number, claim: Date): Promise<boolean> {
  const gone = await tx.delete(uploadTasks).where(and(eq(uploadTasks.id, taskRowId), heldBy(claim))).returning({ id: uploadTasks.id });
  return gone.length > 0;
}

/** Deletes the tasks that match and their chunk rows; answers how many, and the chunks' object keys to delete after the commit. */
export function deleteTasks(db: Db, where: SQL | undefined): Promise<{ tasks: number; keys: string[] }> {
  return db.transaction(async (tx) => {
    // Locked first, so a chunk being recorded for one of them commits before its key is read;
    // in id order, so two removals of overlapping tasks cannot deadlock.
    const locked = await tx.select({ id: uploadTasks.id }).from(uploadTasks).where(where).orderBy(asc(uploadTasks.id)).for('update');
    const ids = locked.map((row) => row.id);
    if (ids.length === 0) return { tasks: 0, keys: [] };
    const keys = await tx.select({ storageKey: uploadChunks.storageKey }).from(uploadChunks).where(inArray(uploadChunks.taskId, ids));
    await tx.delete(uploadTasks).where(inArray(uploadTasks.id, ids));
    return { tasks: ids.length, keys: keys.map((row) => row.storageKey) };
  });
}

export const tasksOfUser = (userUuid: string, taskId: string, claim: Date | null) => and(taskOf(userUuid, taskId), heldBy(claim));
export const tasksInOrganization = (userUuid: string, organizationUuid: string) =>
  and(eq(uploadTasks.userUuid, userUuid), eq(uploadTasks.organizationUuid, organizationUuid));
export const tasksUntouchedSince = (before: Date) => lt(uploadTasks.touchedAt, before);

/** Whether a chunk row names this stored object (the orphan sweep keeps it). */
export async function namedByChunk(db: Db, key: string): Promise<boolean> {
  const [row] = await db.select({ storageKey: uploadChunks.storageKey }).from(uploadChunks).where(eq(uploadChunks.storageKey, key)).limit(1);
  return row !== undefined;
}

/** Gives up a claim after a failure that was not the upload's fault, so the client may try `success/` again. */
export async function releaseClaim(db: Db, taskRowId: number, claim: Date): Promise<void> {
  await db.update(uploadTasks).set({ completingSince: null }).where(and(eq(uploadTasks.id, taskRowId), heldBy(claim)));
}
