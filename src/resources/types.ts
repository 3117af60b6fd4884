import type { ResourceProps } from '@refinedev/core';
import type { ComponentType, ReactNode } from 'react';
import type { Endpoints } from '../providers/data/endpoint';

/** Refine's five actions, or a resource's own (`batchEdit`, `settings`, …) named in its permission table. */
export type ResourceAction = 'list' | 'show' | 'create' | 'edit' | 'delete' | (string & {});

/** The route families that live inside one project (`/{area}/{projectId}/…`). */
export const AREAS = ['main', 'report', 'material', 'cstjPage', 'projectSetting'] as const;
export type Area = (typeof AREAS)[number];

/** A screen a resource shows in an area besides its `list` route, e.g. the report list under `/report/…`. */
interface AreaRoute {
  area: Area;
  path: string;
  page: ComponentType;
  /** The label of its item in the area's side menu; none: no menu item. */
  menu?: string;
}

/** How a form field is entered; `select` lists the records of another resource. */
export type FieldInput = { type: 'text'; maxLength?: number } | { type: 'select'; resource: string; optionLabel: string };

/** One field of a plain admin resource: a list column, a form item, or both. */
export interface ResourceField {
  /** The record's key; an array reads a nested value (`['user', 'username']`). */
  key: string | string[];
  label: string;
  /** A list column unless false. */
  list?: boolean;
  render?: (value: unknown, record: Record<string, unknown>) => ReactNode;
  /** The forms the field is entered in. */
  form?: ('create' | 'edit')[];
  input?: FieldInput;
  required?: boolean;
}

/** Props of a resource's extra toolbar (left of 新增) on the generic list. */
export interface ToolbarProps {
  projectId: string;
  can: (action: ResourceAction) => boolean;
}

/** Props of a resource's extra row actions on the generic list. */
export interface RowActionProps extends ToolbarProps {
  record: Record<string, unknown>;
}

/** What a resource file declares in Refine's `meta`; the data providers read `endpoints`. */
export interface ResourceMeta {
  label: string;
  /** `default` is the platform service, `report` the report service. */
  dataProviderName: 'default' | 'report';
  /** CRUD endpoints by action, plus the resource's other paths by name; `:projectId` and `:id` are filled in. */
  endpoints: Endpoints;
  /** The report service's label lists page by limit/offset, its item lists by pageNo/pageSize. */
  paging?: 'offset';
  /** Patterns of project permission details that allow each action (any one suffices); absent means any user. */
  permissions: Partial<Record<ResourceAction, readonly string[]>>;
  /** More screens of the resource in project areas (their routes come only from here). */
  routes?: AreaRoute[];
  /** A custom screen at the `list` route; plain admin resources leave it out and get the generic pages. */
  page?: ComponentType;
  /** Plain admin resources: what the generic list, create and edit pages show. */
  fields?: ResourceField[];
  /** The generic list's search box (the `search` query parameter), when the list has one. */
  searchPlaceholder?: string;
  /** Records that may not be deleted even with the permission (the server refuses them too). */
  deletable?: (record: Record<string, unknown>) => boolean;
  /**
   * What to show, in a dialog instead of the usual success message, for a create answer that
   * is not a new record (e.g. an invitation); undefined for a plain new record.
   */
  createdView?: (answer: Record<string, unknown>) => ReactNode | undefined;
  toolbar?: ComponentType<ToolbarProps>;
  rowActions?: ComponentType<RowActionProps>;
}

export type AppResource = ResourceProps & { name: string; meta: ResourceMeta };
