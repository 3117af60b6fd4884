import { pipeline, type Readable } from 'node:stream';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { storedFiles } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { cleanFileName, MIME } from '../../lib/file-types';
import { isWordDocument } from '../../lib/ooxml';
import { discardObjects, newStorageKey } from '../../lib/storage';
import { storeThumbnail } from '../../lib/thumbnails';
import { uploadGuard } from './guard';
import { defaultPurpose, uploadRule, type Purpose } from './purposes';
import { FIRST_PAGE_QUEUE, type FirstPageJob } from './first-page';
import { findSoffice, TRANSCODE_QUEUE, type TranscodeJob } from './transcode';

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
  /** Runs in the transaction that records the file, before its row; its error undoes the record. */
  withinRecord?: (tx: Db) => Promise<void>;
}

interface Preview {
  key: string;
  size: number;
  /** Made for this upload, not a twin's. */
  made: boolean;
}

/** The card preview of a stored image: the twin's while it is intact, else the one made already, else a new one. */
async function previewOf(app: FastifyInstance, storageKey: string, twin: FileRow | undefined, made: Preview | null): Promise<Preview> {
  if (twin?.thumbKey && twin.thumbSize !== null && (await app.storage.size(twin.thumbKey)) === twin.thumbSize) {
    return { key: twin.thumbKey, size: twin.thumbSize, made: false };
  }
  return made ?? { ...(await storeThumbnail(app.storage, storageKey)), made: true };
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
  // Refuses the upload with nothing of it left in storage.
  const refuse = async (error: unknown): Promise<never> => {
    await discardObjects(app.storage, [key], app.log);
    throw error;
  };
  const mismatch =
    input.expect && size !== input.expect.size
      ? '文件大小与声明不一致，请重新上传'
      : input.expect?.sha256 && input.expect.sha256.toLowerCase() !== sha256
        ? '文件校验失败（SHA-256 不一致），请重新上传'
        : null;
  if (mismatch) return refuse(badRequest(mismatch));
  if (type === 'docx' && !(await isWordDocument(app.storage, key, size).catch(refuse))) return refuse(badRequest('文件内容与扩展名 .docx 不符'));

  const owner = input.projectUuid
    ? eq(storedFiles.projectUuid, input.projectUuid)
    : and(eq(storedFiles.organizationUuid, input.organizationUuid), isNull(storedFiles.projectUuid));
  const sameContent = and(owner, eq(storedFiles.sha256, sha256));
  const isImage = type === 'jpeg' || type === 'png';
  const isWord = type === 'doc' || type === 'docx';
  const isPdf = type === 'pdf';
  const soffice = isWord ? await findSoffice() : null;
  // Made before the transaction unless a twin (looked at without a lock) has one to share.
  let ownPreview: Preview | null = null;
  try {
    const [seen] = isImage ? await app.db.select().from(storedFiles).where(sameContent).limit(1) : [];
    if (isImage && !seen?.thumbKey) ownPreview = { ...(await storeThumbnail(app.storage, key)), made: true };
  } catch (error) {
    // An image that cannot be read is refused whole.
    return refuse(error);
  }

  let row: FileRow;
  try {
    row = await app.db.transaction(async (tx) => {
      await input.withinRecord?.(tx as unknown as Db);
      // The twin's row stays locked until the new row naming its objects is committed, so a
      // concurrent release cannot take their last reference in between.
      const [locked] = await tx.select().from(storedFiles).where(sameContent).limit(1).for('share');
      const twin = locked && (await app.storage.size(locked.storageKey)) === size ? locked : undefined;
      const storageKey = twin?.storageKey ?? key;
      // A PDF's preview (its first page) is drawn after the commit, unless the twin has it.
      const twinPage = isPdf && twin?.thumbKey && twin.thumbSize !== null ? { key: twin.thumbKey, size: twin.thumbSize, made: false } : null;
      const thumbnail = isImage ? await previewOf(app, storageKey, twin, ownPreview) : twinPage;
      if (thumbnail?.made) ownPreview = thumbnail;
      const [inserted] = await tx
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
      if (inserted.transcode === 'pending') await app.jobs.send<TranscodeJob>(TRANSCODE_QUEUE, { fileId: inserted.id }, { tx: tx as unknown as Db });
      if (isPdf && !inserted.thumbKey) await app.jobs.send<FirstPageJob>(FIRST_PAGE_QUEUE, { fileId: inserted.id }, { tx: tx as unknown as Db });
      return inserted;
    });
  } catch (error) {
    await discardObjects(app.storage, [key, ownPreview?.key], app.log);
    throw error;
  }
  // Only after the commit: this upload's own objects that the twin's made unnecessary.
  await discardObjects(app.storage, [row.storageKey !== key && key, ownPreview && row.thumbKey !== ownPreview.key && ownPreview.key], app.log);
  if (row.transcode === 'pending') app.jobs.wake(TRANSCODE_QUEUE);
  if (isPdf && !row.thumbKey) app.jobs.wake(FIRST_PAGE_QUEUE);
  return row;
}
