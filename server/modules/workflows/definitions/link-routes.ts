import type { Static } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { listPage } from '../../../lib/list-page';
import { PageOf } from '../../../lib/pagination';
import { inProject, projectOf } from '../../../access/gate';
import { changeWorkflow, loadDag } from './dag';
import { linkValues, type LinkBody } from './link-checks';
import { deleteLink, findLink, insertLink, listLinks, updateLink } from './link-queries';
import { mayWorkflow, WORKFLOW_BASE, workflowTags as tags } from './paths';
import { presentLink } from './present';
import { findWorkflow } from './queries';
import { LinkListQuery, LinkWrite, WorkflowChildParams, WorkflowLink, WorkflowParams } from './schemas';

const LINKS = `${WORKFLOW_BASE}/:workflow_id/links`;

/** A workflow's links: reading them is viewing the workflow, changing them is editing it. */
export async function linkRoutes(app: FastifyInstance): Promise<void> {
  const timeZone = app.config.timeZone;
  const projectUuidOf = (request: FastifyRequest) => projectOf(request).project.uuid;
  const workflowOf = async (request: FastifyRequest<{ Params: Static<typeof WorkflowParams> }>) => (await findWorkflow(app.db, projectUuidOf(request), request.params.workflow_id)).id;

  app.get<{ Params: Static<typeof WorkflowParams>; Querystring: Static<typeof LinkListQuery> }>(
    `${LINKS}/`,
    { config: inProject([mayWorkflow('view')]), schema: { tags, summary: '工作流连线列表', params: WorkflowParams, querystring: LinkListQuery, response: { 200: PageOf(WorkflowLink) } } },
    async (request) => {
      const workflowId = await workflowOf(request);
      return listPage(request, request.query, (query) => listLinks(app.db, workflowId, query), (row) => presentLink(row, timeZone));
    },
  );

  app.post<{ Params: Static<typeof WorkflowParams>; Body: LinkBody }>(
    `${LINKS}/`,
    { config: inProject([mayWorkflow('edit')]), schema: { tags, summary: '新增连线', params: WorkflowParams, body: LinkWrite, response: { 201: WorkflowLink } } },
    async (request, reply) => {
      const workflowId = request.params.workflow_id;
      const row = await changeWorkflow(app.db, projectUuidOf(request), workflowId, async (tx) => {
        const dag = await loadDag(tx, workflowId);
        return insertLink(tx, workflowId, linkValues(dag.tasks, dag.links, request.body));
      });
      return reply.status(201).send(presentLink(row, timeZone));
    },
  );

  app.get<{ Params: Static<typeof WorkflowChildParams> }>(
    `${LINKS}/:id/`,
    { config: inProject([mayWorkflow('view')]), schema: { tags, summary: '连线详情', params: WorkflowChildParams, response: { 200: WorkflowLink } } },
    async (request) => presentLink(await findLink(app.db, await workflowOf(request), request.params.id), timeZone),
  );

  for (const method of ['put', 'patch'] as const) {
    app[method]<{ Params: Static<typeof WorkflowChildParams>; Body: LinkBody }>(
      `${LINKS}/:id/`,
      { config: inProject([mayWorkflow('edit')]), schema: { tags, summary: '修改连线（未传的字段保持不变，合并后整体检查）', params: WorkflowChildParams, body: LinkWrite, response: { 200: WorkflowLink } } },
      async (request) => {
        const { workflow_id: workflowId, id } = request.params;
        const row = await changeWorkflow(app.db, projectUuidOf(request), workflowId, async (tx) => {
          const base = await findLink(tx, workflowId, id);
          const dag = await loadDag(tx, workflowId);
          return updateLink(tx, workflowId, id, linkValues(dag.tasks, dag.links, request.body, base));
        });
        return presentLink(row, timeZone);
      },
    );
  }

  app.delete<{ Params: Static<typeof WorkflowChildParams> }>(
    `${LINKS}/:id/`,
    { config: inProject([mayWorkflow('edit')]), schema: { tags, summary: '删除连线', params: WorkflowChildParams } },
    async (request, reply) => {
      const { workflow_id: workflowId, id } = request.params;
      await changeWorkflow(app.db, projectUuidOf(request), workflowId, async (tx) => {
        await findLink(tx, workflowId, id);
        await deleteLink(tx, workflowId, id);
      });
      return reply.status(204).send();
    },
  );
}
