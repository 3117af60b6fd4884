import { and, asc, count, eq, getTableColumns, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { scriptParams, scripts, storedFiles, workflows, workflowTasks } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { withTotal } from '../../lib/list-page';
import { containing, orderOf } from '../../lib/sql';
import { lockFiles, releaseFiles } from '../library/files';
import type { ParamValues } from './checks';

export type ScriptRow = typeof scripts.$inferSelect & { fileName: string };
export type ParamRow = typeof scriptParams.$inferSelect;
type ScriptValues = { name: string; fileId: number; dockerName: string; dockerTag: string; allowNetwork: boolean };

const SCRIPT_ORDER: Record<string, PgColumn> = { id: scripts.id, name: scripts.name, docker_name: scripts.dockerName, created_at: scripts.createdAt, updated_at: scripts.updatedAt };
const PARAM_ORDER: Record<string, PgColumn> = {
  id: scriptParams.id,
  field_name: scriptParams.fieldName,
  direction: scriptParams.direction,
  type: scriptParams.type,
  created_at: scriptParams.createdAt,
  updated_at: scriptParams.updatedAt,
};

const withFileName = { ...getTableColumns(scripts), fileName: storedFiles.name };

export function listScripts(db: Db, projectUuid: string, query: { limit: number; offset: number; search?: string; ordering?: string }) {
  const where: SQL[] = [eq(scripts.projectUuid, projectUuid)];
  if (query.search) {
    const pattern = containing(query.search);
    where.push(or(ilike(scripts.name, pattern), ilike(scripts.dockerName, pattern))!);
  }
  return withTotal(
    db
      .select(withFileName)
      .from(scripts)
      .innerJoin(storedFiles, eq(storedFiles.id, scripts.fileId))
      .where(and(...where))
      .orderBy(...orderOf(query.ordering, SCRIPT_ORDER, scripts.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(scripts).where(and(...where)),
  );
}

export async function findScript(db: Db, projectUuid: string, id: number): Promise<ScriptRow> {
  const [row] = await db
    .select(withFileName)
    .from(scripts)
    .innerJoin(storedFiles, eq(storedFiles.id, scripts.fileId))
    .where(and(eq(scripts.projectUuid, projectUuid), eq(scripts.id, id)));
  if (!row) throw notFound('脚本不存在');
  return row;
}

/** The parameters of these scripts: inputs first, then outputs, each by id. */
export const paramsOfScripts = (db: Db, scriptIds: number[]) =>
  scriptIds.length === 0
    ? Promise.resolve([])
    : db.select().from(scriptParams).where(inArray(scriptParams.scriptId, scriptIds)).orderBy(asc(scriptParams.direction), asc(scriptParams.id));

/** A workflow task that runs the script, if any: while one does, the script cannot be deleted. */
export async function taskUsingScript(db: Db, scriptId: number): Promise<{ workflow: string; task: string } | undefined> {
  const [row] = await db
    .select({ workflow: workflows.name, task: workflowTasks.name })
    .from(workflowTasks)
    .innerJoin(workflows, eq(workflows.id, workflowTasks.workflowId))
    .where(eq(workflowTasks.scriptId, scriptId))
    .orderBy(asc(workflows.id), asc(workflowTasks.id))
    .limit(1);
  return row;
}

/** Inserts a script with its file locked, so a concurrent release cannot take the file away first. */
/** The name a stored file was uploaded under. */
export async function storedFileName(db: Db, fileId: number): Promise<string | undefined> {
  const [row] = await db.select({ name: storedFiles.name }).from(storedFiles).where(eq(storedFiles.id, fileId));
  return row?.name;
}

export const insertScript = (db: Db, projectUuid: string, values: ScriptValues) =>
  db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await lockFiles(tx, [values.fileId]);
    const [row] = await tx.insert(scripts).values({ ...values, projectUuid }).returning({ id: scripts.id });
    return row.id;
  });

/** Saves a script; a file it no longer uses is released in the same transaction. */
export const updateScript = (db: Db, projectUuid: string, id: number, values: ScriptValues) =>
  db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await lockFiles(tx, [values.fileId]);
    const [before] = await tx.select().from(scripts).where(eq(scripts.id, id)).for('update');
    if (!before) throw notFound('脚本不存在');
    await tx.update(scripts).set({ ...values, updatedAt: new Date() }).where(eq(scripts.id, id));
    if (before.fileId !== values.fileId) await releaseFiles(tx, projectUuid, [before.fileId]);
  });

/** Deletes a script, its parameters (cascade) and its file when nothing else names it. */
export const deleteScript = (db: Db, projectUuid: string, id: number) =>
  db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const removed = await tx.delete(scripts).where(eq(scripts.id, id)).returning({ fileId: scripts.fileId });
    await releaseFiles(tx, projectUuid, removed.map((row) => row.fileId));
  });

export function listParams(db: Db, scriptId: number, query: { limit: number; offset: number; search?: string; direction?: string; ordering?: string }) {
  const where: SQL[] = [eq(scriptParams.scriptId, scriptId)];
  if (query.direction) where.push(eq(scriptParams.direction, query.direction));
  if (query.search) {
    const pattern = containing(query.search);
    where.push(or(ilike(scriptParams.fieldName, pattern), ilike(scriptParams.placeholder, pattern))!);
  }
  return withTotal(
    db
      .select()
      .from(scriptParams)
      .where(and(...where))
      .orderBy(...orderOf(query.ordering, PARAM_ORDER, scriptParams.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(scriptParams).where(and(...where)),
  );
}

export async function findParam(db: Db, scriptId: number, id: number): Promise<ParamRow> {
  const [row] = await db.select().from(scriptParams).where(and(eq(scriptParams.scriptId, scriptId), eq(scriptParams.id, id)));
  if (!row) throw notFound('参数不存在');
  return row;
}

/** Runs a parameter write with its script locked (FOR SHARE): a script deleted meanwhile answers 404, not a foreign key error. */
const withScript = <T>(db: Db, scriptId: number, write: (tx: Db) => Promise<T>) =>
  db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [script] = await tx.select({ id: scripts.id }).from(scripts).where(eq(scripts.id, scriptId)).for('share');
    if (!script) throw notFound('脚本不存在');
    return write(tx);
  });

export const insertParam = (db: Db, scriptId: number, values: ParamValues) =>
  withScript(db, scriptId, async (tx) => (await tx.insert(scriptParams).values({ ...values, scriptId }).returning())[0]);

export const updateParam = (db: Db, scriptId: number, id: number, values: ParamValues) =>
  withScript(db, scriptId, async (tx) => {
    const [row] = await tx.update(scriptParams).set({ ...values, updatedAt: new Date() }).where(and(eq(scriptParams.scriptId, scriptId), eq(scriptParams.id, id))).returning();
    if (!row) throw notFound('参数不存在');
    return row;
  });

export const deleteParam = (db: Db, scriptId: number, id: number) => db.delete(scriptParams).where(and(eq(scriptParams.scriptId, scriptId), eq(scriptParams.id, id)));
