import type { Static } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../../../lib/errors';
import { listPage } from '../../../lib/list-page';
import { PageOf } from '../../../lib/pagination';
import { refuseTaken } from '../../../lib/sql';
import { inProject, projectOf } from '../../../access/gate';
import { changeWorkflow } from './dag';
import { mayWorkflow, WORKFLOW_BASE, workflowTags as tags } from './paths';
import { presentTask } from './present';
import { findWorkflow } from './queries';
import { TaskListQuery, TaskWrite, WorkflowChildParams, WorkflowParams, WorkflowTask } from './schemas';
import { taskValues, type TaskBody } from './task-checks';
import { ioOfTasks } from './task-io';
import { deleteTask, findTask, insertTask, listTasks, updateTask, type TaskRow } from './task-queries';

const TASKS = `${WORKFLOW_BASE}/:workflow_id/tasks`;
const taken = () => badRequest('任务名称已存在');

/** A workflow's tasks: reading them is viewing the workflow, changing them is editing it. */
export async function taskRoutes(app: FastifyInstance): Promise<void> {
  const timeZone = app.config.timeZone;
  /** Tasks with their inputs and outputs, read in one more query for the whole page. */
  const present = async (rows: TaskRow[]) => {
    const io = await ioOfTasks(app.db, rows);
    return rows.map((row, index) => presentTask(row, io[index], timeZone));
  };
  const presentOne = async (workflowId: number, id: number) => (await present([await findTask(app.db, workflowId, id)]))[0];
  const projectUuidOf = (request: FastifyRequest) => projectOf(request).project.uuid;
  /** The workflow of the path, in the project of the path: another project's answers 404. */
  const workflowOf = async (request: FastifyRequest<{ Params: Static<typeof WorkflowParams> }>) => (await findWorkflow(app.db, projectUuidOf(request), request.params.workflow_id)).id;

  app.get<{ Params: Static<typeof WorkflowParams>; Querystring: Static<typeof TaskListQuery> }>(
    `${TASKS}/`,
    { config: inProject([mayWorkflow('view')]), schema: { tags, summary: '工作流任务列表', params: WorkflowParams, querystring: TaskListQuery, response: { 200: PageOf(WorkflowTask) } } },
    async (request) => {
      const workflowId = await workflowOf(request);
      const page = await listPage(request, request.query, (query) => listTasks(app.db, workflowId, query), (row) => row);
      return { ...page, results: await present(page.results) };
    },
  );

  app.post<{ Params: Static<typeof WorkflowParams>; Body: TaskBody }>(
    `${TASKS}/`,
    { config: inProject([mayWorkflow('edit')]), schema: { tags, summary: '新增任务', params: WorkflowParams, body: TaskWrite, response: { 201: WorkflowTask } } },
    async (request, reply) => {
      const projectUuid = projectUuidOf(request);
      const workflowId = request.params.workflow_id;
      const id = await refuseTaken(
        () => changeWorkflow(app.db, projectUuid, workflowId, async (tx) => insertTask(tx, workflowId, (await taskValues(tx, projectUuid, request.body)).values, app.config.workflowMaxTasks)),
        taken,
      );
      return reply.status(201).send(await presentOne(workflowId, id));
    },
  );

  app.get<{ Params: Static<typeof WorkflowChildParams> }>(
    `${TASKS}/:id/`,
    { config: inProject([mayWorkflow('view')]), schema: { tags, summary: '任务详情', params: WorkflowChildParams, response: { 200: WorkflowTask } } },
    async (request) => presentOne(await workflowOf(request), request.params.id),
  );

  for (const method of ['put', 'patch'] as const) {
    app[method]<{ Params: Static<typeof WorkflowChildParams>; Body: TaskBody }>(
      `${TASKS}/:id/`,
      { config: inProject([mayWorkflow('edit')]), schema: { tags, summary: '修改任务（未传的字段保持不变，合并后整体检查）', params: WorkflowChildParams, body: TaskWrite, response: { 200: WorkflowTask } } },
      async (request) => {
        const projectUuid = projectUuidOf(request);
        const { workflow_id: workflowId, id } = request.params;
        await refuseTaken(
          () =>
            changeWorkflow(app.db, projectUuid, workflowId, async (tx) => {
              const base = await findTask(tx, workflowId, id);
              await updateTask(tx, workflowId, id, (await taskValues(tx, projectUuid, request.body, base)).values);
            }),
          taken,
        );
        return presentOne(workflowId, id);
      },
    );
  }

  app.delete<{ Params: Static<typeof WorkflowChildParams> }>(
    `${TASKS}/:id/`,
    { config: inProject([mayWorkflow('edit')]), schema: { tags, summary: '删除任务（连同它的连线）', params: WorkflowChildParams } },
    async (request, reply) => {
      const { workflow_id: workflowId, id } = request.params;
      await changeWorkflow(app.db, projectUuidOf(request), workflowId, async (tx) => {
        await findTask(tx, workflowId, id);
        await deleteTask(tx, workflowId, id);
      });
      return reply.status(204).send();
    },
  );
}
