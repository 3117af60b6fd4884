import { and, asc, count, eq, getTableColumns, ilike, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client';
import { scripts, workflowTasks } from '../../../db/schema';
import { badRequest, notFound } from '../../../lib/errors';
import { withTotal } from '../../../lib/list-page';
import { containing, orderOf } from '../../../lib/sql';

export type TaskRow = typeof workflowTasks.$inferSelect & { scriptName: string | null };
export type TaskValues = Pick<typeof workflowTasks.$inferInsert, 'name' | 'description' | 'operator' | 'scriptId' | 'params' | 'runInputs' | 'retries' | 'timeout' | 'pool' | 'queue'>;

export const taskNotFound = () => notFound('任务不存在');

const TASK_ORDER: Record<string, PgColumn> = {
  id: workflowTasks.id,
  name: workflowTasks.name,
  operator: workflowTasks.operator,
  created_at: workflowTasks.createdAt,
  updated_at: workflowTasks.updatedAt,
};

const withScriptName = (db: Db) =>
  db
    .select({ ...getTableColumns(workflowTasks), scriptName: scripts.name })
    .from(workflowTasks)
    .leftJoin(scripts, eq(scripts.id, workflowTasks.scriptId));

export function listTasks(db: Db, workflowId: number, query: { limit: number; offset: number; search?: string; ordering?: string }) {
  const where: SQL[] = [eq(workflowTasks.workflowId, workflowId)];
  if (query.search) {
    const pattern = containing(query.search);
    where.push(or(ilike(workflowTasks.name, pattern), ilike(workflowTasks.description, pattern))!);
  }
  return withTotal(
    withScriptName(db)
      .where(and(...where))
      .orderBy(...orderOf(query.ordering, TASK_ORDER, workflowTasks.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(workflowTasks).where(and(...where)),
  );
}

/** Every task of a workflow, by id. */
export const tasksOf = (db: Db, workflowId: number): Promise<TaskRow[]> =>
  withScriptName(db).where(eq(workflowTasks.workflowId, workflowId)).orderBy(asc(workflowTasks.id));

export async function findTask(db: Db, workflowId: number, id: number): Promise<TaskRow> {
  const [row] = await withScriptName(db).where(and(eq(workflowTasks.workflowId, workflowId), eq(workflowTasks.id, id)));
  if (!row) throw taskNotFound();
  return row;
}

/** Adds a task to the locked workflow, which may hold at most `maxTasks` (WORKFLOW_MAX_TASKS). */
export async function insertTask(tx: Db, workflowId: number, values: TaskValues, maxTasks: number): Promise<number> {
  const [{ total }] = await tx.select({ total: count() }).from(workflowTasks).where(eq(workflowTasks.workflowId, workflowId));
  if (total >= maxTasks) throw badRequest(`一个工作流最多有 ${maxTasks} 个任务，本工作流已达上限，请删除不用的任务或拆分为多个工作流`);
  const [row] = await tx.insert(workflowTasks).values({ ...values, workflowId }).returning({ id: workflowTasks.id });
  return row.id;
}

export const updateTask = (tx: Db, workflowId: number, id: number, values: TaskValues) =>
  tx.update(workflowTasks).set({ ...values, updatedAt: new Date() }).where(and(eq(workflowTasks.workflowId, workflowId), eq(workflowTasks.id, id)));

/** Deletes a task; its links go with it (cascade). */
export const deleteTask = (tx: Db, workflowId: number, id: number) => tx.delete(workflowTasks).where(and(eq(workflowTasks.workflowId, workflowId), eq(workflowTasks.id, id)));
