import { useOne } from '@refinedev/core';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { LibraryKind } from '../kinds';
import type { LibraryItem } from '../types';
import { isFirstPage } from '../items/item-files';

/** What the detail shows: the query's values, completed by the server's when it answers. */
export interface DetailItem {
  id?: number;
  name: string;
  create_user: string;
  file: string;
  cover: string;
  real_file_name: string;
  labels: string[];
  created_at?: string;
  updated_at?: string;
}

/** The report service's ids are PostgreSQL integers. */
const largestId = 2 ** 31 - 1;

function idOf(params: URLSearchParams): number | undefined {
  const text = params.get('id') ?? '';
  const id = Number(text);
  return /^\d+$/.test(text) && id > 0 && id <= largestId ? id : undefined;
}

function fromQuery(params: URLSearchParams): DetailItem {
  return {
    id: idOf(params),
    name: params.get('name') ?? '',
    create_user: params.get('create_user') ?? '',
    file: params.get('file') ?? '',
    cover: params.get('cover') ?? '',
    real_file_name: params.get('real_file_name') ?? '',
    labels: (params.get('labels') ?? '').split(',').map((name) => name.trim()).filter(Boolean),
  };
}

/** `imageIsFile`: a material, whose file is its picture. A report without a cover of its own shows the first page the server drew, as its card does. */
function merge(query: DetailItem, fresh: LibraryItem, imageIsFile: boolean): DetailItem {
  return {
    id: fresh.id,
    name: fresh.name || query.name,
    create_user: fresh.create_user || query.create_user,
    file: fresh.file || query.file,
    cover: (isFirstPage(fresh, imageIsFile) && fresh.thumbnail) || fresh.cover || query.cover,
    real_file_name: fresh.real_file_name || query.real_file_name,
    labels: fresh.labels.map((label) => label.name),
    created_at: fresh.created_at,
    updated_at: fresh.updated_at,
  };
}

export interface DetailAnswer {
  item: DetailItem;
  /** No such item: an id that cannot be one, an id the server does not know, or no id, name or file at all. */
  missing: boolean;
  loading: boolean;
}

/**
 * The item of the detail screen from the query parameters id, name, create_user, file, cover,
 * real_file_name and labels (spec section 2); with an id, GET {id}/ brings dates and current
 * labels, and the query values stay when it fails for another reason than 404.
 */
export function useDetailItem(kind: LibraryKind, projectUuid: string): DetailAnswer {
  const [params] = useSearchParams();
  const search = params.toString();
  const query = useMemo(() => fromQuery(new URLSearchParams(search)), [search]);
  const givenId = params.has('id');
  // The error catalogue speaks for a failed read; the query's values remain.
  const fresh = useOne<LibraryItem>({
    resource: kind.resource,
    id: query.id,
    meta: { projectId: projectUuid },
    queryOptions: { enabled: query.id !== undefined, keepPreviousData: false },
  });
  const item = fresh.data?.data;
  const missing =
    (givenId && query.id === undefined) ||
    fresh.error?.statusCode === 404 ||
    (!givenId && !query.name && !query.file);
  return {
    item: item && item.id === query.id ? merge(query, item, kind.fileIsImage) : query,
    missing,
    loading: query.id !== undefined && fresh.isLoading,
  };
}
