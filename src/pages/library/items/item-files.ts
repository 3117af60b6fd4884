import type { LibraryItem } from '../types';
import { fileSrc } from '../../../providers/files';

/** The picture of a card: the small preview when the server made one, else the cover, else (for images) the file. */
export function itemImage(item: LibraryItem, imageIsFile: boolean): string | null {
  return item.thumbnail || item.cover || (imageIsFile ? item.file : null) || null;
}

/** A stored file's address as an attachment (the file route answers `?download=1` with Content-Disposition). */
export function downloadHref(url: string): string {
  const src = fileSrc(url);
  return `${src}${src.includes('?') ? '&' : '?'}download=1`;
}
