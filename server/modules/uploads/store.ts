import { pipeline, type Readable } from 'node:stream';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { storedFiles } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { cleanFileName, MIME } from '../../lib/file-types';
import { newStorageKey } from '../../lib/storage';
import { storeThumbnail } from '../../lib/thumbnails';
import { uploadGuard } from './guard';
import { defaultPurpose, uploadRule, type Purpose } from './purposes';
import { findSoffice, transcodeToPdf } from './transcode';

export type FileRow = typeof storedFiles.$inferSelect;

export interface UploadInput {
  source: Readable;
  fileName: string;
  purpose?: Purpose;
  organizationUuid: string;
  projectUuid: string | null;
  userUuid: string;
  /** What the client declared: the stored bytes must match it. */
  expect?: { size: number; sha256?: string };
}

interface Preview {
  key: string;
  size: number;
  /** Made for this upload, not a twin's. */
  made: boolean;
}

/** The card preview of a stored image: the twin's while it is intact, else a new one. */
async function previewOf(app: FastifyInstance, storageKey: string, twin: FileRow | undefined): Promise<Preview> {
  if (twin?.thumbKey && twin.thumbSize !== null && (await app.storage.size(twin.thumbKey)) === twin.thumbSize) {
    return { key: twin.thumbKey, size: twin.thumbSize, made: false };
  }
  return { ...(await storeThumbnail(app.storage, storageKey)), made: true };
}

/**
 * Streams an upload through its checks into storage and records it. Content already stored
 * for the same project (or organization) is kept once; nothing is left behind on a refusal.
 */
export async function storeUpload(app: FastifyInstance, input: UploadInput): Promise<FileRow> {
  const name = cleanFileName(input.fileName);
  if (!name) throw badRequest('文件名不能为空');
  const guard = uploadGuard(name, (type) => uploadRule(input.purpose ?? defaultPurpose(type), app.config.uploadLimits));
  const key = newStorageKey();
  // The error of either stream reaches storage.put through the guard; this callback only keeps it handled.
  const checked = pipeline(input.source, guard.stream, () => undefined);
  const { size, sha256 } = await app.storage.put(key, checked);
  const type = guard.state.type!;
  const mismatch =
    input.expect && size !== input.expect.size
      ? '文件大小与声明不一致，请重新上传'
      : input.expect?.sha256 && input.expect.sha256.toLowerCase() !== sha256
        ? '文件校验失败（SHA-256 不一致），请重新上传'
        : null;
  if (mismatch) {
    await app.storage.delete(key);
    throw badRequest(mismatch);
  }

  const owner = input.projectUuid
    ? eq(storedFiles.projectUuid, input.projectUuid)
    : and(eq(storedFiles.organizationUuid, input.organizationUuid), isNull(storedFiles.projectUuid));
  const [twin] = await app.db.select().from(storedFiles).where(and(owner, eq(storedFiles.sha256, sha256))).limit(1);
  const storageKey = twin && (await app.storage.size(twin.storageKey)) === size ? twin.storageKey : key;
  if (storageKey !== key) await app.storage.delete(key);

  const isWord = type === 'doc' || type === 'docx';
  const soffice = isWord ? await findSoffice() : null;
  let thumbnail: Preview | null = null;
  if (type === 'jpeg' || type === 'png') {
    try {
      thumbnail = await previewOf(app, storageKey, twin);
    } catch (error) {
      // An image that cannot be read is refused whole; a twin's content stays.
      if (storageKey === key) await app.storage.delete(key);
      throw error;
    }
  }
  let row: FileRow;
  try {
    [row] = await app.db
      .insert(storedFiles)
      .values({
        organizationUuid: input.organizationUuid,
        projectUuid: input.projectUuid,
        storageKey,
        name,
        size,
        mime: MIME[type],
        sha256,
        transcode: !isWord ? 'none' : twin?.pdfKey ? 'done' : soffice ? 'pending' : 'unavailable',
        pdfKey: isWord ? (twin?.pdfKey ?? null) : null,
        pdfSize: isWord ? (twin?.pdfSize ?? null) : null,
        thumbKey: thumbnail?.key ?? null,
        thumbSize: thumbnail?.size ?? null,
        createdBy: input.userUuid,
      })
      .returning();
  } catch (error) {
    if (storageKey === key) await app.storage.delete(key);
    if (thumbnail?.made) await app.storage.delete(thumbnail.key);
    throw error;
  }
  if (row.transcode === 'pending' && soffice) app.track(transcodeToPdf(app, row, soffice));
  return row;
}
