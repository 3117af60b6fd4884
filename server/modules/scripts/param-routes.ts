import type { Static } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../../lib/errors';
import { listPage } from '../../lib/list-page';
import { PageOf } from '../../lib/pagination';
import { refuseTaken } from '../../lib/sql';
import { inProject, projectOf } from '../../access/gate';
import { touchWorkflowsOfScript } from '../workflows/definitions/dag';
import { paramValues, PARAM_DIRECTIONS, type ParamValues } from './checks';
import { deleteParam, findParam, findScript, insertParam, listParams, updateParam, type ParamRow } from './queries';
import { ScriptParam, ScriptParamIdParams, ScriptParamListQuery, ScriptParams, ScriptParamWrite } from './schemas';
import { mayScript, presentParam, SCRIPT_BASE, scriptTags } from './script-routes';

const PARAMS_BASE = `${SCRIPT_BASE}/:script_id/script_params`;
const taken = () => badRequest('参数名已存在');
type Write = Static<typeof ScriptParamWrite>;

const storedValues = (row: ParamRow): ParamValues => ({
  direction: row.direction,
  fieldName: row.fieldName,
  type: row.type,
  required: row.required,
  options: row.options,
  numberMin: row.numberMin,
  numberMax: row.numberMax,
  placeholder: row.placeholder,
});

/** A script's parameters: reading them is viewing the script, changing them is editing it. */
export async function scriptParamRoutes(app: FastifyInstance): Promise<void> {
  const present = (row: ParamRow) => presentParam(row, app.config.timeZone);
  /** The script of the path, in the project of the path: another project's answers 404. */
  const scriptOf = (request: FastifyRequest<{ Params: Static<typeof ScriptParams> }>) => findScript(app.db, projectOf(request).project.uuid, request.params.script_id);

  app.get<{ Params: Static<typeof ScriptParams>; Querystring: Static<typeof ScriptParamListQuery> }>(
    `${PARAMS_BASE}/`,
    { config: inProject([mayScript('view')]), schema: { tags: scriptTags, summary: '脚本参数列表', params: ScriptParams, querystring: ScriptParamListQuery, response: { 200: PageOf(ScriptParam) } } },
    async (request) => {
      const direction = request.query.direction;
      if (direction && !(PARAM_DIRECTIONS as readonly string[]).includes(direction)) throw badRequest('参数方向只能是 input 或 output');
      const script = await scriptOf(request);
      return listPage(request, request.query, (query) => listParams(app.db, script.id, query), present);
    },
  );

  app.post<{ Params: Static<typeof ScriptParams>; Body: Write }>(
    `${PARAMS_BASE}/`,
    { config: inProject([mayScript('edit')]), schema: { tags: scriptTags, summary: '新增脚本参数', params: ScriptParams, body: ScriptParamWrite, response: { 201: ScriptParam } } },
    async (request, reply) => {
      const script = await scriptOf(request);
      const row = await refuseTaken(() => insertParam(app.db, script.id, paramValues(request.body)), taken);
      await touchWorkflowsOfScript(app.db, script.id);
      return reply.status(201).send(present(row));
    },
  );

  app.get<{ Params: Static<typeof ScriptParamIdParams> }>(
    `${PARAMS_BASE}/:id/`,
    { config: inProject([mayScript('view')]), schema: { tags: scriptTags, summary: '脚本参数详情', params: ScriptParamIdParams, response: { 200: ScriptParam } } },
    async (request) => present(await findParam(app.db, (await scriptOf(request)).id, request.params.id)),
  );

  for (const method of ['put', 'patch'] as const) {
    app[method]<{ Params: Static<typeof ScriptParamIdParams>; Body: Write }>(
      `${PARAMS_BASE}/:id/`,
      {
        config: inProject([mayScript('edit')]),
        schema: { tags: scriptTags, summary: '修改脚本参数（未传的字段保持不变，合并后整体检查）', params: ScriptParamIdParams, body: ScriptParamWrite, response: { 200: ScriptParam } },
      },
      async (request) => {
        const script = await scriptOf(request);
        const base = await findParam(app.db, script.id, request.params.id);
        const values = paramValues(request.body, storedValues(base));
        const row = await refuseTaken(() => updateParam(app.db, script.id, base.id, values), taken);
        await touchWorkflowsOfScript(app.db, script.id);
        return present(row);
      },
    );
  }

  app.delete<{ Params: Static<typeof ScriptParamIdParams> }>(
    `${PARAMS_BASE}/:id/`,
    { config: inProject([mayScript('edit')]), schema: { tags: scriptTags, summary: '删除脚本参数', params: ScriptParamIdParams } },
    async (request, reply) => {
      const script = await scriptOf(request);
      const row = await findParam(app.db, script.id, request.params.id);
      await deleteParam(app.db, script.id, row.id);
      await touchWorkflowsOfScript(app.db, script.id);
      return reply.status(204).send();
    },
  );
}
