import type { LibraryItem } from '../types';
import { fileSrc } from '../../../providers/files';

/** The picture of a card: the small preview when the server made one, else the cover, else (for images) the file. */
export function itemImage(item: LibraryItem, imageIsFile: boolean): string | null {
  return item.thumbnail || item.cover || (imageIsFile ? item.file : null) || null;
}

/** True when the picture is the first page of the report's own file (a report with no cover of its own): shown from its top, where the title is. */
export const isFirstPage = (item: LibraryItem, imageIsFile: boolean) => !imageIsFile && !!item.file && item.thumbnail === `${item.file}?format=thumbnail`;

/** A stored file's address as an attachment (the file route answers `?download=1` with Content-Disposition). */
export function downloadHref(url: string): string {
  const src = fileSrc(url);
  return `${src}${src.includes('?') ? '&' : '?'}download=1`;
}
