import type { LibraryKind } from '../kinds';
import type { LibraryItem } from '../types';

export interface ItemDialogProps {
  kind: LibraryKind;
  projectUuid: string;
  /** create: one item; bulk: many files through the chunked upload; edit: the given item. */
  mode: 'create' | 'bulk' | 'edit';
  item?: LibraryItem;
  /** The group the list shows; new items go into it (-1 or absent: no group). */
  groupId?: number;
  /** hasDimension=true: the research-dimension selector and the label picker show. */
  hasDimension?: boolean;
  open: boolean;
  onClose: () => void;
  /** Called after a successful save, so the list reloads. */
  onSaved: () => void;
}

/** The add/edit dialog of reports and materials. Placeholder until the dialog lands. */
export function ItemDialog(_props: ItemDialogProps) {
  return null;
}
