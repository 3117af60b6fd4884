import { MATERIAL, REPORT, type LibraryKindContract } from '../../../contract/library';
import { libraryOperations, type LibraryOperations } from '../../resources/library';

/**
 * Everything the report and material screens do differently, as data (ARCHITECTURE principle 2):
 * the contract's kind plus the screens' texts. Screens read this and nothing else.
 */
export interface LibraryKind extends LibraryKindContract {
  /** The app resources of its items and of its groups (src/resources/reports.tsx, materials.tsx). */
  resource: 'reports' | 'materials';
  groupResource: 'reportGroups' | 'materialGroups';
  operations: LibraryOperations;
  title: string;
  emptyText: string;
  searchPlaceholder: string;
  dialogTitles: { create: string; bulk: string; edit: string };
  /** The titles with the `variant=data` query parameter (spec section 2: 新增数据 / 编辑数据). */
  dataDialogTitles?: { create: string; bulk: string; edit: string };
  createdMessage: string;
  /** What the delete and move-out confirmations count: 此操作将永久删除N条数据报告 (spec section 8) / N条素材. */
  countedNoun: string;
  archiveName: string;
  /** The download batch action with nothing checked. */
  nothingToDownload: string;
  /** The file is an image and its own cover: the form takes images and no cover, and 查看 opens the preview overlay, not a detail page. */
  fileIsImage: boolean;
  /** The batch bar offers the tag spreadsheet (导出标签 / 导入标签). */
  tagSheet: boolean;
  /** The toolbar offers the level filter (spec section 2, main list). */
  levelFilter: boolean;
  /** The 全文 search mode and each item's 内容状态 (text extraction). */
  contentSearch: boolean;
  /** Side panel width in pixels. */
  sideWidth: number;
}

export const REPORT_KIND: LibraryKind = {
  ...REPORT,
  resource: 'reports',
  groupResource: 'reportGroups',
  operations: libraryOperations('Report'),
  title: '报告列表页',
  emptyText: '暂无报告',
  searchPlaceholder: '请输入报告名称',
  dialogTitles: { create: '新增报告', bulk: '新增报告', edit: '编辑报告' },
  createdMessage: '新增报告成功',
  countedNoun: '数据报告',
  archiveName: 'reports.zip',
  nothingToDownload: '请勾选需要下载的报告',
  fileIsImage: false,
  tagSheet: true,
  levelFilter: true,
  contentSearch: true,
  sideWidth: 258,
};

export const MATERIAL_KIND: LibraryKind = {
  ...MATERIAL,
  resource: 'materials',
  groupResource: 'materialGroups',
  operations: libraryOperations('Material'),
  title: '全部素材',
  emptyText: '暂无素材',
  searchPlaceholder: '请输入素材名称',
  dialogTitles: { create: '新增素材', bulk: '新增素材', edit: '编辑素材' },
  dataDialogTitles: { create: '新增数据', bulk: '新增数据', edit: '编辑数据' },
  createdMessage: '新增素材成功',
  countedNoun: '素材',
  archiveName: 'material.zip',
  nothingToDownload: '请选择下载的文件',
  fileIsImage: true,
  tagSheet: false,
  levelFilter: false,
  contentSearch: false,
  sideWidth: 275,
};
