import path from 'node:path';

export type { FileType } from '../../contract/library';
import type { FileType } from '../../contract/library';

export const MIME: Record<FileType, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

const EXTENSIONS: Record<string, FileType> = { jpg: 'jpeg', jpeg: 'jpeg', png: 'png', pdf: 'pdf', doc: 'doc', docx: 'docx' };

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
