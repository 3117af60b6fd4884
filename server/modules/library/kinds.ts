import type { LibraryKind } from '../../db/schema';
import type { FileType } from '../../lib/file-types';

/** Everything that differs between reports and materials, as data (ARCHITECTURE principle 2). */
export interface KindSpec {
  kind: LibraryKind;
  /** Path segments under the report-service base. */
  itemPath: string;
  groupPath: string;
  editPath: string;
  /** Permission models: report.<model>.<action>_<model>. */
  model: string;
  groupModel: string;
  origin: '报告' | '素材';
  noun: string;
  fileTypes: FileType[];
  messages: { name: string; nameLength?: string; createUser: string; cover?: string; file: string };
  nameMax: number;
}

export const KINDS: Record<LibraryKind, KindSpec> = {
  report: {
    kind: 'report',
    itemPath: 'report',
    groupPath: 'report_group',
    editPath: 'report_edit',
    model: 'report',
    groupModel: 'reportgroup',
    origin: '报告',
    noun: '报告',
    fileTypes: ['pdf', 'doc', 'docx'],
    messages: { name: '请输入报告名称', createUser: '请输入创建人', cover: '请上传报告封面', file: '请上传报告文件' },
    nameMax: 200,
  },
  material: {
    kind: 'material',
    itemPath: 'material',
    groupPath: 'material_group',
    editPath: 'material_edit',
    model: 'material',
    groupModel: 'materialgroup',
    origin: '素材',
    noun: '素材',
    fileTypes: ['jpeg', 'png'],
    messages: { name: '请输入素材名称', nameLength: '长度在 1 到 20 个字符', createUser: '请输入创建人', file: '请上传素材文件' },
    nameMax: 20,
  },
};

export const permission = (spec: KindSpec, action: 'view' | 'create' | 'edit' | 'delete', group = false) => {
  const model = group ? spec.groupModel : spec.model;
  return `report.${model}.${action}_${model}`;
};
