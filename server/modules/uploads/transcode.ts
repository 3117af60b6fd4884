import { execFile } from 'node:child_process';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { storedFiles } from '../../db/schema';
import { Interrupted, type JobContext } from '../../jobs/queue';
import { AppError } from '../../lib/errors';
import { newStorageKey } from '../../lib/storage';
import type { Db } from '../../db/client';
import { FIRST_PAGE_QUEUE, type FirstPageJob } from './first-page';

const run = promisify(execFile);
const sofficeOnPath = new Map<string | undefined, Promise<string | null>>();

async function lookUpSoffice(): Promise<string | null> {
  for (const name of ['soffice', 'libreoffice']) {
    try {
      const { stdout } = await run('sh', ['-c', `command -v ${name}`]);
      if (stdout.trim()) return stdout.trim();
    } catch {
      // not installed under this name
    }
  }
  return null;
}

/** soffice (or libreoffice) on the PATH, looked up once per PATH. */
export function findSoffice(): Promise<string | null> {
  const searchPath = process.env.PATH;
  if (!sofficeOnPath.has(searchPath)) sofficeOnPath.set(searchPath, lookUpSoffice());
  return sofficeOnPath.get(searchPath)!;
}

type FileRow = typeof storedFiles.$inferSelect;

/** Converts one uploaded Word file to PDF: `{ fileId }`, sent in the transaction that records the file. */
export const TRANSCODE_QUEUE = 'file-transcode';
export interface TranscodeJob {
  fileId: number;
}

/**
 * The conversion job: on any process, and again after a restart that cut it short (a stop
 * kills soffice and hands the job back; a killed process's job expires and runs again).
 */
export async function transcodeJob(app: FastifyInstance, { fileId }: TranscodeJob, { stopping }: JobContext): Promise<void> {
  const [file] = await app.db.select().from(storedFiles).where(eq(storedFiles.id, fileId));
  // Deleted meanwhile, or converted by a run that ended before its job was marked done.
  if (file?.transcode !== 'pending') return;
  const soffice = await findSoffice();
  if (!soffice) {
    await app.db.update(storedFiles).set({ transcode: 'unavailable' }).where(eq(storedFiles.id, fileId));
    return;
  }
  await transcodeToPdf(app, file, soffice, stopping);
}

/** Converts a Word file to PDF beside the original and records done or failed on the row. */
async function transcodeToPdf(app: FastifyInstance, file: FileRow, soffice: string, stopping: AbortSignal): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'transcode-'));
  try {
    const input = path.join(dir, `source.${file.mime.includes('openxml') ? 'docx' : 'doc'}`);
    await pipeline(app.storage.get(file.storageKey), createWriteStream(input));
    await run(soffice, ['--headless', '--convert-to', 'pdf', '--outdir', dir, input], { timeout: 120_000, signal: stopping });
    const pdfKey = newStorageKey();
    const { size } = await app.storage.put(pdfKey, createReadStream(path.join(dir, 'source.pdf')));
    // Its PDF recorded, the file's first page is drawn next (its card preview), or neither.
    const updated = await app.db.transaction(async (tx) => {
      const done = await tx
        .update(storedFiles)
        .set({ transcode: 'done', pdfKey, pdfSize: size })
        .where(and(eq(storedFiles.id, file.id), eq(storedFiles.transcode, 'pending')))
        .returning({ id: storedFiles.id });
      if (done.length > 0 && !file.thumbKey) await app.jobs.send<FirstPageJob>(FIRST_PAGE_QUEUE, { fileId: file.id }, { tx: tx as unknown as Db });
      return done;
    });
    // The file was deleted while it was being converted, or a retry of the job (its first run
    // outlived its expiry) has already recorded its PDF: this one would be an unreferenced copy.
    if (updated.length === 0) await app.storage.delete(pdfKey);
  } catch (error) {
    if (stopping.aborted) throw new Interrupted();
    // The object store was out of reach: the job runs again later rather than failing the file for good.
    if (error instanceof AppError && error.statusCode === 503) throw error;
    app.log.warn({ err: error, fileId: file.id }, 'Word to PDF conversion failed');
    await app.db.update(storedFiles).set({ transcode: 'failed' }).where(eq(storedFiles.id, file.id));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
