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
  /**
   * A screen without a menu item (a detail): the path of the item that stays highlighted on it.
   * A `from` query parameter naming another item of the area (where the detail was opened) wins.
   */
  within?: string;
}

/** Props of a resource's own form input (`custom`): antd's controlled value and onChange. */
export interface CustomInputProps {
  value?: unknown;
  onChange?: (value: unknown) => void;
  projectId: string;
}

/**
 * How a form field is entered: `select` lists the records of another resource, `choice` fixed
 * options; a `password` is write-only: never loaded, and an edit left empty keeps the stored one.
 */
export type FieldInput =
  | { type: 'text'; maxLength?: number }
  | { type: 'select'; resource: string; optionLabel: string }
  | { type: 'choice'; options: { label: string; value: string | number }[] }
  | { type: 'number'; min?: number; max?: number; precision?: number }
  | { type: 'password'; maxLength?: number }
  | { type: 'switch' }
  | { type: 'tags' }
  | { type: 'custom'; component: ComponentType<CustomInputProps> };

/** One field of a plain admin resource: a list column, a form item, or both. */
export interface ResourceField {
  /** The record's key; an array reads a nested value (`['user', 'username']`). */
  key: string | string[];
  label: string;
  /** A name that may be long: its list column cuts it with an ellipsis and shows it whole on hover. */
  long?: boolean;
  /** A list column unless false. */
  list?: boolean;
  render?: (value: unknown, record: Record<string, unknown>) => ReactNode;
  /** The forms the field is entered in. */
  form?: ('create' | 'edit')[];
  input?: FieldInput;
  required?: boolean;
  /** What a required field left empty says; default 请输入 (or 请选择) and the label. */
  requiredMessage?: string;
  /** The help text under the form item. */
  help?: string;
  /** In an edit form, the help text once any of these fields was changed (e.g. the password to type again). */
  helpWhenChanged?: { keys: string[]; help: string };
  /** The value a create form starts with. */
  initial?: unknown;
  /** Shown in the form only while another field has one of these values (e.g. options only for text). */
  shownWhen?: { key: string; values: unknown[] };
  /** Set from another field when that one changes (e.g. the port from the database type). */
  follows?: { key: string; value: (other: unknown) => unknown };
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

/** Props of a resource's extra buttons in its create and edit dialogs (left of 取消). */
export interface FormActionProps {
  projectId: string;
  action: 'create' | 'edit';
  /** The record being edited. */
  id?: string | number;
  /** The form's current values, as the dialog would send them. */
  values: () => Record<string, unknown>;
}

/** What a resource file declares in Refine's `meta`; the data providers read `endpoints`. */
export interface ResourceMeta {
  label: string;
  /** `default` is the platform service, `report` the report service. */
  dataProviderName: 'default' | 'report';
  /** The operation each action calls (providers/data/endpoint.ts fills its path from the id and `meta`). */
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
  /** Records that may not be edited even with the permission (the server refuses them too). */
  editable?: (record: Record<string, unknown>) => boolean;
  /**
   * What to show, in a dialog instead of the usual success message, for a create answer that
   * is not a new record (e.g. an invitation); undefined for a plain new record.
   */
  createdView?: (answer: Record<string, unknown>) => ReactNode | undefined;
  toolbar?: ComponentType<ToolbarProps>;
  rowActions?: ComponentType<RowActionProps>;
  formActions?: ComponentType<FormActionProps>;
}

export type AppResource = ResourceProps & { name: string; meta: ResourceMeta };
