import type { ResourceProps } from '@refinedev/core';
import type { Endpoints } from '../providers/data/endpoint';

export type ResourceAction = 'list' | 'show' | 'create' | 'edit' | 'delete';

/** What a resource file declares in Refine's `meta`; the data providers read `endpoints`. */
export interface ResourceMeta {
  label: string;
  /** `default` is the platform service, `report` the report service. */
  dataProviderName: 'default' | 'report';
  endpoints: Endpoints;
  /** Patterns of project permission details that allow each action; absent means any user. */
  permissions: Partial<Record<ResourceAction, string[]>>;
}

export type AppResource = ResourceProps & { meta: ResourceMeta };
