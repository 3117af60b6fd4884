import { and, asc, count, desc, eq, getTableColumns, ilike, inArray, max, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { scriptParams, scripts, scriptVersions, storedFiles, workflows, workflowTasks } from '../../db/schema';
import { AppError, ErrorCode, notFound } from '../../lib/errors';
import { withTotal } from '../../lib/list-page';
import { containing, orderOf } from '../../lib/sql';
import { lockFiles, releaseFiles } from '../library/files';
import type { ParamValues } from './checks';
import { pruneVersions } from './version-pruning';

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

/** Records the script's next version (its row locked by the caller): number, file, size, who. */
async function addVersion(tx: Db, scriptId: number, fileId: number, userUuid: string | null): Promise<number> {
  const [last] = await tx.select({ n: max(scriptVersions.n) }).from(scriptVersions).where(eq(scriptVersions.scriptId, scriptId));
  const n = (last?.n ?? 0) + 1;
  const [file] = await tx.select({ size: storedFiles.size }).from(storedFiles).where(eq(storedFiles.id, fileId));
  await tx.insert(scriptVersions).values({ scriptId, n, fileId, size: file?.size ?? 0, createdBy: userUuid });
  return n;
}

export const insertScript = (db: Db, projectUuid: string, values: ScriptValues, userUuid: string | null) =>
  db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await lockFiles(tx, [values.fileId]);
    const [row] = await tx.insert(scripts).values({ ...values, projectUuid }).returning({ id: scripts.id });
    await addVersion(tx, row.id, values.fileId, userUuid);
    return row.id;
  });

/** An editor's save over a version another save has since replaced. */
export const staleVersion = (latest: number, base: number) =>
  new AppError(409, ErrorCode.conflict, `脚本已被他人保存为第 ${latest} 版，您编辑的是第 ${base} 版；请复制您的修改后重新打开再保存`);

/**
 * Saves a script; a new file becomes its next version, and the versions beyond the newest
 * `keepVersions` that no run recorded are pruned in the same transaction (`version-pruning.ts`).
 * `baseVersion`: the version an editor saved over; checked under the row lock, so of two saves
 * over one version the second is refused.
 */
export const updateScript = (db: Db, projectUuid: string, id: number, values: ScriptValues, userUuid: string | null, options: { keepVersions: number; baseVersion?: number }) =>
  db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await lockFiles(tx, [values.fileId]);
    const [before] = await tx.select().from(scripts).where(and(eq(scripts.projectUuid, projectUuid), eq(scripts.id, id))).for('update');
    if (!before) throw notFound('脚本不存在');
    const { baseVersion } = options;
    if (baseVersion !== undefined) {
      const [last] = await tx.select({ n: max(scriptVersions.n) }).from(scriptVersions).where(eq(scriptVersions.scriptId, id));
      if (last?.n && last.n !== baseVersion) throw staleVersion(last.n, baseVersion);
    }
    await tx.update(scripts).set({ ...values, updatedAt: new Date() }).where(eq(scripts.id, id));
    if (before.fileId === values.fileId) return;
    await addVersion(tx, id, values.fileId, userUuid);
    await pruneVersions(tx, projectUuid, id, values.fileId, options.keepVersions);
  });

/** Deletes a script, its parameters and versions (cascade) and their files when nothing else names them. */
export const deleteScript = (db: Db, projectUuid: string, id: number) =>
  db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const versionFiles = await tx.select({ fileId: scriptVersions.fileId }).from(scriptVersions).where(eq(scriptVersions.scriptId, id));
    const removed = await tx.delete(scripts).where(eq(scripts.id, id)).returning({ fileId: scripts.fileId });
    if (removed.length === 0) return;
    await releaseFiles(tx, projectUuid, [...removed.map((row) => row.fileId), ...versionFiles.map((row) => row.fileId)]);
  });

export type VersionRow = typeof scriptVersions.$inferSelect & { storageKey: string; fileName: string };
const versionColumns = { ...getTableColumns(scriptVersions), storageKey: storedFiles.storageKey, fileName: storedFiles.name };

/** A script's versions, newest first. */
export const listVersions = (db: Db, scriptId: number): Promise<VersionRow[]> =>
  db.select(versionColumns).from(scriptVersions).innerJoin(storedFiles, eq(storedFiles.id, scriptVersions.fileId)).where(eq(scriptVersions.scriptId, scriptId)).orderBy(desc(scriptVersions.n));

export async function findVersion(db: Db, scriptId: number, n: number): Promise<VersionRow> {
  const [row] = await db
    .select(versionColumns)
    .from(scriptVersions)
    .innerJoin(storedFiles, eq(storedFiles.id, scriptVersions.fileId))
    .where(and(eq(scriptVersions.scriptId, scriptId), eq(scriptVersions.n, n)));
  if (!row) throw notFound('脚本版本不存在');
  return row;
}

/** The version number of a script's file: the newest version holding it (a workflow version names the file it was published with). */
export const versionOfFile = (scriptId: number, fileId: number) =>
  sql<number | null>`(select max(${scriptVersions.n}) from ${scriptVersions} where ${scriptVersions.scriptId} = ${scriptId} and ${scriptVersions.fileId} = ${fileId})`;

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
