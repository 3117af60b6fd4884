import { pdfjs } from 'react-pdf';
import { bundledBytes } from '../../../providers/files';

// Vite bundles the worker and the data pdf.js asks for, so a PDF opens with no network
// beyond the app's own origin (no CDN).
pdfjs.GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).toString();

const urlsOf = (files: Record<string, string>) =>
  new Map(Object.entries(files).map(([path, url]) => [path.slice(path.lastIndexOf('/') + 1), url]));

/*
 * Character maps for CJK fonts a PDF names but does not embed, the standard 14 fonts, and
 * the image decoders (JPEG 2000, ICC colour). Only the URLs are in the bundle; a file is
 * fetched when a document needs it.
 */
const cMaps = urlsOf(import.meta.glob('/node_modules/pdfjs-dist/cmaps/*.bcmap', { query: '?url&no-inline', import: 'default', eager: true }));
const standardFonts = urlsOf(
  import.meta.glob('/node_modules/pdfjs-dist/standard_fonts/*.{pfb,ttf}', { query: '?url&no-inline', import: 'default', eager: true }),
);
const wasm = urlsOf(import.meta.glob('/node_modules/pdfjs-dist/wasm/*.{wasm,js}', { query: '?url&no-inline', import: 'default', eager: true }));

async function bytesAt(table: Map<string, string>, name: string): Promise<Uint8Array> {
  const url = table.get(name);
  if (!url) throw new Error(`pdf.js asked for ${name}, which the app does not ship`);
  return bundledBytes(url);
}

// pdf.js calls its factories' `fetch` for files the app ships, not for API data: the bytes
// come from the app's own origin through `bundledBytes`, so no data provider is involved.
class BundledCMapReader {
  async fetch({ name }: { name: string }) {
    return { cMapData: await bytesAt(cMaps, `${name}.bcmap`), isCompressed: true };
  }
}

class BundledStandardFonts {
  fetch({ filename }: { filename: string }) {
    return bytesAt(standardFonts, filename);
  }
}

class BundledWasm {
  fetch({ filename }: { filename: string }) {
    return bytesAt(wasm, filename);
  }
}

/** getDocument options of every PDF the app shows; one object, as react-pdf asks. */
export const pdfOptions = {
  CMapReaderFactory: BundledCMapReader,
  StandardFontDataFactory: BundledStandardFonts,
  WasmFactory: BundledWasm,
  useWorkerFetch: false,
};
