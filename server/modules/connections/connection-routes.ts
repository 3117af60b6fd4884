import type { Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { formatDateTime } from '../../lib/dates';
import { badRequest } from '../../lib/errors';
import { listPage } from '../../lib/list-page';
import { PageOf } from '../../lib/pagination';
import { refuseTaken } from '../../lib/sql';
import { permissionDetail } from '../../../contract/permissions';
import { inProject, projectOf } from '../../access/gate';
import { deleteConnection, findConnection, insertConnection, listConnections, updateConnection, type ConnectionRow } from './queries';
import { forgetRegionTrees } from '../results/regions';
import { BUILTIN_DRIVER } from './drivers/builtin';
import { driverOf, keyOf, openSession } from './reader';
import { seal, unseal } from './secret';
import { Connection, ConnectionListQuery, ConnectionWrite, ProjectIdParams, ProjectParams, TestResult } from './schemas';

export const CONNECTION_BASE = '/api/connection/projects/:project_uuid';
const may = (action: 'view' | 'create' | 'edit' | 'delete') => permissionDetail('connection', 'connection', action);
const tags = ['数据连接'];
const taken = () => badRequest('连接名称已存在');
type Write = Static<typeof ConnectionWrite>;

const required = (value: string | undefined, message: string) => {
  const trimmed = value?.trim();
  if (!trimmed) throw badRequest(message);
  return trimmed;
};

/** What a saved password is bound to: it is only ever sent to the server and account it was saved for. */
const ACCOUNT = ['drivername', 'host', 'port', 'username'] as const;
const PASSWORD_AGAIN = '主机、端口或用户名已改变，请重新输入密码';

/**
 * The connection a body describes, over `base` (a stored one) where the body leaves fields out; a test needs no name.
 * Without a password in the body the saved one is kept, unless the driver, host, port or user changed:
 * then a write (`moved: 'clear'`) saves no password and a test (`moved: 'refuse'`) asks for it.
 */
function describe(body: Write, base?: ConnectionRow & { password: () => string }, options: { named?: boolean; moved?: 'clear' | 'refuse' } = {}) {
  const { named = true, moved = 'clear' } = options;
  const drivername = required(body.drivername ?? base?.drivername, '请选择数据库类型');
  if (drivername === BUILTIN_DRIVER && base?.drivername !== BUILTIN_DRIVER) throw badRequest('内置数据仓库连接由系统创建，不能新建或改为该类型');
  const driver = driverOf(drivername);
  const described = {
    name: named ? required(body.name ?? base?.name, '请输入连接名称') : '',
    drivername,
    host: required(body.host ?? base?.host, '请输入主机地址'),
    port: body.port ?? base?.port ?? driver.defaultPort,
    username: required(body.username ?? base?.username, '请输入用户名'),
    password: body.password ?? '',
    database: required(body.database ?? base?.database, '请输入数据库名称'),
  };
  if (body.password === undefined && base) {
    const same = ACCOUNT.every((key) => (key === 'host' ? described.host.toLowerCase() === base.host.toLowerCase() : described[key] === base[key]));
    if (same) described.password = base.password();
    else if (moved === 'refuse') throw badRequest(PASSWORD_AGAIN);
  }
  return described;
}

export async function connectionRoutes(app: FastifyInstance): Promise<void> {
  const present = (row: ConnectionRow) => ({
    id: row.id,
    name: row.name,
    drivername: row.drivername,
    host: row.host,
    port: row.port,
    username: row.username,
    database: row.database,
    created_at: formatDateTime(row.createdAt, app.config.timeZone)!,
    updated_at: formatDateTime(row.updatedAt, app.config.timeZone)!,
  });
  /** A saved connection, its password opened only when it is used. */
  const stored = async (projectUuid: string, id: number, db: Db = app.db, lock = false) => {
    const row = await findConnection(db, projectUuid, id, lock);
    return { ...row, password: () => (row.drivername === BUILTIN_DRIVER ? '' : unseal(keyOf(app), row.passwordSealed)) };
  };
  const sealed = ({ password, ...rest }: ReturnType<typeof describe>) => ({ ...rest, passwordSealed: seal(keyOf(app), password) });
  const response = { 200: Connection };

  app.get<{ Params: Static<typeof ProjectParams>; Querystring: Static<typeof ConnectionListQuery> }>(
    `${CONNECTION_BASE}/connections/`,
    { config: inProject([may('view')]), schema: { tags, summary: '连接列表', params: ProjectParams, querystring: ConnectionListQuery, response: { 200: PageOf(Connection) } } },
    (request) => listPage(request, request.query, (query) => listConnections(app.db, projectOf(request).project.uuid, query), present),
  );

  app.post<{ Params: Static<typeof ProjectParams>; Body: Write }>(
    `${CONNECTION_BASE}/connections/`,
    { config: inProject([may('create')]), schema: { tags, summary: '新建连接（密码加密保存，任何应答都不带密码）', params: ProjectParams, body: ConnectionWrite, response: { 201: Connection } } },
    async (request, reply) => {
      const values = sealed(describe(request.body));
      const row = await refuseTaken(() => insertConnection(app.db, { ...values, projectUuid: projectOf(request).project.uuid }), taken);
      return reply.status(201).send(present(row));
    },
  );

  app.get<{ Params: Static<typeof ProjectIdParams> }>(
    `${CONNECTION_BASE}/connections/:id/`,
    { config: inProject([may('view')]), schema: { tags, summary: '连接详情', params: ProjectIdParams, response } },
    async (request) => present(await findConnection(app.db, projectOf(request).project.uuid, request.params.id)),
  );

  for (const method of ['put', 'patch'] as const) {
    app[method]<{ Params: Static<typeof ProjectIdParams>; Body: Write }>(
      `${CONNECTION_BASE}/connections/:id/`,
      { config: inProject([may('edit')]), schema: { tags, summary: '修改连接（不传密码则保留原密码；改了数据库类型、主机、端口或用户名而不传密码则清空密码）', params: ProjectIdParams, body: ConnectionWrite, response } },
      async (request) => {
        // Read and written under the row's lock: an edit racing another one never writes fields
        // (a password with another host) described from the row as it was before that one.
        const edit = async (transaction: unknown) => {
          const tx = transaction as Db;
          const base = await stored(projectOf(request).project.uuid, request.params.id, tx, true);
          if (base.drivername === BUILTIN_DRIVER) throw badRequest('内置数据仓库连接由系统维护，不能修改');
          return updateConnection(tx, base.id, sealed(describe(request.body, base)));
        };
        const row = await refuseTaken(() => app.db.transaction(edit), taken);
        forgetRegionTrees(app, { projectUuid: row.projectUuid, connectionId: row.id });
        return present(row);
      },
    );
  }

  app.delete<{ Params: Static<typeof ProjectIdParams> }>(
    `${CONNECTION_BASE}/connections/:id/`,
    { config: inProject([may('delete')]), schema: { tags, summary: '删除连接', params: ProjectIdParams } },
    async (request, reply) => {
      const row = await findConnection(app.db, projectOf(request).project.uuid, request.params.id);
      await deleteConnection(app.db, row.id);
      forgetRegionTrees(app, { projectUuid: row.projectUuid, connectionId: row.id });
      return reply.status(204).send();
    },
  );

  app.post<{ Params: Static<typeof ProjectParams>; Body: Write }>(
    `${CONNECTION_BASE}/connections/test_connection/`,
    {
      config: inProject([may('create'), may('edit')]),
      schema: { tags, summary: '测试连接：真实连接一次，应答成功与否及数据库给出的原因；带 id 而改了数据库类型、主机、端口或用户名时须重新填写密码', params: ProjectParams, body: ConnectionWrite, response: { 200: TestResult } },
    },
    async (request) => {
      const projectUuid = projectOf(request).project.uuid;
      const base = request.body.id ? await stored(projectUuid, request.body.id) : undefined;
      const target = describe(request.body, base, { named: false, moved: 'refuse' });
      try {
        const version = await openSession(app, driverOf(target.drivername), target, projectUuid, async (session) => (await session.databases()).length, true);
        return { success: true, message: `连接成功，可访问 ${version} 个数据库` };
      } catch (error) {
        return { success: false, message: (error as Error).message };
      }
    },
  );
}
