import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

const PDFJS_ROOT = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const PDFJS_URL = pathToFileURL(path.join(PDFJS_ROOT, 'legacy/build/pdf.mjs')).href;

/**
 * Opens `bytes` with pdf.js in a thread of its own, bounded in memory: an uploaded PDF is the
 * tenant's and may be crafted. No eval, no fonts of the system. `body` runs with the open
 * `document`, `parentPort` and `workerData` (`data` as given) in scope; the caller bounds the time.
 */
export function startPdfWorker(body: string, bytes: Uint8Array, data: Record<string, unknown>): Worker {
  const source = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  const pdfjs = await import(workerData.pdfjsUrl);
  const document = await pdfjs.getDocument({
    data: workerData.bytes, isEvalSupported: false, useSystemFonts: false,
    standardFontDataUrl: workerData.root + '/standard_fonts/', cMapUrl: workerData.root + '/cmaps/', cMapPacked: true,
  }).promise;
${body}
  await document.destroy();
})();
`;
  return new Worker(source, {
    eval: true,
    workerData: { ...data, bytes, root: PDFJS_ROOT, pdfjsUrl: PDFJS_URL },
    resourceLimits: { maxOldGenerationSizeMb: 512, maxYoungGenerationSizeMb: 64 },
  });
}
