import { startPdfWorker } from './pdf-worker';

/** A page with fewer characters than this in its text layer is taken for a scan. */
export const SCANNED_TEXT_MIN = 8;
/** A scanned page is drawn at this width for OCR: about 200 dpi for A4, what tesseract reads best. */
const OCR_WIDTH = 1654;
const PAGES_MAX = 2000;

/** A page's text layer, or its drawing (PNG) when it has none and `drawScans` was asked. */
export type PdfPage = { page: number; text: string; png?: Buffer };

/** Each page's text, and a page without text drawn for OCR; `null` after the last page. */
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
  }
  parentPort.postMessage(null);
`;

/** Every page of a PDF, in order; rejects when the PDF cannot be read within `timeoutMs` and the memory bound. */
export function readPdfPages(bytes: Uint8Array, drawScans: boolean, timeoutMs: number): Promise<PdfPage[]> {
  const worker = startPdfWorker(READ_PAGES, bytes, { drawScans, scannedMin: SCANNED_TEXT_MIN, ocrWidth: OCR_WIDTH, pagesMax: PAGES_MAX });
  const pages: PdfPage[] = [];
  const read = new Promise<PdfPage[]>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('PDF 文本提取超时')), timeoutMs);
    worker.on('message', (page: { page: number; text: string; png?: Uint8Array } | null) => {
      if (page === null) return (clearTimeout(timer), resolve(pages));
      pages.push({ page: page.page, text: page.text, png: page.png && Buffer.from(page.png) });
    });
    worker.once('error', (error) => (clearTimeout(timer), reject(error)));
    worker.once('exit', (code) => (clearTimeout(timer), reject(new Error(`PDF 文本提取未完成（${code}）`))));
  });
  return read.finally(() => worker.terminate());
}
