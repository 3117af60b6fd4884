import type { Answer } from '../api/client';

/** The records of the project and label resources, shared by the resource files and their pages. */

export interface Project {
  uuid: string;
  name: string;
  extra_info: { project_id?: string; connection_id?: string; schema_name?: string; database_name?: string } | null;
  is_public: boolean;
  project_card_url: string | null;
  skin: string | null;
  color: string | null;
  organization_uuid?: string;
  created_at: string;
  updated_at: string;
}

/** `GET …/permission/`: the caller's role in a project and the detail strings it grants. */
export interface ProjectPermission {
  role: { id: number; name: string } | null;
  permissions: string[];
  permissions_detail: string[];
}

/** What `get_profile/` answers: free keys, of which the info screen edits these. */
export interface ProjectProfile {
  logo?: string;
  description?: string;
  [key: string]: unknown;
}

export interface ProjectRole {
  id: number;
  name: string;
  is_default: boolean;
  customize: boolean;
  builtin: 'admin' | 'editor' | 'visitor' | null;
  permissions: string[];
  member_count: number;
}

/** A label as `label/` answers it; items and filter groups carry some of its fields. */
export type Label = Answer<'getReportProjectsByProjectIdLabel'>['results'][number];

/** A label group as `label_group/` answers it, with its label count. */
export type LabelGroup = Answer<'getReportProjectsByProjectIdLabelGroup'>['results'][number];
