import type { LibraryItem } from '../types';

export const edgeTexts = {
  first: '已到首个素材',
  last: '已到最后素材',
} as const;

/** Where the preview stands: a page of the list and an item on it. */
export interface Position {
  items: LibraryItem[];
  index: number;
  pageNo: number;
}

type Step =
  | { kind: 'same-page'; position: Position }
  | { kind: 'other-page'; pageNo: number }
  | { kind: 'edge'; edge: keyof typeof edgeTexts };

/** One item back (-1) or on (1): on this page, onto the neighbouring page, or against an end of the list. */
export function step(position: Position, direction: -1 | 1, pageCount: number): Step {
  const index = position.index + direction;
  if (index >= 0 && index < position.items.length) return { kind: 'same-page', position: { ...position, index } };
  const pageNo = position.pageNo + direction;
  if (pageNo < 1) return { kind: 'edge', edge: 'first' };
  if (pageNo > pageCount) return { kind: 'edge', edge: 'last' };
  return { kind: 'other-page', pageNo };
}
