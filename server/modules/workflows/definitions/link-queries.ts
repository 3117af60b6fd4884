import { and, asc, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client';
import { workflowLinks, workflowTasks } from '../../../db/schema';
import { notFound } from '../../../lib/errors';
import { withTotal } from '../../../lib/list-page';
import { containing, orderOf } from '../../../lib/sql';

export type LinkRow = typeof workflowLinks.$inferSelect;
export type LinkValues = Pick<typeof workflowLinks.$inferInsert, 'sourceTaskId' | 'targetTaskId' | 'sourceParam' | 'targetParam'>;

export const linkNotFound = () => notFound('连线不存在');

const LINK_ORDER: Record<string, PgColumn> = {
  id: workflowLinks.id,
  source_task: workflowLinks.sourceTaskId,
  target_task: workflowLinks.targetTaskId,
  source_param: workflowLinks.sourceParam,
  target_param: workflowLinks.targetParam,
  created_at: workflowLinks.createdAt,
  updated_at: workflowLinks.updatedAt,
};

const sources = alias(workflowTasks, 'source_task');
const targets = alias(workflowTasks, 'target_task');

/** A page of a workflow's links; the search looks at both tasks' names and both params. */
export function listLinks(db: Db, workflowId: number, query: { limit: number; offset: number; search?: string; ordering?: string }) {
  const where: SQL[] = [eq(workflowLinks.workflowId, workflowId)];
  if (query.search) {
    const pattern = containing(query.search);
    where.push(or(ilike(sources.name, pattern), ilike(targets.name, pattern), ilike(workflowLinks.sourceParam, pattern), ilike(workflowLinks.targetParam, pattern))!);
  }
  return withTotal(
    db
      .select({ link: workflowLinks })
      .from(workflowLinks)
      .innerJoin(sources, eq(sources.id, workflowLinks.sourceTaskId))
      .innerJoin(targets, eq(targets.id, workflowLinks.targetTaskId))
      .where(and(...where))
      .orderBy(...orderOf(query.ordering, LINK_ORDER, workflowLinks.id))
      .limit(query.limit)
      .offset(query.offset)
      .then((rows) => rows.map((row) => row.link)),
    db
      .select({ total: count() })
      .from(workflowLinks)
      .innerJoin(sources, eq(sources.id, workflowLinks.sourceTaskId))
      .innerJoin(targets, eq(targets.id, workflowLinks.targetTaskId))
      .where(and(...where)),
  );
}

/** Every link of a workflow, by id. */
export const linksOf = (db: Db, workflowId: number): Promise<LinkRow[]> => db.select().from(workflowLinks).where(eq(workflowLinks.workflowId, workflowId)).orderBy(asc(workflowLinks.id));

export async function findLink(db: Db, workflowId: number, id: number): Promise<LinkRow> {
  const [row] = await db.select().from(workflowLinks).where(and(eq(workflowLinks.workflowId, workflowId), eq(workflowLinks.id, id)));
  if (!row) throw linkNotFound();
  return row;
}

export async function insertLink(tx: Db, workflowId: number, values: LinkValues): Promise<LinkRow> {
  const [row] = await tx.insert(workflowLinks).values({ ...values, workflowId }).returning();
  return row;
}

export async function updateLink(tx: Db, workflowId: number, id: number, values: LinkValues): Promise<LinkRow> {
  const [row] = await tx.update(workflowLinks).set({ ...values, updatedAt: new Date() }).where(and(eq(workflowLinks.workflowId, workflowId), eq(workflowLinks.id, id))).returning();
  return row;
}

export const deleteLink = (tx: Db, workflowId: number, id: number) => tx.delete(workflowLinks).where(and(eq(workflowLinks.workflowId, workflowId), eq(workflowLinks.id, id)));
