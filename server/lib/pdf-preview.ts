import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import { startPdfWorker } from './pdf-worker';
import { THUMBNAIL_BOX } from './thumbnails';
import { newStorageKey, type Storage } from './storage';

const RENDER_TIMEOUT_MS = 30_000;
/** Drawn at twice the card's size, then scaled down by sharp: sharper text than drawing small. */
const DRAWN_BOX = 2 * THUMBNAIL_BOX;

/** The first page drawn within the box; only PNG bytes come back. */
const DRAW_FIRST_PAGE = `
  const page = await document.getPage(1);
  const { width, height } = page.getViewport({ scale: 1 });
  const viewport = page.getViewport({ scale: Math.min(workerData.box / width, workerData.box / height) });
  const { canvas, context } = document.canvasFactory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
  await page.render({ canvasContext: context, viewport, canvas }).promise;
  parentPort.postMessage(canvas.toBuffer('image/png'));
`;

/** The first page of a PDF drawn as PNG; rejects when the PDF cannot be read in time or memory. */
function drawFirstPage(bytes: Uint8Array): Promise<Buffer> {
  const worker = startPdfWorker(DRAW_FIRST_PAGE, bytes, { box: DRAWN_BOX });
  const drawn = new Promise<Buffer>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('PDF 首页渲染超时')), RENDER_TIMEOUT_MS);
    worker.once('message', (png: Uint8Array) => (clearTimeout(timer), resolve(Buffer.from(png))));
    worker.once('error', (error) => (clearTimeout(timer), reject(error)));
    worker.once('exit', (code) => (clearTimeout(timer), reject(new Error(`PDF 首页渲染未完成（${code}）`))));
  });
  return drawn.finally(() => worker.terminate());
}

/** Stores the card preview of the PDF at `sourceKey`, its first page on white, as the image thumbnails are (WebP within the card's box). */
export async function storeFirstPagePreview(storage: Storage, sourceKey: string): Promise<{ key: string; size: number }> {
  const png = await drawFirstPage(new Uint8Array(await buffer(storage.get(sourceKey))));
  const preview = await sharp(png).flatten({ background: '#ffffff' }).resize(THUMBNAIL_BOX, THUMBNAIL_BOX, { fit: 'inside' }).webp({ quality: 75 }).toBuffer();
  const key = newStorageKey();
  const { size } = await storage.put(key, Readable.from([preview]));
  return { key, size };
}
