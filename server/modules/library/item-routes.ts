import { randomUUID } from 'node:crypto';
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { refreshLibraryStatistics } from '../../db/statistics';
import { badRequest, notFound } from '../../lib/errors';
import { ok, OkOf, REPORT_BASE } from '../../lib/report-service';
import { isId } from '../../lib/schema-types';
import type { LibraryOperation } from '../../../contract/library';
import { projectOf } from '../../access/gate';
import { deleteUnusedObjects } from '../uploads/storage-gc';
import { insertItems, labelIdsByName, setLabelsOfItems, updateItem, type NewItem } from './item-writes';
import { BatchDone, batchRunner, OkAnswer } from './batch-routes';
import { itemsOfProject, presentedItem, presentedItems, readListQuery } from './items';
import { listItems } from './list-page';
import { searchContent } from './content-search';
import { ocrCommand } from '../contents/extract';
import { CONTENT_QUEUE } from '../contents/job';
import type { LibraryKindContract } from '../../../contract/library';
import { BulkItems, ExportBody, ExportRowResult, Ids, Item, ItemPage, ItemWrite, ListQuery, MoveBody, ProjectIdParams, ProjectParams, SavedItem } from './schemas';
import { checkGroup, checkLabels, itemValues } from './write';

type Body = Static<typeof ItemWrite>;

/** The item routes of one library kind: reports under report/, materials under material/. */
export function itemRoutes(spec: LibraryKindContract) {
  return async (app: FastifyInstance): Promise<void> => {
    const base = `${REPORT_BASE}/${spec.itemPath}`;
    const tags = [`${spec.entity}`];
    const tz = app.config.timeZone;
    const needs = (...operations: LibraryOperation[]) => ({ project: { anyOf: operations.flatMap((operation) => spec.permissions[operation]) } });
    const ownerOf = (project: { uuid: string; organizationUuid: string }) => ({ projectUuid: project.uuid, organizationUuid: project.organizationUuid });
    const presentOne = (projectUuid: string, id: number) => presentedItem(app.db, projectUuid, spec.kind, id, tz);
    const runBatch = batchRunner(app, spec);

    /** Inserts checked items and their labels in one transaction. */
    async function create(request: FastifyRequest, owner: ReturnType<typeof ownerOf>, bodies: Body[]) {
      const prepared: NewItem[] = [];
      for (const [i, body] of bodies.entries()) {
        try {
          prepared.push({ values: await itemValues(app.db, owner, spec, body, true), labelIds: (await checkLabels(app.db, owner, spec, body)) ?? [] });
        } catch (error) {
          throw bodies.length > 1 ? badRequest(`第 ${i + 1} 个${spec.entity}：${(error as Error).message}`) : error;
        }
      }
      const ids = await insertItems(app.db, { projectUuid: owner.projectUuid, kind: spec.kind, createdBy: request.user?.uuid }, prepared, request.user);
      // The new items were queued by the database in the insert; this wakes the extraction now.
      await app.jobs.send(CONTENT_QUEUE, {});
      return ids;
    }

    app.get<{ Params: Static<typeof ProjectParams>; Querystring: Static<typeof ListQuery> }>(
      `${base}/report_list/`,
      { config: needs('view'), schema: { tags, summary: `${spec.entity}列表（分页、名称、分组、时间、标签筛选）`, params: ProjectParams, querystring: ListQuery, response: { 200: ItemPage } } },
      async (request) => {
        const { project } = projectOf(request);
        const filter = readListQuery(request.query, tz);
        if (request.query.content?.trim()) {
          if (spec.textByOcrOnly && !(await ocrCommand(app))) throw badRequest(`未开启文字识别（OCR），${spec.entity}不支持全文检索`);
          const found = await searchContent(app.db, project.uuid, spec, filter, request.query.content, tz, app.config.listAnswersRemembered);
          return { code: 200, result: { data: found.data, pageNo: filter.pageNo, pageSize: filter.pageSize, total: found.total } };
        }
        const { data, total } = await listItems(app.db, project.uuid, spec, filter, tz, app.config.listAnswersRemembered);
        return { code: 200, result: { data, pageNo: filter.pageNo, pageSize: filter.pageSize, total } };
      },
    );

    app.get<{ Params: Static<typeof ProjectIdParams> }>(
      `${base}/:id/`,
      { config: needs('view'), schema: { tags, summary: `${spec.entity}详情`, params: ProjectIdParams, response: { 200: OkOf(Item) } } },
      async (request) => {
        const { project } = projectOf(request);
        const item = await presentedItem(app.db, project.uuid, spec.kind, request.params.id, tz);
        if (!item) throw notFound(`${spec.entity}不存在`);
        return ok(item);
      },
    );

    app.post<{ Params: Static<typeof ProjectParams>; Body: Body }>(
      `${base}/report_create/`,
      { config: needs('create'), schema: { tags, summary: `新增${spec.entity}`, params: ProjectParams, body: ItemWrite, response: { 201: SavedItem } } },
      async (request, reply) => {
        const { project } = projectOf(request);
        const [id] = await create(request, ownerOf(project), [request.body]);
        return reply.status(201).send(ok(await presentOne(project.uuid, id), `新增${spec.entity}成功`));
      },
    );

    app.post<{ Params: Static<typeof ProjectParams>; Body: Static<typeof BulkItems> }>(
      `${base}/bulk_create/`,
      { config: needs('create'), schema: { tags, summary: `批量新增${spec.entity}，全部成功或全部不建`, params: ProjectParams, body: BulkItems, response: { 201: OkOf(Type.Array(Item)) } } },
      async (request, reply) => {
        const { project } = projectOf(request);
        const bodies = Array.isArray(request.body) ? request.body : request.body.data;
        if (bodies.length === 0) throw badRequest(`请至少提交一个${spec.entity}`);
        const ids = await create(request, ownerOf(project), bodies);
        // The items are committed: a refused ANALYZE (a role that does not own the table, a timeout) only leaves it to autovacuum.
        await refreshLibraryStatistics(app.db).catch((error) => request.log.warn({ err: error }, '导入后更新统计信息失败'));
        return reply.status(201).send(ok(await presentedItems(app.db, project.uuid, spec.kind, ids, tz), `新增${spec.entity}成功`));
      },
    );

    app.put<{ Params: Static<typeof ProjectParams>; Body: Body }>(
      `${base}/${spec.editPath}/`,
      { config: needs('edit'), schema: { tags, summary: `编辑${spec.entity}（body 带 id）`, params: ProjectParams, body: ItemWrite, response: { 200: SavedItem } } },
      async (request) => {
        const { project } = projectOf(request);
        if (!request.body.id) throw badRequest(`缺少${spec.entity} id`);
        const [row] = await itemsOfProject(app.db, project.uuid, spec.kind, [request.body.id]);
        if (!row) throw notFound(`${spec.entity}不存在`);
        const owner = ownerOf(project);
        const values = await itemValues(app.db, owner, spec, request.body, false);
        const labelIds = await checkLabels(app.db, owner, spec, request.body);
        await updateItem(app.db, project.uuid, row.id, values, labelIds, `${spec.entity}不存在`, request.user);
        if (values.fileId !== undefined && values.fileId !== row.fileId) await app.jobs.send(CONTENT_QUEUE, {});
        await deleteUnusedObjects(app);
        return ok(await presentOne(project.uuid, row.id), '数据保存成功!');
      },
    );

    app.put<{ Params: Static<typeof ProjectParams>; Body: Static<typeof MoveBody> }>(
      `${base}/batch_remove_edit/`,
      { config: needs('edit', 'batchEdit'), schema: { tags, summary: '批量移入分组；group_id 为 -1 时移出分组；可按筛选条件（filter + expected_total）', params: ProjectParams, body: MoveBody, response: { 200: OkOf(BatchDone) } } },
      async (request) => {
        const { project } = projectOf(request);
        if (request.body.group_id === '') throw badRequest('请选择要移动的分组');
        const removing = Number(request.body.group_id) === -1;
        const groupId = await checkGroup(app.db, ownerOf(project), spec, request.body.group_id);
        const { total, batchId } = await runBatch(request, request.body, 'move', { groupId }, removing ? '请勾选批量移出数据!' : '请勾选批量移动数据!');
        return OkAnswer(total, batchId, 'updated', removing ? '批量移出成功' : '批量移动成功', removing ? '批量移出' : '批量移动');
      },
    );

    app.post<{ Params: Static<typeof ProjectParams>; Body: Static<typeof Ids> }>(
      `${base}/batch_delete/`,
      { config: needs('delete', 'batchDelete'), schema: { tags, summary: `批量删除${spec.entity}：移入回收站，保留 RECYCLE_BIN_DAYS 天后连同文件彻底删除；可按筛选条件（filter + expected_total）`, params: ProjectParams, body: Ids, response: { 200: OkOf(BatchDone) } } },
      async (request) => {
        const { total, batchId } = await runBatch(request, request.body, 'delete', { binBatch: randomUUID() }, '请勾选批量删除数据!');
        return OkAnswer(total, batchId, 'deleted', '批量删除成功!', '批量删除');
      },
    );

    app.post<{ Params: Static<typeof ProjectParams>; Body: Static<typeof ExportBody> }>(
      `${base}/export_report/`,
      { config: needs('edit', 'batchEdit'), schema: { tags, summary: '按标签名称设置标签（表格导入）；不在标签池中的名称逐行返回', params: ProjectParams, body: ExportBody, response: { 200: OkOf(Type.Array(ExportRowResult)) } } },
      async (request) => {
        const { project } = projectOf(request);
        const rows = request.body.reports;
        if (rows.length === 0) throw badRequest('当前excel无数据');
        const idsByName = await labelIdsByName(app.db, project.uuid, spec.entity);
        const ids = rows.map((row) => Number(row.id)).filter(isId);
        const existing = new Set((await itemsOfProject(app.db, project.uuid, spec.kind, ids)).map((row) => row.id));
        const results = rows.map((row, index) => {
          const names = (Array.isArray(row.labels) ? row.labels : (row.labels ?? '').split(/[,，]/)).map((name) => name.trim()).filter(Boolean);
          const unmatched = names.filter((name) => !idsByName.has(name));
          const id = Number(row.id);
          return { row: index + 1, id, found: existing.has(id), unmatched, labelIds: [...new Set(names.flatMap((name) => idsByName.get(name) ?? []))] };
        });
        await setLabelsOfItems(app.db, project.uuid, spec.kind, results.filter((result) => result.found), request.user);
        return ok(
          // A non-numeric id is NaN, which JSON writes as null (and the schema's serializer refuses).
          results.map(({ row, id, found, unmatched }) => ({ row, id: Number.isFinite(id) ? id : null, updated: found, unmatched, reason: found ? undefined : `${spec.entity}不存在` })),
          '导入成功',
        );
      },
    );
  };
}
