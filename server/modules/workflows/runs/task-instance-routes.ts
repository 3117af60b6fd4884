import type { Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../../lib/errors';
import { listPage } from '../../../lib/list-page';
import { PageOf } from '../../../lib/pagination';
import { inProject, projectOf } from '../../../access/gate';
import { definitionOf, type Engine } from '../engine/engine';
import { findInstance, findRun, listInstances, presentInstance } from './run-queries';
import { mayRun, RUN_BASE, runTags } from './run-routes';
import { InstanceListParams, InstanceListQuery, InstanceParams, InstanceQuery, TaskInstance, TaskInstanceWithLog } from './run-schemas';

const INSTANCE_BASE = `${RUN_BASE}/:dag_run_id/task_instances`;

/** A run's task instances: the list with Airflow's filters, and one with its log. */
export async function taskInstanceRoutes(app: FastifyInstance, { engine }: { engine: Engine }): Promise<void> {
  const timeZone = app.config.timeZone;
  /** Each task's retry delay in the run's version (a version never changes; the engine caches it). */
  const retryDelaysOf = async (versionId: number) =>
    new Map((await definitionOf(engine, app.db, versionId))?.tasks.map((task) => [task.name, task.retryDelay]) ?? []);
  const runOf = (request: { params: Static<typeof InstanceListParams> } & Parameters<typeof projectOf>[0]) =>
    findRun(app.db, projectOf(request).project.uuid, request.params.workflow_id, request.params.dag_run_id);

  app.get<{ Params: Static<typeof InstanceListParams>; Querystring: Static<typeof InstanceListQuery> }>(
    `${INSTANCE_BASE}/list_task_instances/`,
    {
      config: inProject([mayRun('view')]),
      schema: { tags: runTags, summary: '运行的任务实例列表（不含日志）', params: InstanceListParams, querystring: InstanceListQuery, response: { 200: PageOf(TaskInstance) } },
    },
    async (request) => {
      const run = await runOf(request);
      const delays = await retryDelaysOf(run.versionId);
      return listPage(request, request.query, (query) => listInstances(app.db, run.id, query, timeZone), (row) => presentInstance(row, timeZone, delays), 100);
    },
  );

  app.get<{ Params: Static<typeof InstanceParams>; Querystring: Static<typeof InstanceQuery> }>(
    `${INSTANCE_BASE}/:id/`,
    {
      config: inProject([mayRun('view')]),
      schema: { tags: runTags, summary: '一个任务实例及其日志（路径为实例 id 或任务名）', params: InstanceParams, querystring: InstanceQuery, response: { 200: TaskInstanceWithLog } },
    },
    async (request) => {
      const run = await runOf(request);
      const instance = await findInstance(app.db, run.id, request.params.id);
      const { task_id: taskId } = request.query;
      if (taskId !== undefined && taskId !== instance.taskId) throw badRequest(`task_id ${taskId} 与路径中的任务实例（${instance.taskId}）不一致`);
      return presentInstance(instance, timeZone, await retryDelaysOf(run.versionId));
    },
  );
}
