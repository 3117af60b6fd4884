import type { ReactNode } from 'react';
import type { LibraryItem } from '../types';
import { ItemCard } from './item-card';

export interface ItemGridProps {
  items: LibraryItem[];
  imageIsFile: boolean;
  selecting: boolean;
  checked: number[];
  canEdit: boolean;
  onCheck: (ids: number[]) => void;
  onOpen: (item: LibraryItem, index: number) => void;
  onEdit: (item: LibraryItem) => void;
  /** A screen's own line on each card. */
  describe?: (item: LibraryItem) => ReactNode;
}

/** The card view. */
export function ItemGrid({ items, imageIsFile, selecting, checked, canEdit, onCheck, onOpen, onEdit, describe }: ItemGridProps) {
  return (
    <div className="library-grid" role="list">
      {items.map((item, index) => (
        <div role="listitem" key={item.id}>
          <ItemCard
            item={item}
            imageIsFile={imageIsFile}
            selecting={selecting}
            checked={checked.includes(item.id)}
            canEdit={canEdit}
            detail={describe?.(item)}
            onToggle={(on) => onCheck(on ? [...checked, item.id] : checked.filter((id) => id !== item.id))}
            onOpen={() => onOpen(item, index)}
            onEdit={() => onEdit(item)}
          />
        </div>
      ))}
    </div>
  );
}
