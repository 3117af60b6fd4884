/**
 * The Chinese names of the fields requests carry, so a refusal names the field as a user knows
 * it, never by its key. A schema's own `title` wins; then this table; then the first phrase of
 * its Chinese description.
 */
export const FIELD_LABELS: Record<string, string> = {
  action: '用途', admins: '管理员', allow_network: '允许联网', app: '应用', catchup: '补跑', children: '子级', code: '验证码',
  color: '主题色', conf: '运行配置', connection_id: '数据连接', count: '数量', cover: '封面', create_user: '创建人',
  created_at: '创建时间', customize: '自定义', dag_id: '工作流', dag_run_id: '运行编号', data: '数据', data_fields: '数据字段',
  data_list: '区域列表', database: '数据库', database_name: '数据库名', days: '天数', depends_on_past: '依赖上次运行',
  description: '描述', dimension_id: '体检维度', direction: '方向', docker_name: '镜像名称', docker_tag: '镜像标签',
  download: '下载', drivername: '数据库类型', dry_run: '试运行', duration_gte: '最短耗时', duration_lte: '最长耗时', email: '通知邮箱',
  email_on_failure: '失败时发邮件', email_on_retry: '重试时发邮件', end_date: '结束时间', end_time: '结束时间',
  execution_date: '执行日期', expires_at: '过期时间', extra_info: '扩展信息', field_name: '参数名', file: '文件',
  file_name: '文件名', file_path: '文件路径', format: '格式', group: '分组', group_id: '分组', host: '主机', hostname: '主机名',
  id: '编号', ids: '编号列表', inputs: '输入参数', is_paused: '暂停调度', is_public: '公开', label_group: '标签分组',
  label_group_id: '标签分组', label_ids: '标签', label_names: '标签名称', labels: '标签', level: '层级', level_label: '体检维度',
  level_limit: '层级上限', limit: '每页条数', logical_date: '逻辑日期', max_active_runs: '同时运行数上限',
  max_active_tasks: '同时运行任务数上限', max_tries: '最多尝试次数', menus: '菜单', message: '消息', mobile: '手机号',
  model: '模型', name: '名称', name__contains: '名称', nickname: '昵称', note: '备注', number_max: '最大值', number_min: '最小值',
  offset: '起始位置', old_password: '原密码', operator: '算子', options: '可选值', order_by: '排序字段', ordering: '排序字段',
  organization_uuid: '企业', origin: '实体', outputs: '输出参数', owner: '负责人', owners: '负责人', pageNo: '页码',
  pageSize: '每页条数', params: '参数值', password: '密码', permissions: '权限', permissions_detail: '权限明细',
  placeholder: '提示文字', pool: '资源池', port: '端口', project_id: '项目', project_uuid: '项目', purpose: '用途',
  queue: '队列', real_file_name: '文件名', regions: '区域', report_group_id: '报告分组', report_type: '报告类型',
  required: '必填', retries: '重试次数', retry_delay: '重试间隔', role: '角色', role_id: '角色', rows: '行',
  run_inputs: '运行时输入', run_type: '运行类型', schedule: '调度', schema_name: '模式名', script_id: '脚本',
  script_name: '脚本名称', search: '搜索内容', size: '大小', skin: '项目皮肤', sorted: '排序', source: '来源',
  source_param: '上游参数', source_task: '上游任务', start_date: '开始时间', start_time: '开始时间', state: '状态',
  status: '状态', table_name: '表名', tags: '标签', target_param: '下游参数', target_task: '下游任务', task_id: '任务',
  timeout: '超时时间', token: '令牌', transcode: '转码', type: '类型', updated_at: '更新时间', url: '地址', user: '用户',
  user__username__contains: '用户名', user_uuid: '用户', username: '用户名', uuid: '编号', version: '版本',
  workflow_id: '工作流', workflow_name: '工作流名称',
};

const LEAD_PHRASE = /^[^，,：:（(；;。\s]+/;

/** The Chinese name of a field from its key and schema, or undefined when it has none. */
export function fieldLabel(key: string | undefined, schema: unknown): string | undefined {
  const { title, description } = (schema ?? {}) as { title?: unknown; description?: unknown };
  if (typeof title === 'string' && title) return title;
  if (key && Object.hasOwn(FIELD_LABELS, key)) return FIELD_LABELS[key];
  const lead = typeof description === 'string' ? LEAD_PHRASE.exec(description)?.[0] : undefined;
  return lead && !/[A-Za-z]/.test(lead) && lead.length <= 12 ? lead : undefined;
}
