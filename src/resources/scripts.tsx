import { fileSrc } from '../providers/files';
import { lazyPage } from '../components/lazy-page';
import { collectionOperations } from '../providers/data/endpoint';
import type { AppResource, CustomInputProps, RowActionProps } from './types';
import { permissionDetail, type PermissionAction } from '../../contract/permissions';
import { SCRIPT_EXTENSIONS_MESSAGE } from '../../contract/workflows';

const script = (action: PermissionAction) => permissionDetail('script', 'script', action);

const PARAM_TYPES = [
  { label: '字符串', value: 'string' },
  { label: '浮点数', value: 'float' },
  { label: '整数', value: 'integer' },
  { label: '布尔', value: 'boolean' },
  { label: '日期时间', value: 'datetime' },
];
const DIRECTIONS = [
  { label: '输入', value: 'input' },
  { label: '输出', value: 'output' },
];
const labelOf = (options: { label: string; value: string }[]) => (value: unknown) => options.find((option) => option.value === value)?.label ?? String(value ?? '—');
const fileLink = (url: unknown, name: unknown) =>
  typeof url === 'string' && url ? (
    <a href={fileSrc(url)} target="_blank" rel="noreferrer">
      {String(name || url.split('/').pop())}
    </a>
  ) : (
    '—'
  );
const dash = (value: unknown) => (value === null || value === undefined || value === '' ? '—' : String(value));

/** 脚本: scripts run in a docker image or the server's sandbox; the row action 代码 shows, edits (versions) and tries the code, 参数 edits the parameters. */
export const scriptsResource: AppResource = {
  name: 'scripts',
  list: '/projectSetting/:projectId/scripts',
  meta: {
    label: '脚本',
    dataProviderName: 'default',
    endpoints: collectionOperations('ScriptProjectsByProjectUuidScripts'),
    permissions: { list: [script('view')], create: [script('create')], edit: [script('edit')], delete: [script('delete')] },
    searchPlaceholder: '搜索脚本名称',
    fields: [
      { key: 'name', label: '名称', long: true, form: ['create', 'edit'], required: true, input: { type: 'text', maxLength: 100 } },
      { key: 'file_name', label: '脚本文件', render: (name, record) => fileLink(record.file_path, name) },
      {
        key: 'file_path',
        label: '脚本文件',
        list: false,
        form: ['create', 'edit'],
        required: true,
        requiredMessage: '请上传脚本文件',
        help: SCRIPT_EXTENSIONS_MESSAGE,
        input: { type: 'custom', component: lazyPage<'ScriptFileInput', CustomInputProps>(() => import('../pages/scripts'), 'ScriptFileInput') },
      },
      // The runner uses latest for an image without a tag.
      { key: 'docker_name', label: '镜像', render: (name, record) => (name ? `${String(name)}:${String(record.docker_tag || 'latest')}` : '无（沙箱运行）') },
      {
        key: 'docker_name',
        label: '镜像名称',
        list: false,
        form: ['create', 'edit'],
        input: { type: 'text', maxLength: 255 },
        help: '可不填：不填时脚本在服务器的沙箱中运行；填写后在该 Docker 镜像中运行，需要服务器有 Docker 服务',
      },
      { key: 'docker_tag', label: '镜像标签', list: false, form: ['create', 'edit'], input: { type: 'text', maxLength: 128 }, help: '可不填，默认 latest' },
      {
        key: 'allow_network',
        label: '允许访问网络',
        form: ['create', 'edit'],
        initial: false,
        input: { type: 'switch' },
        help: '只有组织管理员可以开启。脚本默认不能访问网络；开启后可以访问外部网络，但仍不能访问本机地址和平台数据库',
        render: (value) => (value ? '是' : '否'),
      },
      { key: 'params', label: '参数', render: (params) => (Array.isArray(params) ? params.length : 0) },
      { key: 'updated_at', label: '更新时间' },
    ],
    rowActions: lazyPage<'ScriptRowActions', RowActionProps>(() => import('../pages/scripts'), 'ScriptRowActions'),
  },
};

/** 脚本参数: a script's inputs and outputs, the generic list inside the script's 参数 drawer. */
export const scriptParamsResource: AppResource = {
  name: 'scriptParams',
  meta: {
    label: '脚本参数',
    dataProviderName: 'default',
    endpoints: collectionOperations('ScriptProjectsByProjectUuidScriptsByScriptIdScriptParams'),
    // Parameters are part of their script: changing them is editing it.
    permissions: { list: [script('view')], create: [script('edit')], edit: [script('edit')], delete: [script('edit')] },
    searchPlaceholder: '搜索字段名',
    fields: [
      { key: 'direction', label: '方向', form: ['create', 'edit'], required: true, initial: 'input', input: { type: 'choice', options: DIRECTIONS }, render: labelOf(DIRECTIONS) },
      { key: 'field_name', label: '字段名', form: ['create', 'edit'], required: true, input: { type: 'text', maxLength: 100 } },
      { key: 'type', label: '类型', form: ['create', 'edit'], required: true, initial: 'string', input: { type: 'choice', options: PARAM_TYPES }, render: labelOf(PARAM_TYPES) },
      { key: 'required', label: '必填', form: ['create', 'edit'], initial: false, input: { type: 'switch' }, render: (value) => (value ? '是' : '否') },
      {
        key: 'options',
        label: '可选值',
        form: ['create', 'edit'],
        input: { type: 'tags' },
        help: '仅字符串参数可设，输入后回车；不填则可任意输入',
        shownWhen: { key: 'type', values: ['string'] },
        render: (options) => (Array.isArray(options) && options.length ? options.join('、') : '—'),
      },
      { key: 'number_min', label: '最小值', form: ['create', 'edit'], input: { type: 'number' }, shownWhen: { key: 'type', values: ['float', 'integer'] }, render: dash },
      { key: 'number_max', label: '最大值', form: ['create', 'edit'], input: { type: 'number' }, shownWhen: { key: 'type', values: ['float', 'integer'] }, render: dash },
      { key: 'placeholder', label: '提示文字', form: ['create', 'edit'], input: { type: 'text', maxLength: 200 }, render: dash },
    ],
  },
};
