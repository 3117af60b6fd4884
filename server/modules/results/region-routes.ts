import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { REPORT } from '../../../contract/library';
import type { RegionLevel } from '../../../contract/results';
import { REPORT_BASE } from '../../lib/report-service';
import { Int } from '../../lib/schema-types';
import { projectOf } from '../../access/gate';
import { projectWarehouse, regionTreeBody } from './regions';

const Params = Type.Object({ projectId: Type.String({ maxLength: 64 }) });
const TreeQuery = Type.Object({
  level_limit: Type.Optional(Int({ minimum: 1, maximum: 7, description: '到第几级为止：1 省 2 市 3 区县 4 街道 5 社区 6 小区 7 楼栋，默认 7' })),
});
const RegionNode = Type.Object({
  name: Type.String(),
  level: Type.Integer({ minimum: 1, maximum: 7 }),
  children: Type.Array(Type.Any(), { description: '下一级节点（结构相同），到 level_limit 为止' }),
});
const TreeBody = Type.Object({ code: Type.Integer(), message: Type.String(), data: Type.Array(RegionNode) });

/** The investigation scope (调查范围) of a project: its region tree, read from the project's data connection. */
export async function regionRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: Static<typeof Params>; Querystring: Static<typeof TreeQuery> }>(
    `${REPORT_BASE}/investigation_scope/tree/`,
    {
      config: { project: { anyOf: REPORT.permissions.view } },
      schema: {
        tags: ['成果：调查范围'],
        summary: '项目的区域树（省、市、区县、街道、社区、小区、楼栋），取自项目数据连接中的调查范围表',
        params: Params,
        querystring: TreeQuery,
        response: { 200: TreeBody },
      },
    },
    async (request, reply) => {
      const projectUuid = projectOf(request).project.uuid;
      const body = await regionTreeBody(app, projectUuid, await projectWarehouse(app, projectUuid), (request.query.level_limit ?? 7) as RegionLevel);
      // Serialized once per project and level while the tree is kept; sent as it is.
      return reply.type('application/json; charset=utf-8').serializer((payload) => payload as string).send(body);
    },
  );
}
