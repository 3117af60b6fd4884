import { buffer } from 'node:stream/consumers';
import type { FastifyInstance } from 'fastify';
import { MIME } from '../../lib/file-types';
import { findTesseract, recognize } from '../../lib/ocr';
import { readPdfPages } from '../../lib/pdf-text';
import type { ClaimedItem } from './queries';

const PDF_READ_TIMEOUT_MS = 300_000;

/** What an extraction found: the pages' text, or why there is none; `later` when a Word file's PDF is not made yet. */
export type Extracted =
  | { state: 'indexed'; pages: Array<{ page: number; text: string }>; ocrPages: number; reason: string | null }
  | { state: 'unreadable' | 'failed'; reason: string }
  | { state: 'later' };

/** tesseract's path when OCR is on: CONTENT_OCR=on or auto, and the command is installed. */
export async function ocrCommand(app: FastifyInstance): Promise<string | null> {
  return app.config.contentOcr === 'off' ? null : findTesseract();
}

const WORD_MIMES = new Set([MIME.doc, MIME.docx]);
const IMAGE_MIMES = new Set([MIME.jpeg, MIME.png]);

/** Reads the text of an item's file: a PDF's text layer (scans by OCR), a Word file's PDF, a material's image by OCR; `stop` ends a PDF's reading between pages. */
export async function extractItem(app: FastifyInstance, item: ClaimedItem, stop?: AbortSignal): Promise<Extracted> {
  const tesseract = await ocrCommand(app);
  if (!item.file) return { state: 'unreadable', reason: '没有可提取文字的文件' };
  const { mime, storageKey, pdfKey, transcode } = item.file;
  if (IMAGE_MIMES.has(mime)) {
    if (!tesseract) return { state: 'unreadable', reason: '未开启文字识别（OCR），图片中的文字未识别' };
    const image = await buffer(app.storage.get(storageKey));
    const text = await inOcrSlot(app.config.contentOcrParallel, () => recognize(tesseract, image));
    return text ? { state: 'indexed', pages: [{ page: 1, text }], ocrPages: 1, reason: null } : { state: 'unreadable', reason: '图片中没有识别出文字' };
  }
  let source = storageKey;
  if (WORD_MIMES.has(mime)) {
    if (transcode === 'pending') return { state: 'later' };
    if (transcode === 'unavailable') return { state: 'unreadable', reason: '服务器未安装文档转换程序，Word 文件的文字无法提取' };
    if (transcode !== 'done' || !pdfKey) return { state: 'failed', reason: 'Word 文件转换为 PDF 失败，文字无法提取' };
    source = pdfKey;
  } else if (mime !== MIME.pdf) {
    return { state: 'unreadable', reason: '该文件类型不支持文字提取' };
  }
  const read = await readPdfText(new Uint8Array(await buffer(app.storage.get(source))), tesseract, app.config.contentOcrParallel, stop);
  if ('unreadable' in read) return { state: 'failed', reason: `PDF 无法读取：${read.unreadable}`.slice(0, 500) };
  const { pages, ocrPages, unrecognized } = read;
  if (pages.every((page) => !page.text)) {
    return { state: 'unreadable', reason: tesseract ? '文件中没有识别出文字' : '扫描页未识别：未开启文字识别（OCR）' };
  }
  const reason = unrecognized > 0 && !tesseract ? `${unrecognized} 页为扫描页，未开启文字识别（OCR），未识别` : null;
  return { state: 'indexed', pages: pages.filter((page) => page.text), ocrPages, reason };
}

let ocrRunning = 0;
const ocrWaiting: Array<() => void> = [];
/**
 * Runs one OCR once fewer than `limit` (CONTENT_OCR_PARALLEL) run in this process: the bound is the
 * process's, shared by every reader of the content job, not each PDF's (16 readers of 16 scans
 * each were 256 tesseract processes).
 */
async function inOcrSlot<T>(limit: number, run: () => Promise<T>): Promise<T> {
  while (ocrRunning >= limit) await new Promise<void>((resolve) => ocrWaiting.push(resolve));
  ocrRunning++;
  try {
    return await run();
  } finally {
    ocrRunning--;
    ocrWaiting.shift()?.();
  }
}

type PdfText = { pages: Array<{ page: number; text: string }>; ocrPages: number; unrecognized: number };

/**
 * The text of each page of a PDF, its scans read by `tesseract` (when given) `parallel` at a time
 * in this process (with other PDFs read meanwhile) while the next pages are drawn; `unreadable` says why pdf.js could not read it. An OCR failure
 * rejects, and so does `stop` aborted (checked before each page).
 */
export async function readPdfText(bytes: Uint8Array, tesseract: string | null, parallel: number, stop?: AbortSignal): Promise<PdfText | { unreadable: string }> {
  const pages: PdfText['pages'] = [];
  let ocrPages = 0;
  let unrecognized = 0;
  const reading = new Set<Promise<void>>();
  let ocrFailure: unknown;
  try {
    for await (const page of readPdfPages(bytes, tesseract !== null, PDF_READ_TIMEOUT_MS)) {
      if (stop?.aborted) break;
      const read = { page: page.page, text: page.text.trim() };
      pages.push(read);
      if (page.png && tesseract) {
        // A page of a few characters is read again as a scan; the characters its text layer has stay.
        const png = page.png;
        const done: Promise<void> = inOcrSlot(parallel, () => recognize(tesseract, png))
          .then((text) => void (read.text = [read.text, text].filter(Boolean).join('\n')), (error: unknown) => void (ocrFailure ??= error))
          .finally(() => reading.delete(done));
        reading.add(done);
        ocrPages++;
        if (reading.size >= parallel) await Promise.race(reading);
        if (ocrFailure) break;
      } else if (!read.text) {
        unrecognized++;
      }
    }
  } catch (error) {
    return { unreadable: (error as Error).message };
  } finally {
    await Promise.all(reading);
  }
  if (ocrFailure) throw ocrFailure;
  stop?.throwIfAborted();
  return { pages, ocrPages, unrecognized };
}
