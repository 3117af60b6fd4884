/** The records of the platform's project resources, shared by the resource files and their pages. */

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
