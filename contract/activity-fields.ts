/** The Chinese names of the fields a history row's changes name (server field names, API spelling). */
export const ACTIVITY_FIELDS: Record<string, string> = {
  name: '名称',
  create_user: '创建人',
  file: '文件',
  cover: '封面',
  real_file_name: '文件名',
  group: '分组',
  labels: '标签',
  sorted: '顺序',
  order: '顺序',
  origin: '实体',
  labelGroupId: '标签分组',
  extraInfo: '附加信息',
  role: '角色',
  permissions: '权限',
  is_default: '默认角色',
};
