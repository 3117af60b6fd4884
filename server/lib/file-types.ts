import path from 'node:path';

import type { FileType as LibraryFileType } from '../../contract/library';
import { SCRIPT_EXTENSIONS } from '../../contract/workflows';

/** The library's types, and `script`: a text file a script runs (its extension says which language). */
export type FileType = LibraryFileType | 'script';

export const MIME: Record<FileType, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  // Served as plain text whatever the language, so a browser never runs it.
  script: 'text/plain; charset=utf-8',
};


const EXTENSIONS: Record<string, FileType> = {
  jpg: 'jpeg',
  jpeg: 'jpeg',
  png: 'png',
  pdf: 'pdf',
  doc: 'doc',
  docx: 'docx',
  // Only what a workflow task can run is a script: a .sql or .ts file would be taken, then fail every run.
  ...Object.fromEntries(SCRIPT_EXTENSIONS.map((extension) => [extension, 'script' as const])),
};

const startsWith = (head: Buffer, bytes: number[]) => bytes.every((byte, i) => head[i] === byte);

/**
 * The type told by the first bytes. DOC is an OLE compound file and DOCX a zip, so for those
 * two the extension picks between look-alikes (an .xls is also OLE, an .xlsx also a zip).
 */
export function sniffType(head: Buffer, fileName: string): FileType | null {
  const claimed = typeOfName(fileName);
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return claimed === 'doc' ? 'doc' : null;
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return claimed === 'docx' ? 'docx' : null;
  // Text has no signature: what a script's whole content must be is checked by textOnly().
  if (claimed === 'script' && !head.includes(0)) return 'script';
  return null;
}

export function typeOfName(fileName: string): FileType | null {
  return EXTENSIONS[path.extname(fileName).slice(1).toLowerCase()] ?? null;
}

/** The last path segment of a client name, without control characters, at most 200 characters. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (clean.length <= 200) return clean;
  const extension = path.extname(clean).slice(0, 10);
  return clean.slice(0, 200 - extension.length) + extension;
}

/**
 * Refuses content that is not UTF-8 text, chunk by chunk as it streams: a NUL byte or an
 * invalid sequence throws at once, a sequence cut off at the end throws at `end()`.
 */
export function textOnly(refuse: () => Error) {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const decode = (chunk?: Buffer) => {
    if (chunk?.includes(0)) throw refuse();
    try {
      decoder.decode(chunk, { stream: chunk !== undefined });
    } catch {
      throw refuse();
    }
  };
  return { write: (chunk: Buffer) => decode(chunk), end: () => decode() };
}
