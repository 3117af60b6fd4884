import type { EntityName } from './labels';
import { permissionDetail, type PermissionAction } from './permissions';

export const LIBRARY_KINDS = ['report', 'material'] as const;
export type LibraryKindName = (typeof LIBRARY_KINDS)[number];

/** The stored file types the server tells by content. */
export type FileType = 'jpeg' | 'png' | 'pdf' | 'doc' | 'docx';

/** The report service's base path; `:projectId` is the project's uuid. */
export const REPORT_SERVICE_BASE = '/studio/report/api/report/projects/:projectId';

/** An operation of the library whose permission the spec (section 6) names. */
export type LibraryOperation =
  | 'view'
  | 'create'
  | 'edit'
  | 'delete'
  | 'batchEdit'
  | 'batchDelete'
  | 'settings'
  | 'viewGroups'
  | 'createGroup'
  | 'editGroup'
  | 'deleteGroup';

/**
 * Everything that differs between reports and materials and that both server and app must
 * agree on, as data (ARCHITECTURE principle 2). Screen texts live with the screens.
 */
export interface LibraryKindContract {
  kind: LibraryKindName;
  /** Path segments under the report-service base. */
  itemPath: 'report' | 'material';
  groupPath: 'report_group' | 'material_group';
  editPath: 'report_edit' | 'material_edit';
  /** Permission models: report.<model>.<action>_<model>. */
  model: 'report' | 'material';
  groupModel: 'reportgroup' | 'materialgroup';
  /** The entity name of the kind's labels and filter groups. */
  entity: EntityName;
  fileTypes: FileType[];
  /** The file input's accept list. */
  accept: string;
  nameMax: number;
  /** Its files are images: their text, and so content search, exists only while OCR is on. */
  textByOcrOnly: boolean;
  messages: { name: string; nameLength?: string; createUser: string; cover?: string; file: string };
  /** Permission details by operation; each is satisfied by any one of its entries. */
  permissions: Record<LibraryOperation, string[]>;
}

const item = (model: string, action: PermissionAction) => permissionDetail('report', model, action);

export const REPORT: LibraryKindContract = {
  kind: 'report',
  itemPath: 'report',
  groupPath: 'report_group',
  editPath: 'report_edit',
  model: 'report',
  groupModel: 'reportgroup',
  entity: '报告',
  fileTypes: ['pdf', 'doc', 'docx'],
  accept: '.pdf,.doc,.docx',
  nameMax: 200,
  textByOcrOnly: false,
  messages: { name: '请输入报告名称', createUser: '请输入创建人', cover: '请上传报告封面', file: '请上传报告文件' },
  permissions: {
    view: [item('report', 'view')],
    create: [item('report', 'create')],
    edit: [item('report', 'edit')],
    delete: [item('report', 'delete')],
    batchEdit: [item('report', 'edit')],
    batchDelete: [item('reportgroup', 'delete'), item('report', 'delete')],
    settings: [item('report', 'delete'), item('report', 'edit')],
    viewGroups: [item('report', 'view'), item('reportgroup', 'view')],
    createGroup: [item('reportgroup', 'create')],
    editGroup: [item('reportgroup', 'edit')],
    deleteGroup: [item('reportgroup', 'delete')],
  },
};

export const MATERIAL: LibraryKindContract = {
  kind: 'material',
  itemPath: 'material',
  groupPath: 'material_group',
  editPath: 'material_edit',
  model: 'material',
  groupModel: 'materialgroup',
  entity: '素材',
  fileTypes: ['jpeg', 'png'],
  accept: '.jpg,.jpeg,.png',
  nameMax: 20,
  textByOcrOnly: true,
  messages: { name: '请输入素材名称', nameLength: '长度在 1 到 20 个字符', createUser: '请输入创建人', file: '请上传素材文件' },
  permissions: {
    view: [item('material', 'view')],
    create: [item('material', 'create')],
    edit: [item('material', 'edit')],
    delete: [item('material', 'delete')],
    batchEdit: [item('materialgroup', 'edit')],
    batchDelete: [item('materialgroup', 'delete')],
    settings: [item('materialgroup', 'edit'), item('materialgroup', 'delete')],
    viewGroups: [item('material', 'view'), item('materialgroup', 'view')],
    createGroup: [item('materialgroup', 'create')],
    editGroup: [item('materialgroup', 'edit')],
    deleteGroup: [item('materialgroup', 'delete')],
  },
};

export const LIBRARY: Record<LibraryKindName, LibraryKindContract> = { report: REPORT, material: MATERIAL };
