import type { Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { permissionDetail } from '../../../../contract/permissions';
import { badRequest } from '../../../lib/errors';
import { listPage } from '../../../lib/list-page';
import { PageOf } from '../../../lib/pagination';
import { inProject, projectOf } from '../../../access/gate';
import type { Engine } from '../engine/engine';
import { clearRun, deleteRun, markRun, triggerRun } from './run-control';
import { findRun, findWorkflow, listRuns, presentRun, runRow, taskCounts, type RunListRow } from './run-queries';
import { DagRun, DagRunClear, DagRunCreate, DagRunUpdate, RunListQuery, RunParams, WorkflowParams } from './run-schemas';

export const RUN_BASE = '/api/airflow/projects/:project_uuid/workflows/:workflow_id/dag_runs';
export const mayRun = (action: 'view' | 'create' | 'edit' | 'delete') => permissionDetail('airflow', 'dagrun', action);
export const runTags = ['工作流运行'];
const RUN_STATES_ALLOWED = ['success', 'failed', 'queued'] as const;

/** Triggering, listing, marking, clearing and deleting a workflow's runs (Airflow's DAG runs). */
export async function runRoutes(app: FastifyInstance, { engine }: { engine: Engine }): Promise<void> {
  const timeZone = app.config.timeZone;
  const present = async (rows: RunListRow[]) => {
    const counts = await taskCounts(app.db, rows.map((row) => row.run.id));
    return rows.map((row) => presentRun(row, counts.get(row.run.id) ?? {}, timeZone));
  };
  const presentOne = async (id: number) => (await present([await runRow(app.db, id)]))[0];
  const runOf = async (request: { params: Static<typeof RunParams> } & Parameters<typeof projectOf>[0]) =>
    findRun(app.db, projectOf(request).project.uuid, request.params.workflow_id, request.params.id);

  app.post<{ Params: Static<typeof WorkflowParams>; Body: Static<typeof DagRunCreate> }>(
    `${RUN_BASE}/`,
    {
      config: inProject([mayRun('create')]),
      schema: { tags: runTags, summary: '手动运行工作流（执行已发布的版本；conf 为运行参数，键为 任务名.参数名）', params: WorkflowParams, body: DagRunCreate, response: { 201: DagRun } },
    },
    async (request, reply) => {
      const workflow = await findWorkflow(app.db, projectOf(request).project.uuid, request.params.workflow_id);
      const id = await triggerRun(engine, workflow, request.body, request.user!.uuid);
      return reply.status(201).send(await presentOne(id));
    },
  );

  app.get<{ Params: Static<typeof WorkflowParams>; Querystring: Static<typeof RunListQuery> }>(
    `${RUN_BASE}/`,
    {
      config: inProject([mayRun('view')]),
      schema: { tags: runTags, summary: '工作流的运行列表（默认按逻辑日期倒序）', params: WorkflowParams, querystring: RunListQuery, response: { 200: PageOf(DagRun) } },
    },
    async (request) => {
      const workflow = await findWorkflow(app.db, projectOf(request).project.uuid, request.params.workflow_id);
      const page = await listPage(request, request.query, (query) => listRuns(app.db, workflow.id, query, timeZone), (row) => row);
      return { ...page, results: await present(page.results) };
    },
  );

  app.get<{ Params: Static<typeof RunParams> }>(
    `${RUN_BASE}/:id/`,
    { config: inProject([mayRun('view')]), schema: { tags: runTags, summary: '一次运行', params: RunParams, response: { 200: DagRun } } },
    async (request) => presentOne((await runOf(request)).id),
  );

  app.put<{ Params: Static<typeof RunParams>; Body: Static<typeof DagRunUpdate> }>(
    `${RUN_BASE}/:id/`,
    {
      config: inProject([mayRun('edit')]),
      schema: {
        tags: runTags,
        summary: '标记运行成功（全部任务成功）或失败（运行中的任务失败、未开始的跳过），或 queued 重新排队（全部任务清除后重跑）',
        params: RunParams,
        body: DagRunUpdate,
        response: { 200: DagRun },
      },
    },
    async (request) => {
      const state = request.body.state;
      if (!(RUN_STATES_ALLOWED as readonly string[]).includes(state)) throw badRequest(`运行状态只能是 ${RUN_STATES_ALLOWED.join('、')}`);
      const run = await runOf(request);
      if (state === 'queued') await clearRun(engine, run, false);
      else await markRun(engine, run, state as 'success' | 'failed');
      return presentOne(run.id);
    },
  );

  app.post<{ Params: Static<typeof RunParams>; Body: Static<typeof DagRunClear> }>(
    `${RUN_BASE}/:id/clear/`,
    {
      config: inProject([mayRun('edit')]),
      schema: { tags: runTags, summary: '清除运行：任务实例（全部，或只失败的及其下游）重置后重跑，运行回到排队', params: RunParams, body: DagRunClear, response: { 200: DagRun } },
    },
    async (request) => {
      const run = await runOf(request);
      await clearRun(engine, run, request.body?.only_failed ?? false);
      return presentOne(run.id);
    },
  );

  app.delete<{ Params: Static<typeof RunParams> }>(
    `${RUN_BASE}/:id/`,
    { config: inProject([mayRun('delete')]), schema: { tags: runTags, summary: '删除运行（连同任务实例；运行中的任务被停止）', params: RunParams } },
    async (request, reply) => {
      await deleteRun(engine, await runOf(request));
      return reply.status(204).send();
    },
  );
}
