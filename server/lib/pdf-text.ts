import { startPdfWorker } from './pdf-worker';

/** A page with fewer characters than this in its text layer is taken for a scan. */
export const SCANNED_TEXT_MIN = 8;
/** A scanned page is drawn at this width for OCR: about 200 dpi for A4, what tesseract reads best. */
const OCR_WIDTH = 1654;
const PAGES_MAX = 2000;

/** A page's text layer, or its drawing (PNG) when it has none and `drawScans` was asked. */
export type PdfPage = { page: number; text: string; png?: Buffer };

/**
 * Each page's text, and a page without text drawn for OCR; after a drawing the worker waits until
 * the reader asks for more, so a long scan is never held drawn whole in memory. `null` ends it.
 */
const READ_PAGES = `
  const count = Math.min(document.numPages, workerData.pagesMax);
  for (let number = 1; number <= count; number++) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    const text = content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\\n' : '') : '')).join('');
    let png;
    if (workerData.drawScans && text.replace(/\\s/g, '').length < workerData.scannedMin) {
      const { width } = page.getViewport({ scale: 1 });
      const viewport = page.getViewport({ scale: workerData.ocrWidth / width });
      const { canvas, context } = document.canvasFactory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, canvas.width, canvas.height);
      await page.render({ canvasContext: context, viewport, canvas }).promise;
      png = canvas.toBuffer('image/png');
    }
    parentPort.postMessage({ page: number, text, png });
    page.cleanup();
    if (png) await new Promise((resolve) => parentPort.once('message', resolve));
  }
  parentPort.postMessage(null);
`;

/**
 * Every page of a PDF, in order. A drawn page (a scan) is handed over and the next page read only
 * when the caller asks for it, and the time the caller takes with a drawing (its OCR) does not
 * count against `timeoutMs`, which bounds the reading alone; the memory bound is the worker's.
 */
export async function* readPdfPages(bytes: Uint8Array, drawScans: boolean, timeoutMs: number): AsyncGenerator<PdfPage> {
  const worker = startPdfWorker(READ_PAGES, bytes, { drawScans, scannedMin: SCANNED_TEXT_MIN, ocrWidth: OCR_WIDTH, pagesMax: PAGES_MAX });
  const arrived: Array<PdfPage | null> = [];
  let failure: Error | undefined;
  let wake: (() => void) | undefined;
  const note = (error?: Error) => {
    failure ??= error;
    wake?.();
  };
  let left = timeoutMs;
  let timer: NodeJS.Timeout | undefined;
  let since = 0;
  const reading = (on: boolean) => {
    clearTimeout(timer);
    if (!on) return void (left -= Date.now() - since);
    since = Date.now();
    timer = setTimeout(() => note(new Error('PDF 文本提取超时')), left);
  };
  worker.on('message', (page: { page: number; text: string; png?: Uint8Array } | null) => {
    if (page?.png) reading(false);
    arrived.push(page && { page: page.page, text: page.text, png: page.png && Buffer.from(page.png) });
    note();
  });
  worker.once('error', (error) => note(error));
  worker.once('exit', (code) => note(new Error(`PDF 文本提取未完成（${code}）`)));
  reading(true);
  try {
    for (;;) {
      const page = arrived.shift();
      if (page === null) return;
      if (page) {
        yield page;
        if (page.png) {
          reading(true);
          worker.postMessage('next');
        }
      } else if (failure) {
        throw failure;
      } else {
        await new Promise<void>((resolve) => (wake = resolve));
      }
    }
  } finally {
    clearTimeout(timer);
    void worker.terminate();
  }
}
