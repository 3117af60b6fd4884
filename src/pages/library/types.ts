import type { Label } from '../../resources/records';

/** A label as the library answers it on an item. */
type ItemLabel = Pick<Label, 'id' | 'name' | 'label_group'> & Partial<Pick<Label, 'extra_info'>>;

/** A report or material as report_list and {id}/ answer it (server/modules/library/items.ts). */
export interface LibraryItem {
  id: number;
  name: string;
  create_user: string;
  cover: string | null;
  file: string | null;
  real_file_name: string | null;
  /** -1: no group. */
  group_id: number;
  labels: ItemLabel[];
  created_at: string;
  updated_at: string;
  /** A small preview of an image item, when the server made one. */
  thumbnail?: string | null;
}

/** The query string of the detail screens (spec section 2: both route families read the same parameters). */
export function detailSearch(item: LibraryItem): string {
  const params = new URLSearchParams({
    id: String(item.id),
    name: item.name,
    create_user: item.create_user,
    file: item.file ?? '',
    cover: item.cover ?? '',
    real_file_name: item.real_file_name ?? '',
    labels: item.labels.map((label) => label.name).join(','),
  });
  return `?${params.toString()}`;
}
