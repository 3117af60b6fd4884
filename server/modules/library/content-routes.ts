import type { Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { projectOf } from '../../access/gate';
import { notFound } from '../../lib/errors';
import { ok, OkOf, REPORT_BASE } from '../../lib/report-service';
import type { LibraryKindContract, LibraryOperation } from '../../../contract/library';
import { CONTENT_QUEUE } from '../contents/job';
import { requeueItems } from '../contents/queries';
import { presentedItem } from './items';
import { Item, ProjectIdParams } from './schemas';

/** 重新识别: queues an item's text extraction again (docs/design/content-search.md). */
export function contentRoutes(spec: LibraryKindContract) {
  return async (app: FastifyInstance): Promise<void> => {
    const needs = (...operations: LibraryOperation[]) => ({ project: { anyOf: operations.flatMap((operation) => spec.permissions[operation]) } });
    app.post<{ Params: Static<typeof ProjectIdParams> }>(
      `${REPORT_BASE}/${spec.itemPath}/:id/content/reindex/`,
      { config: needs('edit'), schema: { tags: [spec.entity], summary: `重新提取${spec.entity}文件中的文字（全文检索）`, params: ProjectIdParams, response: { 200: OkOf(Item) } } },
      async (request) => {
        const { project } = projectOf(request);
        const queued = await requeueItems(app.db, project.uuid, spec.kind, [request.params.id]);
        if (queued.length === 0) throw notFound(`${spec.entity}不存在`);
        await app.jobs.send(CONTENT_QUEUE, {});
        const item = await presentedItem(app.db, project.uuid, spec.kind, request.params.id, app.config.timeZone);
        if (!item) throw notFound(`${spec.entity}不存在`);
        return ok(item, '已重新加入识别队列');
      },
    );
  };
}
