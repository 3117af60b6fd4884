import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { libraryItems, storedFiles } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { MIME, type FileType } from '../../lib/file-types';
import { isId } from '../../lib/schema-types';

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
 * After items are gone: files of the project that no item refers to any more are deleted, and
 * their content with the last row that names it. Organization files (no project) may serve
 * elsewhere (a logo, an avatar) and are kept.
 */
export async function releaseFiles(app: FastifyInstance, projectUuid: string, fileIds: Array<number | null>): Promise<void> {
  const ids = [...new Set(fileIds.filter((id): id is number => id !== null))];
  if (ids.length === 0) return;
  const stillUsed = await app.db
    .select({ fileId: libraryItems.fileId, coverFileId: libraryItems.coverFileId })
    .from(libraryItems)
    .where(or(inArray(libraryItems.fileId, ids), inArray(libraryItems.coverFileId, ids)));
  const used = new Set(stillUsed.flatMap((row) => [row.fileId, row.coverFileId]));
  const unused = ids.filter((id) => !used.has(id));
  if (unused.length === 0) return;
  const removed = await app.db
    .delete(storedFiles)
    .where(and(eq(storedFiles.projectUuid, projectUuid), inArray(storedFiles.id, unused)))
    .returning();
  const keys = new Set(removed.flatMap((row) => [row.storageKey, row.pdfKey, row.thumbKey]).filter((key): key is string => Boolean(key)));
  for (const key of keys) {
    const [other] = await app.db
      .select({ id: storedFiles.id })
      .from(storedFiles)
      .where(or(eq(storedFiles.storageKey, key), eq(storedFiles.pdfKey, key), eq(storedFiles.thumbKey, key)))
      .limit(1);
    if (!other) await app.storage.delete(key);
  }
}
