import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { connections } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { containing } from '../../lib/sql';
import { withTotal } from '../../lib/list-page';

export type ConnectionRow = typeof connections.$inferSelect;

const ORDERABLE = { id: connections.id, name: connections.name, drivername: connections.drivername, host: connections.host, created_at: connections.createdAt, updated_at: connections.updatedAt };

export function listConnections(db: Db, projectUuid: string, query: { limit: number; offset: number; search?: string; drivername?: string; name__contains?: string; ordering?: string }) {
  const field = query.ordering?.replace(/^-/, '') ?? 'id';
  if (!(field in ORDERABLE)) throw badRequest(`不能按 ${field} 排序`);
  const column = ORDERABLE[field as keyof typeof ORDERABLE];
  const where: SQL[] = [eq(connections.projectUuid, projectUuid)];
  if (query.drivername) where.push(eq(connections.drivername, query.drivername));
  if (query.name__contains) where.push(ilike(connections.name, containing(query.name__contains)));
  if (query.search) {
    const pattern = containing(query.search);
    where.push(or(ilike(connections.name, pattern), ilike(connections.host, pattern), ilike(connections.database, pattern), ilike(connections.username, pattern))!);
  }
  return withTotal(
    db.select().from(connections).where(and(...where)).orderBy(query.ordering?.startsWith('-') ? desc(column) : asc(column), asc(connections.id)).limit(query.limit).offset(query.offset),
    db.select({ total: count() }).from(connections).where(and(...where)),
  );
}

/** `lock`: held until the caller's transaction ends, so an edit is made on the row as it is. */
export async function findConnection(db: Db, projectUuid: string, id: number, lock = false): Promise<ConnectionRow> {
  const query = db.select().from(connections).where(and(eq(connections.projectUuid, projectUuid), eq(connections.id, id)));
  const [row] = await (lock ? query.for('update') : query);
  if (!row) throw notFound('连接不存在');
  return row;
}

export async function insertConnection(db: Db, values: typeof connections.$inferInsert) {
  const [row] = await db.insert(connections).values(values).returning();
  return row;
}

export async function updateConnection(db: Db, id: number, changes: Partial<typeof connections.$inferInsert>) {
  const [row] = await db.update(connections).set({ ...changes, updatedAt: new Date() }).where(eq(connections.id, id)).returning();
  return row;
}

export const deleteConnection = (db: Db, id: number) => db.delete(connections).where(eq(connections.id, id));
