import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { storedFiles } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { MIME } from '../../lib/file-types';
import { storeFirstPagePreview } from '../../lib/pdf-preview';

/** Draws a report file's first page as its card preview: `{ fileId }`, sent when a PDF is recorded or a Word file's PDF is made. */
export const FIRST_PAGE_QUEUE = 'file-first-page';
export interface FirstPageJob {
  fileId: number;
}

/**
 * The preview of a PDF (or of a Word file's PDF) is its first page, kept as the file's
 * thumbnail: a report that has no cover of its own shows it on its card. A PDF that cannot be
 * drawn keeps no preview, and its reports their built-in cover.
 */
export async function firstPageJob(app: FastifyInstance, { fileId }: FirstPageJob): Promise<void> {
  const [file] = await app.db.select().from(storedFiles).where(eq(storedFiles.id, fileId));
  const source = file?.mime === MIME.pdf ? file.storageKey : file?.pdfKey;
  // Deleted meanwhile, drawn by a twin's run or an earlier run of this job, or no PDF to draw.
  if (!file || file.thumbKey || !source) return;
  let preview;
  try {
    preview = await storeFirstPagePreview(app.storage, source);
  } catch (error) {
    // The object store was out of reach: the job runs again later.
    if (error instanceof AppError && error.statusCode === 503) throw error;
    app.log.warn({ err: error, fileId }, 'PDF first page could not be drawn');
    return;
  }
  const updated = await app.db
    .update(storedFiles)
    .set({ thumbKey: preview.key, thumbSize: preview.size })
    .where(and(eq(storedFiles.id, fileId), isNull(storedFiles.thumbKey)))
    .returning({ id: storedFiles.id });
  if (updated.length === 0) await app.storage.delete(preview.key);
}
