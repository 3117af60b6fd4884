import type { Static } from '@sinclair/typebox';
import { Type } from '@sinclair/typebox';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../../db/client';
import { dagRuns, workflows } from '../../../db/schema';
import { badRequest } from '../../../lib/errors';
import { listPage } from '../../../lib/list-page';
import { PageOf } from '../../../lib/pagination';
import { refuseTaken } from '../../../lib/sql';
import { inProject, projectOf } from '../../../access/gate';
import { currentUser } from '../../../access/sessions';
import { sendAdvance, wakeAdvance, type Engine } from '../engine/engine';
import { changeWorkflow, changeWorkflowIn, dagLink, loadDag, refreshNextDagrun } from './dag';
import { publishLocked } from './definition';
import { inputParamsOf, pageOfInputParams } from './input-params';
import { mayWorkflow, WORKFLOW_BASE, workflowTags as tags } from './paths';
import { presentWorkflow } from './present';
import { findWorkflow, insertWorkflow, listWorkflows, lockWorkflow, type WorkflowRow } from './queries';
import { DagValidity, InputParamListQuery, ProjectParams, Workflow, WorkflowIdParams, WorkflowInputParam, WorkflowListQuery, WorkflowWrite } from './schemas';
import { dagValidity } from './validity';
import { definitionChanged, newWorkflow, schedulingChanged, workflowValues, type WorkflowBody } from './workflow-checks';
import { displayName } from '../../../../contract/users';

const taken = () => badRequest('工作流名称已存在');
type IdRequest = FastifyRequest<{ Params: Static<typeof WorkflowIdParams> }>;
/** update_airflow_dag's body is optional: null or absent publishes the workflow as it is. */
const OptionalWorkflowWrite = Type.Unsafe<WorkflowBody | null>({ ...WorkflowWrite, nullable: true });

export async function workflowRoutes(app: FastifyInstance, { engine }: { engine: Engine }): Promise<void> {
  const timeZone = app.config.timeZone;
  const presentOne = async (projectUuid: string, id: number) => presentWorkflow(await findWorkflow(app.db, projectUuid, id), timeZone);
  const projectUuidOf = (request: FastifyRequest) => projectOf(request).project.uuid;

  /**
   * Writes the body over the locked workflow (the caller's transaction touches it after); the next
   * scheduled run moves with its settings. Answers whether the definition changed.
   */
  const applyBody = async (tx: Db, before: WorkflowRow, body: WorkflowBody) => {
    const values = workflowValues(body, before, timeZone);
    await tx.update(workflows).set(values).where(eq(workflows.id, before.id));
    if (schedulingChanged(before, values)) await refreshNextDagrun(tx, before.id, timeZone);
    // Unpaused: the runs triggered while it was paused wait in the queue; the advance starts them.
    if (before.isPaused && !values.isPaused) await sendAdvance(engine, tx, before.id);
    return definitionChanged(before, values);
  };
  const revises = (changed: boolean) => changed;

  app.get<{ Params: Static<typeof ProjectParams>; Querystring: Static<typeof WorkflowListQuery> }>(
    `${WORKFLOW_BASE}/`,
    { config: inProject([mayWorkflow('view')]), schema: { tags, summary: '工作流列表', params: ProjectParams, querystring: WorkflowListQuery, response: { 200: PageOf(Workflow) } } },
    async (request) => listPage(request, request.query, (query) => listWorkflows(app.db, projectUuidOf(request), query), (row) => presentWorkflow(row, timeZone)),
  );

  app.post<{ Params: Static<typeof ProjectParams>; Body: WorkflowBody }>(
    `${WORKFLOW_BASE}/`,
    { config: inProject([mayWorkflow('create')]), schema: { tags, summary: '新建工作流', params: ProjectParams, body: WorkflowWrite, response: { 201: Workflow } } },
    async (request, reply) => {
      const user = currentUser(request);
      const values = workflowValues(request.body, newWorkflow(displayName(user)), timeZone);
      const id = await refuseTaken(() => insertWorkflow(app.db, projectUuidOf(request), { ...values, createdBy: user.uuid }), taken);
      return reply.status(201).send(await presentOne(projectUuidOf(request), id));
    },
  );

  app.get<{ Params: Static<typeof WorkflowIdParams> }>(
    `${WORKFLOW_BASE}/:id/`,
    { config: inProject([mayWorkflow('view')]), schema: { tags, summary: '工作流详情', params: WorkflowIdParams, response: { 200: Workflow } } },
    async (request) => presentOne(projectUuidOf(request), request.params.id),
  );

  for (const method of ['put', 'patch'] as const) {
    app[method]<{ Params: Static<typeof WorkflowIdParams>; Body: WorkflowBody }>(
      `${WORKFLOW_BASE}/:id/`,
      {
        config: inProject([mayWorkflow('edit')]),
        schema: { tags, summary: '修改工作流（未传的字段保持不变，合并后整体检查）', params: WorkflowIdParams, body: WorkflowWrite, response: { 200: Workflow } },
      },
      async (request) => {
        const projectUuid = projectUuidOf(request);
        await refuseTaken(() => changeWorkflow(app.db, projectUuid, request.params.id, (tx, before) => applyBody(tx, before, request.body), revises), taken);
        wakeAdvance(engine);
        return presentOne(projectUuid, request.params.id);
      },
    );
  }

  app.delete<{ Params: Static<typeof WorkflowIdParams> }>(
    `${WORKFLOW_BASE}/:id/`,
    { config: inProject([mayWorkflow('delete')]), schema: { tags, summary: '删除工作流（连同任务、连线、版本和运行记录）', params: WorkflowIdParams } },
    async (request, reply) => {
      await app.db.transaction(async (transaction) => {
        const tx = transaction as unknown as Db;
        const workflow = await lockWorkflow(tx, projectUuidOf(request), request.params.id);
        const [active] = await tx
          .select({ id: dagRuns.id })
          .from(dagRuns)
          .where(and(eq(dagRuns.workflowId, workflow.id), inArray(dagRuns.state, ['queued', 'running'])))
          .limit(1);
        if (active) throw badRequest('工作流有正在运行的任务，请等待结束或将其标记为失败后再删除');
        await tx.delete(workflows).where(eq(workflows.id, workflow.id));
      });
      return reply.status(204).send();
    },
  );

  const dagOf = async (request: IdRequest) => loadDag(app.db, (await findWorkflow(app.db, projectUuidOf(request), request.params.id)).id);

  app.get<{ Params: Static<typeof WorkflowIdParams> }>(
    `${WORKFLOW_BASE}/:id/is_valid_dag/`,
    { config: inProject([mayWorkflow('view')]), schema: { tags, summary: '检查工作流定义能否发布，列出每个问题', params: WorkflowIdParams, response: { 200: DagValidity } } },
    async (request) => {
      const dag = await dagOf(request);
      return dagValidity(dag.tasks, dag.links.map(dagLink));
    },
  );

  app.get<{ Params: Static<typeof WorkflowIdParams>; Querystring: Static<typeof InputParamListQuery> }>(
    `${WORKFLOW_BASE}/:id/get_input_params/`,
    {
      config: inProject([mayWorkflow('view')]),
      schema: { tags, summary: '运行时输入参数（各任务的 run_inputs，键为 任务.参数）', params: WorkflowIdParams, querystring: InputParamListQuery, response: { 200: PageOf(WorkflowInputParam) } },
    },
    async (request) => {
      const all = inputParamsOf((await dagOf(request)).tasks);
      return listPage(request, request.query, async (query) => pageOfInputParams(all, query), (param) => param);
    },
  );

  app.post<{ Params: Static<typeof WorkflowIdParams>; Body: WorkflowBody | null }>(
    `${WORKFLOW_BASE}/:id/update_airflow_dag/`,
    {
      config: inProject([mayWorkflow('edit')]),
      schema: {
        tags,
        summary: '发布工作流：先按请求体修改（可省略），定义有效时生成新版本，新的运行执行该版本；未改动时沿用当前版本',
        params: WorkflowIdParams,
        body: OptionalWorkflowWrite,
        response: { 200: Workflow },
      },
    },
    async (request) => {
      const projectUuid = projectUuidOf(request);
      const body = request.body ?? {};
      const userUuid = currentUser(request).uuid;
      const id = request.params.id;
      await refuseTaken(
        () =>
          app.db.transaction(async (transaction) => {
            const tx = transaction as unknown as Db;
            if (Object.keys(body).length > 0) await changeWorkflowIn(tx, projectUuid, id, (_, before) => applyBody(tx, before, body), revises);
            else await lockWorkflow(tx, projectUuid, id);
            await publishLocked(tx, id, userUuid, timeZone);
          }),
        taken,
      );
      wakeAdvance(engine);
      return presentOne(projectUuid, request.params.id);
    },
  );
}
