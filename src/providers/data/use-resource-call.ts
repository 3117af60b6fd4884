import { useCustom, useDataProvider, useResource, type BaseKey, type BaseRecord, type CrudFilters, type CrudSorting } from '@refinedev/core';
import { useMemo } from 'react';
import type { ResourceMeta } from '../../resources/types';
import type { Endpoints } from './endpoint';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

interface ListPage {
  current: number;
  pageSize: number;
  filters?: CrudFilters;
  sorters?: CrudSorting;
}

/**
 * A project resource's data provider with its declaration filled in: named endpoints go
 * through the provider's `custom`, lists through `getList`. Pages never spell a path; a failure
 * has been told to the user and rejects.
 */
export function useResourceCall(name: string, projectId: string) {
  const declared = useDeclared(name);
  const provider = useDataProvider()(declared.dataProviderName);

  return useMemo(() => {
    const meta = { ...declared, projectId };
    const list = <T>({ current, pageSize, filters, sorters }: ListPage) =>
      provider.getList<T & { id: BaseKey }>({ resource: name, pagination: { current, pageSize }, filters, sorters, meta });
    return {
      /** The answer of a named endpoint (`move`, `sort`, …); `silent` when the page words the failure itself, `warnCode400` for a duplicate. */
      call: async <T>(endpoint: string, method: Method, values?: unknown, extra?: { id?: BaseKey; silent?: boolean; warnCode400?: boolean }): Promise<T> => {
        const url = declared.endpoints[endpoint];
        if (!url) throw new Error(`${name} declares no endpoint ${endpoint}`);
        return (await provider.custom!({ url, method, payload: values, meta: { ...meta, ...extra } })).data as T;
      },
      list,
      /** Every record the filters match, `pageSize` at a time. */
      listAll: async <T>(filters: CrudFilters, pageSize: number): Promise<T[]> => {
        const all: T[] = [];
        for (let current = 1; ; current++) {
          const { data, total } = await list<T>({ current, pageSize, filters });
          all.push(...data);
          if (data.length === 0 || all.length >= total) return all;
        }
      },
      one: async <T>(id: BaseKey, silent = false) => (await provider.getOne({ resource: name, id, meta: { ...meta, silent } })).data as T,
    };
  }, [declared, name, projectId, provider]);
}

/** What a resource file declares. */
function useDeclared(name: string): ResourceMeta {
  const declared = useResource(name).resource?.meta as ResourceMeta | undefined;
  if (!declared) throw new Error(`No resource named ${name}`);
  return declared;
}

/** The endpoints a resource declares, for a page's custom calls. */
export const useEndpoints = (name: string): Endpoints => useDeclared(name).endpoints;

/**
 * A resource's list answer as the service sends it, for lists whose envelope carries more than
 * the rows (a group list's item total), through Refine's `useCustom` on the resource's provider.
 */
export function useListAnswer<T extends BaseRecord>(name: string, projectId: string) {
  const { endpoints, dataProviderName } = useDeclared(name);
  return useCustom<T>({ url: endpoints.list!, method: 'get', dataProviderName, meta: { projectId } });
}
