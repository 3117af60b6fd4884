import { lazyPage } from '../components/lazy-page';
import { collectionOperations } from '../providers/data/endpoint';
import type { AppResource, FormActionProps, RowActionProps } from './types';
import { permissionDetail, type PermissionAction } from '../../contract/permissions';

const connection = (action: PermissionAction) => permissionDetail('connection', 'connection', action);

/** The drivernames the server accepts (server/modules/connections/drivers/) and their usual ports. */
const DRIVERS = [
  { label: 'PostgreSQL', value: 'postgresql', port: 5432 },
  { label: 'MySQL/MariaDB', value: 'mysql', port: 3306 },
];
/** The seed's builtin warehouse (server drivers/builtin.ts) is listed but never offered in the form. */
const BUILTIN = { label: '内置数据仓库', value: 'builtin' };
const driverLabel = (value: unknown) => [...DRIVERS, BUILTIN].find((driver) => driver.value === value)?.label ?? String(value ?? '—');
const isBuiltin = (record: Record<string, unknown>) => record.drivername === BUILTIN.value;

/** 数据连接: a project's connections to its own databases; a plain admin resource with a database browser. */
export const connectionsResource: AppResource = {
  name: 'connections',
  list: '/projectSetting/:projectId/connections',
  meta: {
    label: '数据连接',
    dataProviderName: 'default',
    endpoints: collectionOperations('ConnectionProjectsByProjectUuidConnections'),
    permissions: {
      list: [connection('view')],
      create: [connection('create')],
      edit: [connection('edit')],
      delete: [connection('delete')],
    },
    searchPlaceholder: '搜索连接名称',
    // The server keeps the builtin warehouse as it made it (connection-routes.ts refuses edits).
    editable: (record) => !isBuiltin(record),
    fields: [
      { key: 'name', label: '名称', long: true, form: ['create', 'edit'], required: true, input: { type: 'text', maxLength: 100 } },
      {
        key: 'drivername',
        label: '数据库类型',
        form: ['create', 'edit'],
        required: true,
        initial: 'postgresql',
        input: { type: 'choice', options: DRIVERS.map(({ label, value }) => ({ label, value })) },
        render: driverLabel,
      },
      { key: 'host', label: '主机', form: ['create', 'edit'], required: true, input: { type: 'text', maxLength: 255 } },
      {
        key: 'port',
        label: '端口',
        form: ['create', 'edit'],
        required: true,
        initial: 5432,
        input: { type: 'number', min: 1, max: 65535, precision: 0 },
        follows: { key: 'drivername', value: (driver) => DRIVERS.find((known) => known.value === driver)?.port },
        // The builtin warehouse lives in the server's own database: it has no port of its own.
        render: (port, record) => (isBuiltin(record) ? '—' : String(port ?? '—')),
      },
      { key: 'username', label: '用户名', form: ['create', 'edit'], required: true, input: { type: 'text', maxLength: 128 } },
      {
        key: 'password',
        label: '密码',
        list: false,
        form: ['create', 'edit'],
        input: { type: 'password', maxLength: 256 },
        help: '密码加密保存，不会回显；编辑时留空则保留原密码',
        // The server sends a saved password only to the driver, host, port and user it was saved for.
        helpWhenChanged: { keys: ['drivername', 'host', 'port', 'username'], help: '已修改数据库类型、主机、端口或用户名：请重新输入密码，留空则不保存密码' },
      },
      { key: 'database', label: '数据库', form: ['create', 'edit'], required: true, input: { type: 'text', maxLength: 128 } },
      { key: 'updated_at', label: '更新时间' },
    ],
    rowActions: lazyPage<'BrowseAction', RowActionProps>(() => import('../pages/connections'), 'BrowseAction'),
    formActions: lazyPage<'TestConnection', FormActionProps>(() => import('../pages/connections'), 'TestConnection'),
    routes: [
      {
        area: 'projectSetting',
        path: 'connectionBrowser',
        within: 'connections',
        page: lazyPage<'ConnectionBrowser', object>(() => import('../pages/connections'), 'ConnectionBrowser'),
      },
    ],
  },
};
