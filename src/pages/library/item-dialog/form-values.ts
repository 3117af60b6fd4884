import type { ChunkedFile, ReportFileValue } from '../uploads';
import { DEFAULT_COVER } from '../uploads';
import type { LabelPair } from '../tag-cascader';
import { UNGROUPED } from '../tag-cascader';
import type { LibraryKind } from '../kinds';
import type { LibraryItem } from '../types';

/** The dialog's fields; `file` is the single item's, `files` the bulk upload's. */
export interface ItemFormValues {
  name?: string;
  create_user?: string;
  cover?: string;
  tags?: LabelPair[];
  file?: ReportFileValue;
  files?: ChunkedFile[];
  /** The research dimension (hasDimension): a label id of the first report filter group. */
  dimension?: number;
}

/** The body of report_create, bulk_create and the edit call (server/modules/library/schemas.ts). */
export interface ItemBody {
  id?: number;
  name: string;
  create_user: string;
  cover: string;
  file: string;
  real_file_name: string;
  group_id?: number;
  tags: LabelPair[];
  labels?: number[];
}

/** The last segment of a stored file's url, which the server names after the uploaded file. */
export function fileNameOf(url: string): string {
  const segment = url.split(/[?#]/)[0].split('/').pop() ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export function initialValues(kind: LibraryKind, item: LibraryItem | undefined, username: string): ItemFormValues {
  if (!item) return { create_user: username, cover: kind.fileIsImage ? undefined : DEFAULT_COVER, tags: [] };
  return {
    name: item.name,
    create_user: item.create_user,
    cover: item.cover ?? undefined,
    tags: item.labels.map((label) => [label.label_group ?? UNGROUPED, label.id]),
    file: item.file ? { url: item.file, name: item.real_file_name || fileNameOf(item.file) } : undefined,
  };
}

/** New items go into the group the list shows when it is a real group; -1 means none. */
export const targetGroup = (groupId: number | undefined) => (groupId !== undefined && groupId > 0 ? groupId : -1);

function shared(values: ItemFormValues) {
  return {
    create_user: (values.create_user ?? '').trim(),
    tags: values.tags ?? [],
    ...(values.dimension !== undefined ? { labels: [values.dimension] } : {}),
  };
}

/** One item from the form; a material's image is its own cover. */
export function itemBody(kind: LibraryKind, values: ItemFormValues): ItemBody {
  const file = values.file!;
  return {
    ...shared(values),
    name: (values.name ?? '').trim(),
    cover: kind.fileIsImage ? file.url : (values.cover ?? ''),
    file: file.url,
    real_file_name: file.name,
  };
}

/** One item per uploaded file, named after it (cut to the kind's name length), sharing the other fields. */
export function bulkBodies(kind: LibraryKind, values: ItemFormValues, groupId: number): ItemBody[] {
  return (values.files ?? []).map((file) => ({
    ...shared(values),
    name: file.name.trim().slice(0, kind.nameMax),
    cover: kind.fileIsImage ? file.url : (values.cover ?? ''),
    file: file.url,
    real_file_name: file.real_file_name,
    group_id: groupId,
  }));
}
