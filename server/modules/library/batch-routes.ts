/** Batches over checked ids or over a list filter: 批量打标签, a filter's items for the zip and tag sheet, and a batch job's progress (docs/design/library-batches.md). */
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, notFound } from '../../lib/errors';
import { OkOf, REPORT_BASE } from '../../lib/report-service';
import { Id } from '../../lib/schema-types';
import type { LibraryBatchAction } from '../../db/schema';
import type { LibraryKindContract, LibraryOperation } from '../../../contract/library';
import { projectOf } from '../../access/gate';
import { actOnItems, BATCH_DIRECT_MAX, checkBatchLabels, type BatchParams } from './batch-actions';
import { batchProgress, LIBRARY_BATCH_QUEUE, queueBatch } from './batch-job';
import { lockedTargets, withTargets, type BatchSelection } from './batch-scope';
import { presentedItems } from './items';
import { BatchFilter, ByFilter, Item, ProjectParams } from './schemas';

/** How many items a filter's item list answers at most: a zip or a tag sheet built in the browser. */
export const FILTER_ITEMS_MAX = 2000;

const IdList = Type.Union([Type.Array(Id(), { maxItems: 10000 }), Type.String({ maxLength: 100000 })]);
const LabelIds = Type.Union([Type.Array(Id(), { maxItems: 200 }), Type.String({ maxLength: 2000 })]);
export const BatchLabelBody = Type.Object({ ids: Type.Optional(IdList), ...ByFilter, add: Type.Optional(LabelIds), remove: Type.Optional(LabelIds) });
const FilterItemsBody = Type.Object({ filter: BatchFilter, expected_total: Type.Integer({ minimum: 0 }) });
/** A batch's answer: the items acted on, or (above BATCH_DIRECT_MAX) the job that acts on them. */
export const BatchDone = Type.Object({
  updated: Type.Optional(Type.Integer()),
  deleted: Type.Optional(Type.Integer()),
  total: Type.Integer({ description: '确认并处理的条数' }),
  batch_id: Type.Optional(Type.Integer({ description: '超过 1000 条时在后台分批处理：用 batch_job/{id}/ 查询进度' })),
});
const BatchProgress = Type.Object({
  id: Type.Integer(),
  action: Type.String(),
  total: Type.Integer(),
  done: Type.Integer(),
  skipped: Type.Integer({ description: '确认后已被删除、因此未处理的条数' }),
  state: Type.String({ description: 'running | done | failed' }),
  error: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
  finished_at: Type.Union([Type.String(), Type.Null()]),
});

/**
 * Runs a batch: its targets locked and counted, then acted on in the same transaction, or,
 * above BATCH_DIRECT_MAX, their ids kept and a job sent in that transaction.
 */
export function batchRunner(app: FastifyInstance, spec: LibraryKindContract) {
  return async (request: FastifyRequest, body: BatchSelection, action: LibraryBatchAction, params: BatchParams, emptyMessage: string) => {
    const { project } = projectOf(request);
    // Only the fields the history keeps: a job keeps its params in its row.
    const actor = request.user ? { uuid: request.user.uuid, username: request.user.username, nickname: request.user.nickname } : undefined;
    const result = await withTargets(app.db, async (tx) => {
      const ids = await lockedTargets(tx, project.uuid, spec, body, app.config.timeZone, emptyMessage);
      if (ids.length > BATCH_DIRECT_MAX) {
        return { total: ids.length, batchId: await queueBatch(app, tx, { projectUuid: project.uuid, kind: spec.kind, createdBy: request.user?.uuid }, action, ids, { ...params, actor }) };
      }
      await actOnItems(tx, { projectUuid: project.uuid, kind: spec.kind }, action, ids, { ...params, actor });
      return { total: ids.length, batchId: undefined };
    });
    if (result.batchId !== undefined) app.jobs.wake(LIBRARY_BATCH_QUEUE);
    return result;
  };
}

export function batchRoutes(spec: LibraryKindContract) {
  return async (app: FastifyInstance): Promise<void> => {
    const base = `${REPORT_BASE}/${spec.itemPath}`;
    const tags = [`${spec.entity}`];
    const needs = (...operations: LibraryOperation[]) => ({ project: { anyOf: operations.flatMap((operation) => spec.permissions[operation]) } });
    const run = batchRunner(app, spec);

    app.post<{ Params: Static<typeof ProjectParams>; Body: Static<typeof BatchLabelBody> }>(
      `${base}/batch_label/`,
      { config: needs('edit', 'batchEdit'), schema: { tags, summary: `批量打标签：为勾选或符合筛选条件的${spec.entity}添加、移除标签`, params: ProjectParams, body: BatchLabelBody, response: { 200: OkOf(BatchDone) } } },
      async (request) => {
        const { project } = projectOf(request);
        const labels = await checkBatchLabels(app.db, project.uuid, spec, request.body.add, request.body.remove);
        const { total, batchId } = await run(request, request.body, 'label', labels, '请勾选需要打标签的数据!');
        return OkAnswer(total, batchId, 'updated', '批量打标签成功', '批量打标签');
      },
    );

    app.post<{ Params: Static<typeof ProjectParams>; Body: Static<typeof FilterItemsBody> }>(
      `${base}/filter_items/`,
      { config: needs('view'), schema: { tags, summary: `符合筛选条件的全部${spec.entity}（最多 ${FILTER_ITEMS_MAX} 条，供打包下载与导出标签）`, params: ProjectParams, body: FilterItemsBody, response: { 200: OkOf(Type.Array(Item)) } } },
      async (request) => {
        const { project } = projectOf(request);
        if (request.body.expected_total > FILTER_ITEMS_MAX) throw badRequest(`一次最多处理 ${FILTER_ITEMS_MAX} 条${spec.entity}，请缩小筛选范围`);
        // Read under the same locks as a batch: the count confirmed is the count answered.
        const ids = await withTargets(app.db, (tx) => lockedTargets(tx, project.uuid, spec, request.body, app.config.timeZone, '没有符合条件的数据'));
        return { code: 200, message: 'success', data: await presentedItems(app.db, project.uuid, spec.kind, ids, app.config.timeZone) };
      },
    );

    app.get<{ Params: Static<typeof ProjectParams> & { id: number } }>(
      `${base}/batch_job/:id/`,
      { config: needs('view'), schema: { tags, summary: '后台批量操作的进度', params: Type.Object({ projectId: Type.String({ maxLength: 64 }), id: Id() }), response: { 200: OkOf(BatchProgress) } } },
      async (request) => {
        const { project } = projectOf(request);
        const progress = await batchProgress(app.db, project.uuid, spec.kind, request.params.id, app.config.timeZone);
        if (!progress) throw notFound('批量操作不存在');
        return { code: 200, message: 'success', data: progress };
      },
    );
  };
}

/** The answer of a batch: done now, or started as a job (its message says how many). */
export function OkAnswer(total: number, batchId: number | undefined, field: 'updated' | 'deleted', doneMessage: string, actionName: string) {
  if (batchId === undefined) return { code: 200, message: doneMessage, data: { [field]: total, total } };
  return { code: 200, message: `已开始${actionName}，共 ${total.toLocaleString('en-US')} 条`, data: { total, batch_id: batchId } };
}
