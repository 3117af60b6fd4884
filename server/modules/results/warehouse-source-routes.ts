import { Type, type Static } from '@sinclair/typebox';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { permissionDetail } from '../../../contract/permissions';
import type { WarehouseCheck } from '../../../contract/results';
import type { Db } from '../../db/client';
import { projects } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { ok, REPORT_BASE } from '../../lib/report-service';
import { ErrorBody, Id } from '../../lib/schema-types';
import { inProject, projectOf } from '../../access/gate';
import { findConnection, type ConnectionRow } from '../connections/queries';
import { withProjectConnection } from '../connections/reader';
import { forgetRegionTrees } from './regions';
import { checkWarehouse } from './warehouse-check';

const tags = ['成果：数据来源'];
const Params = Type.Object({ projectId: Type.String({ maxLength: 64 }) });
const Source = Type.Object({
  connection_id: Id({ description: '项目的数据连接 id' }),
  database_name: Type.Optional(Type.String({ maxLength: 128, description: '数据库，默认连接的数据库' })),
  schema_name: Type.String({ minLength: 1, maxLength: 128, description: '存放调查范围、指标目录与指标值三张表的 schema' }),
});
const TableCheck = Type.Object({
  name: Type.String(),
  label: Type.String(),
  present: Type.Boolean(),
  missing_columns: Type.Array(Type.String()),
  rows: Type.Union([Type.Integer(), Type.Null()]),
});
const Check = Type.Object({ ready: Type.Boolean(), tables: Type.Array(TableCheck), missing: Type.Array(Type.String()) });
const CheckBody = Type.Object({ code: Type.Integer(), message: Type.String(), data: Check });
const SavedBody = Type.Object({
  code: Type.Integer(),
  message: Type.String(),
  data: Type.Object({ extra_info: Type.Record(Type.String(), Type.Unknown()), check: Check }),
});
type SourceInput = Static<typeof Source>;
/** Choosing where 成果 reads from is editing the project: its admins only. */
const editProject = inProject([permissionDetail('project', 'project', 'edit')]);

/** The source checked through the connection, with the connection row as it was read and the database the check looked in. */
async function checked(app: FastifyInstance, projectUuid: string, source: SourceInput) {
  const schema = source.schema_name.trim();
  if (!schema) throw badRequest('请选择 schema');
  const database = source.database_name?.trim() || undefined;
  return withProjectConnection(app, projectUuid, source.connection_id, database, async (session, connection) => {
    const place = database ?? connection.database;
    const check: WarehouseCheck = await checkWarehouse(session, place, schema);
    return { check, connection, database: place, schema };
  });
}

/**
 * Writes the source into the project's extra_info (its other keys kept) under the connection's lock:
 * a connection deleted since the check is a 404, one edited since (another host) must be checked again.
 */
async function saveSource(app: FastifyInstance, projectUuid: string, read: { connection: ConnectionRow; database: string; schema: string }) {
  return app.db.transaction(async (transaction: unknown) => {
    const tx = transaction as Db;
    const locked = await findConnection(tx, projectUuid, read.connection.id, true);
    if (locked.updatedAt.getTime() !== read.connection.updatedAt.getTime()) throw badRequest('数据连接刚被修改，请重新检查后再保存');
    const patch = { connection_id: String(locked.id), database_name: read.database, schema_name: read.schema };
    const [row] = await tx
      .update(projects)
      .set({ extraInfo: sql`coalesce(${projects.extraInfo}, '{}'::jsonb) || ${JSON.stringify(patch)}::jsonb`, updatedAt: new Date() })
      .where(eq(projects.uuid, projectUuid))
      .returning({ extraInfo: projects.extraInfo });
    return row.extraInfo as Record<string, unknown>;
  });
}

/** 项目设置 › 成果数据: checks a candidate source of the 成果 area, and saves one that passes. */
export async function warehouseSourceRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: Static<typeof Params>; Querystring: SourceInput }>(
    `${REPORT_BASE}/warehouse/check/`,
    {
      config: editProject,
      schema: {
        tags,
        summary: '检查数据来源：连接的 schema 中是否有成果所需的表与列（调查范围、指标目录、指标值）',
        params: Params,
        querystring: Source,
        response: { 200: CheckBody, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const { check } = await checked(app, projectOf(request).project.uuid, request.query);
      return ok(check, check.ready ? '数据已就绪' : '数据不完整');
    },
  );

  app.put<{ Params: Static<typeof Params>; Body: SourceInput }>(
    `${REPORT_BASE}/warehouse/source/`,
    {
      config: editProject,
      schema: {
        tags,
        summary: '保存数据来源到项目（extra_info）；检查不通过则不保存',
        params: Params,
        body: Source,
        response: { 200: SavedBody, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const projectUuid = projectOf(request).project.uuid;
      // Checked before the transaction: a builtin connection's session holds PGlite's only connection.
      const read = await checked(app, projectUuid, request.body);
      if (!read.check.ready) throw badRequest(`数据来源不完整，未保存：${read.check.missing.join('；')}`);
      const extraInfo = await saveSource(app, projectUuid, read);
      forgetRegionTrees(app, { projectUuid });
      return ok({ extra_info: extraInfo, check: read.check }, '保存成功');
    },
  );
}
