import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { reportClient } from '../../../providers/http';
import { libraryPath, type LibraryKind } from '../kinds';
import type { LibraryItem } from '../types';

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

function fromQuery(params: URLSearchParams): DetailItem {
  const id = Number(params.get('id'));
  return {
    id: Number.isInteger(id) && id > 0 ? id : undefined,
    name: params.get('name') ?? '',
    create_user: params.get('create_user') ?? '',
    file: params.get('file') ?? '',
    cover: params.get('cover') ?? '',
    real_file_name: params.get('real_file_name') ?? '',
    labels: (params.get('labels') ?? '').split(',').map((name) => name.trim()).filter(Boolean),
  };
}

function merge(query: DetailItem, fresh: LibraryItem): DetailItem {
  return {
    id: fresh.id,
    name: fresh.name || query.name,
    create_user: fresh.create_user || query.create_user,
    file: fresh.file || query.file,
    cover: fresh.cover || query.cover,
    real_file_name: fresh.real_file_name || query.real_file_name,
    labels: fresh.labels.map((label) => label.name),
    created_at: fresh.created_at,
    updated_at: fresh.updated_at,
  };
}

/**
 * The item of the detail screen from the query parameters id, name, create_user, file, cover,
 * real_file_name and labels (spec section 2); with an id, GET {id}/ brings dates and current
 * labels, and the query values stay when it fails.
 */
export function useDetailItem(kind: LibraryKind, projectUuid: string): DetailItem {
  const [params] = useSearchParams();
  const search = params.toString();
  const query = useMemo(() => fromQuery(new URLSearchParams(search)), [search]);
  const [fresh, setFresh] = useState<{ search: string; item: LibraryItem }>();

  useEffect(() => {
    if (!query.id) return;
    const controller = new AbortController();
    reportClient
      .get<{ code?: number; data?: LibraryItem }>(libraryPath(projectUuid, kind, 'item', `${query.id}/`), { signal: controller.signal })
      .then(({ data }) => {
        if (data?.data) setFresh({ search, item: data.data });
      })
      .catch(() => {
        // The error catalogue has spoken; the query's values remain.
      });
    return () => controller.abort();
  }, [kind, projectUuid, query.id, search]);

  return fresh?.search === search ? merge(query, fresh.item) : query;
}
