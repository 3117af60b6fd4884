import type { LabelOrigin } from '../../components/tag-cascader';

export type LibraryKindName = 'report' | 'material';

/**
 * Everything the report and material screens do differently, as data (ARCHITECTURE principle 2;
 * the server's twin is server/modules/library/kinds.ts). Screens read this and nothing else.
 */
export interface LibraryKind {
  kind: LibraryKindName;
  /** Path segments under the report-service base. */
  itemPath: 'report' | 'material';
  groupPath: 'report_group' | 'material_group';
  editPath: 'report_edit' | 'material_edit';
  /** Label origin of its tags and filter groups. */
  origin: LabelOrigin;
  noun: string;
  title: string;
  emptyText: string;
  searchPlaceholder: string;
  dialogTitles: { create: string; bulk: string; edit: string };
  createdMessage: string;
  archiveName: string;
  /** The download batch action with nothing checked. */
  nothingToDownload: string;
  /** The file is an image and its own cover: the form takes images and no cover, and 查看 opens the preview overlay, not a detail page. */
  fileIsImage: boolean;
  /** The batch bar offers the tag spreadsheet (导出标签 / 导入标签). */
  tagSheet: boolean;
  /** Side panel width in pixels. */
  sideWidth: number;
  /**
   * Permission details (spec section 6); each list is satisfied by any one of its entries.
   * batchEdit gates move, move out and the tag spreadsheet; settings gates the selection toggle.
   */
  permissions: {
    create: string[];
    edit: string[];
    batchEdit: string[];
    batchDelete: string[];
    settings: string[];
    createGroup: string[];
    editGroup: string[];
    removeGroup: string[];
  };
  /** Upload rules of the form. */
  accept: string;
  nameMax: number;
  messages: { name: string; nameLength?: string; createUser: string; cover?: string; file: string };
}

export const REPORT_KIND: LibraryKind = {
  kind: 'report',
  itemPath: 'report',
  groupPath: 'report_group',
  editPath: 'report_edit',
  origin: '报告',
  noun: '报告',
  title: '报告列表页',
  emptyText: '暂无报告',
  searchPlaceholder: '请输入报告名称',
  dialogTitles: { create: '新增报告', bulk: '新增报告', edit: '编辑报告' },
  createdMessage: '新增报告成功',
  archiveName: 'reports.zip',
  nothingToDownload: '请勾选需要下载的报告',
  fileIsImage: false,
  tagSheet: true,
  sideWidth: 258,
  permissions: {
    create: ['report.report.create_report'],
    edit: ['report.report.edit_report'],
    batchEdit: ['report.report.edit_report'],
    batchDelete: ['report.reportgroup.delete_reportgroup', 'report.report.delete_report'],
    settings: ['report.report.delete_report', 'report.report.edit_report'],
    createGroup: ['report.reportgroup.create_reportgroup'],
    editGroup: ['report.reportgroup.edit_reportgroup'],
    removeGroup: ['report.reportgroup.delete_reportgroup'],
  },
  accept: '.pdf,.doc,.docx',
  nameMax: 200,
  messages: { name: '请输入报告名称', createUser: '请输入创建人', cover: '请上传报告封面', file: '请上传报告文件' },
};

export const MATERIAL_KIND: LibraryKind = {
  kind: 'material',
  itemPath: 'material',
  groupPath: 'material_group',
  editPath: 'material_edit',
  origin: '素材',
  noun: '素材',
  title: '全部素材',
  emptyText: '暂无素材',
  searchPlaceholder: '请输入素材名称',
  dialogTitles: { create: '新增素材', bulk: '新增素材', edit: '编辑素材' },
  createdMessage: '新增素材成功',
  archiveName: 'material.zip',
  nothingToDownload: '请选择下载的文件',
  fileIsImage: true,
  tagSheet: false,
  sideWidth: 275,
  permissions: {
    create: ['report.material.create_material'],
    edit: ['report.material.edit_material'],
    batchEdit: ['report.materialgroup.edit_materialgroup'],
    batchDelete: ['report.materialgroup.delete_materialgroup'],
    settings: ['report.materialgroup.edit_materialgroup', 'report.materialgroup.delete_materialgroup'],
    createGroup: ['report.materialgroup.create_materialgroup'],
    editGroup: ['report.materialgroup.edit_materialgroup'],
    removeGroup: ['report.materialgroup.delete_materialgroup'],
  },
  accept: '.jpg,.jpeg,.png',
  nameMax: 20,
  messages: { name: '请输入素材名称', nameLength: '长度在 1 到 20 个字符', createUser: '请输入创建人', file: '请上传素材文件' },
};

/** The report-service path of a library endpoint, e.g. libraryPath(p, REPORT_KIND, 'item', 'report_list/'). */
export function libraryPath(projectUuid: string, kind: LibraryKind, part: 'item' | 'group', rest: string): string {
  const segment = part === 'item' ? kind.itemPath : kind.groupPath;
  return `/studio/report/api/report/projects/${encodeURIComponent(projectUuid)}/${segment}/${rest}`;
}
