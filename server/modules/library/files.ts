import { and, eq, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { libraryBin, libraryItems, scripts, scriptVersions, storedFiles } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { MIME, type FileType } from '../../lib/file-types';
import { isId } from '../../lib/schema-types';
import { inIds } from '../../lib/sql';

/** The default covers the app ships are plain static images, usable by every project. */
export const BUILTIN_COVER = /^\/covers\/[a-z0-9-]+\.(png|jpe?g|svg)$/;
const FILE_URL = /^\/api\/uploader\/v1\/files\/(\d+)\//;

/**
 * The stored file behind a URL the client sends, which must belong to this project (or to
 * its organization, without a project) and be of an allowed type.
 */
export async function resolveFileUrl(
  db: Db,
  owner: { projectUuid: string; organizationUuid: string },
  url: string,
  types: FileType[],
  typeMessage: string,
): Promise<number | null> {
  const path = new URL(url, 'http://local').pathname;
  if (BUILTIN_COVER.test(path) && types.includes('png')) return null;
  const id = path.match(FILE_URL)?.[1];
  if (!id || !isId(Number(id))) throw badRequest('文件地址无效，请重新上传');
  const [file] = await db
    .select()
    .from(storedFiles)
    .where(
      and(
        eq(storedFiles.id, Number(id)),
        or(eq(storedFiles.projectUuid, owner.projectUuid), and(isNull(storedFiles.projectUuid), eq(storedFiles.organizationUuid, owner.organizationUuid))),
      ),
    );
  if (!file) throw badRequest('文件不存在或不属于本项目，请重新上传');
  if (!types.some((type) => MIME[type] === file.mime)) throw badRequest(typeMessage);
  return file.id;
}

/**
 * Inside the transaction that makes items point at these files: locks their rows (FOR SHARE)
 * so that a concurrent release waits for the commit, or answers that a file is already gone.
 */
export async function lockFiles(tx: Db, fileIds: Array<number | null | undefined>): Promise<void> {
  const ids = [...new Set(fileIds.filter((id): id is number => typeof id === 'number'))].sort((a, b) => a - b);
  if (ids.length === 0) return;
  const found = await tx.select({ id: storedFiles.id }).from(storedFiles).where(inIds(storedFiles.id, ids)).orderBy(storedFiles.id).for('share');
  if (found.length !== ids.length) throw badRequest('文件不存在或不属于本项目，请重新上传');
}

/**
 * Inside the transaction that took items (or scripts) away from these files: deletes the
 * project's files that no item, recycle bin entry or script refers to any more. Their rows are locked first and
 * the references counted in a later statement, so an item created meanwhile is either seen or
 * finds its file gone.
 * Organization files (no project) may serve elsewhere (a logo, an avatar) and are kept.
 * The stored objects go after the commit (deleteUnusedObjects).
 */
export async function releaseFiles(tx: Db, projectUuid: string, fileIds: Array<number | null>): Promise<void> {
  const ids = [...new Set(fileIds.filter((id): id is number => id !== null))].sort((a, b) => a - b);
  if (ids.length === 0) return;
  const candidates = await tx
    .select({ id: storedFiles.id })
    .from(storedFiles)
    .where(and(eq(storedFiles.projectUuid, projectUuid), inIds(storedFiles.id, ids)))
    .orderBy(storedFiles.id)
    .for('update');
  if (candidates.length === 0) return;
  const lockedIds = candidates.map((row) => row.id);
  const stillUsed = await tx
    .select({ fileId: libraryItems.fileId, coverFileId: libraryItems.coverFileId })
    .from(libraryItems)
    .where(or(inIds(libraryItems.fileId, lockedIds), inIds(libraryItems.coverFileId, lockedIds)));
  const usedByBin = await tx
    .select({ fileId: libraryBin.fileId, coverFileId: libraryBin.coverFileId })
    .from(libraryBin)
    .where(or(inIds(libraryBin.fileId, lockedIds), inIds(libraryBin.coverFileId, lockedIds)));
  const usedByScripts = await tx.select({ fileId: scripts.fileId }).from(scripts).where(inIds(scripts.fileId, lockedIds));
  const usedByVersions = await tx.select({ fileId: scriptVersions.fileId }).from(scriptVersions).where(inIds(scriptVersions.fileId, lockedIds));
  const used = new Set([...[...stillUsed, ...usedByBin].flatMap((row) => [row.fileId, row.coverFileId]), ...usedByScripts.map((row) => row.fileId), ...usedByVersions.map((row) => row.fileId)]);
  const unused = lockedIds.filter((id) => !used.has(id));
  if (unused.length > 0) await tx.delete(storedFiles).where(inIds(storedFiles.id, unused));
}
