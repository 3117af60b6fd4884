import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { LabelOrigin } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { parseIds } from '../../lib/ids';
import { DEFAULT_LIMIT, drfPage } from '../../lib/pagination';
import { ok, OkOf, REPORT_BASE, UpdatedCount } from '../../lib/report-service';
import { LABEL_PERMISSIONS } from '../../../contract/labels';
import { inProject, projectOf } from '../../access/gate';
import { importLabels } from './import';
import {
  checkGroupRef, checkLabelName, deleteLabels, findLabel, groupNameOf, insertLabel, insertLabels, labelsOfProject, listLabels,
  presentLabel, projectGroups, readExtraInfo, updateLabels, type LabelRow,
} from './queries';
import { BatchUpdateBody, BulkCreateBody, Ids, ImportBody, ImportResult, Label, LabelListQuery, LabelPage, LabelWrite, ProjectIdParams, ProjectParams } from './schemas';
import { refuseTaken } from '../../lib/sql';

const tags = ['标签'];
/** 20,000 rows of long Chinese names fit; the default 1 MB does not. */
const BULK_BODY_LIMIT = 8 * 1024 * 1024;
/** The app shows this refusal as a warning (spec section 8: label add with code 400). */
const duplicate = (name: string) => badRequest(`标签「${name}」在该分组中已存在`, 400);

export async function labelRoutes(app: FastifyInstance): Promise<void> {
  const tz = app.config.timeZone;
  const present = async (label: LabelRow) => presentLabel(label, await groupNameOf(app.db, label.labelGroupId), tz);

  app.get<{ Params: Static<typeof ProjectParams>; Querystring: Static<typeof LabelListQuery> }>(
    `${REPORT_BASE}/label/`,
    { config: inProject(LABEL_PERMISSIONS.view), schema: { tags, summary: '标签列表（origin、label_group_id、name 包含、limit、offset）', params: ProjectParams, querystring: LabelListQuery, response: { 200: LabelPage } } },
    async (request) => {
      const access = projectOf(request);
      const { limit = DEFAULT_LIMIT, offset = 0, origin, label_group_id: labelGroupId, name } = request.query;
      const { rows, total } = await listLabels(app.db, access.project.uuid, { origin, labelGroupId, name: name?.trim() || undefined, limit, offset });
      return drfPage(request, rows.map((row) => presentLabel(row.label, row.groupName, tz)), total, limit, offset);
    },
  );

  app.post<{ Params: Static<typeof ProjectParams>; Body: Static<typeof LabelWrite> }>(
    `${REPORT_BASE}/label/`,
    { config: inProject(LABEL_PERMISSIONS.create), schema: { tags, summary: '新建标签；同组同实体重名时回答 code 400', params: ProjectParams, body: LabelWrite, response: { 201: Label } } },
    async (request, reply) => {
      const { project } = projectOf(request);
      const name = checkLabelName(request.body.name);
      const labelGroupId = checkGroupRef(await projectGroups(app.db, project.uuid), request.body.label_group);
      const values = { projectUuid: project.uuid, name, origin: request.body.origin ?? '报告', labelGroupId, extraInfo: readExtraInfo(request.body.extra_info) };
      const label = await refuseTaken(() => insertLabel(app.db, values, request.user), () => duplicate(name));
      return reply.status(201).send(await present(label));
    },
  );

  app.patch<{ Params: Static<typeof ProjectIdParams>; Body: Static<typeof LabelWrite> }>(
    `${REPORT_BASE}/label/:id/`,
    { config: inProject(LABEL_PERMISSIONS.edit), schema: { tags, summary: '修改标签', params: ProjectIdParams, body: LabelWrite, response: { 200: Label } } },
    async (request) => {
      const { project } = projectOf(request);
      const label = await findLabel(app.db, project.uuid, request.params.id);
      const changes = await labelChanges(app.db, project.uuid, request.body);
      const [updated] = await refuseTaken(() => updateLabels(app.db, [{ id: label.id, set: changes }], request.user), () => duplicate(changes.name ?? label.name));
      // Deleted by a concurrent request since it was found.
      if (!updated) throw notFound('标签不存在');
      return present(updated);
    },
  );

  app.delete<{ Params: Static<typeof ProjectIdParams> }>(
    `${REPORT_BASE}/label/:id/`,
    { config: inProject(LABEL_PERMISSIONS.delete), schema: { tags, summary: '删除标签（同时从所有报告和素材上移除）', params: ProjectIdParams } },
    async (request, reply) => {
      const { project } = projectOf(request);
      await deleteLabels(app.db, project.uuid, [(await findLabel(app.db, project.uuid, request.params.id)).id], request.user);
      return reply.status(204).send();
    },
  );

  app.post<{ Params: Static<typeof ProjectParams>; Body: Static<typeof BatchUpdateBody> }>(
    `${REPORT_BASE}/label/batch_update/`,
    { config: inProject(LABEL_PERMISSIONS.edit), schema: { tags, summary: '批量移动分组（{ids, label_group}）或逐个修改（[{id, …}]），全部成功或全部不变', params: ProjectParams, body: BatchUpdateBody, response: { 200: OkOf(UpdatedCount) } } },
    async (request) => {
      const { project } = projectOf(request);
      const items = Array.isArray(request.body)
        ? request.body
        : parseIds(request.body.ids, '请勾选批量移动数据!').map((id) => ({ id, label_group: (request.body as { label_group?: number | null }).label_group, origin: (request.body as { origin?: LabelOrigin }).origin }));
      if (items.length === 0) throw badRequest('请勾选批量移动数据!');
      await labelsOfProject(app.db, project.uuid, items.map((item) => item.id));
      const changes: Array<{ id: number; set: Partial<LabelRow> }> = [];
      for (const { id, ...body } of items) changes.push({ id, set: await labelChanges(app.db, project.uuid, body) });
      await refuseTaken(() => updateLabels(app.db, changes, request.user), () => badRequest('目标分组中已有同名标签', 400));
      return ok({ updated: items.length }, '标签更新成功');
    },
  );

  app.post<{ Params: Static<typeof ProjectParams>; Body: Static<typeof Ids> }>(
    `${REPORT_BASE}/label/bulk_delete/`,
    { config: inProject(LABEL_PERMISSIONS.edit), schema: { tags, summary: '批量删除标签（同时解除与报告、素材的关联）', params: ProjectParams, body: Ids } },
    async (request, reply) => {
      const { project } = projectOf(request);
      const ids = parseIds(request.body.ids, '请勾选批量删除数据!');
      await labelsOfProject(app.db, project.uuid, ids);
      await deleteLabels(app.db, project.uuid, ids, request.user);
      return reply.status(204).send();
    },
  );

  app.post<{ Params: Static<typeof ProjectParams>; Body: Static<typeof BulkCreateBody> }>(
    `${REPORT_BASE}/label/bulk_create/`,
    { config: inProject(LABEL_PERMISSIONS.create), bodyLimit: BULK_BODY_LIMIT, schema: { tags, summary: '批量新建标签，全部成功或全部不建', params: ProjectParams, body: BulkCreateBody, response: { 201: OkOf(Type.Array(Label)) } } },
    async (request, reply) => {
      const { project } = projectOf(request);
      const items = Array.isArray(request.body) ? request.body : request.body.labels;
      if (items.length === 0) throw badRequest('请至少提交一个标签');
      const groups = await projectGroups(app.db, project.uuid);
      const seen = new Set<string>();
      const values = items.map((item, i) => {
        const where = `第 ${i + 1} 条：`;
        try {
          const name = checkLabelName(item.name);
          const origin = item.origin ?? '报告';
          const labelGroupId = checkGroupRef(groups, item.label_group);
          const key = `${labelGroupId}\u0000${origin}\u0000${name}`;
          if (seen.has(key)) throw badRequest(`标签「${name}」重复`);
          seen.add(key);
          return { projectUuid: project.uuid, name, origin, labelGroupId, extraInfo: readExtraInfo(item.extra_info) };
        } catch (error) {
          throw badRequest(where + (error as Error).message);
        }
      });
      const created = await refuseTaken(() => insertLabels(app.db, values, request.user), () => badRequest('部分标签在其分组中已存在，未新建任何标签', 400));
      return reply.status(201).send(ok(created.map((label) => presentLabel(label, groups.get(label.labelGroupId ?? 0)?.name ?? null, tz)), '新增标签成功'));
    },
  );

  app.post<{ Params: Static<typeof ProjectParams>; Body: Static<typeof ImportBody> }>(
    `${REPORT_BASE}/label/import/`,
    { config: inProject(LABEL_PERMISSIONS.create), bodyLimit: BULK_BODY_LIMIT, schema: { tags, summary: '导入标签表（序号、标签名称、标签类别、实体）；dry_run 时只返回逐行预览', params: ProjectParams, body: ImportBody, response: { 200: OkOf(ImportResult) } } },
    async (request) => {
      const { project } = projectOf(request);
      if (request.body.rows.length === 0) throw badRequest('当前excel无数据');
      const plan = await importLabels(app.db, project.uuid, request.body.rows, Boolean(request.body.dry_run));
      const tally = (action: string) => plan.filter((row) => row.action === action).length;
      const summary = { created: tally('create'), changed: tally('change'), unchanged: tally('unchanged'), rejected: tally('reject') };
      return ok({ ...summary, rows: plan }, request.body.dry_run ? '预览' : '导入成功');
    },
  );
}

/** The columns a label write sets, checked against the project's groups. */
async function labelChanges(db: Db, projectUuid: string, body: Static<typeof LabelWrite>): Promise<Partial<LabelRow>> {
  const changes: Partial<LabelRow> = { updatedAt: new Date() };
  if (body.name !== undefined) changes.name = checkLabelName(body.name);
  if (body.origin !== undefined) changes.origin = body.origin;
  if (body.extra_info !== undefined) changes.extraInfo = readExtraInfo(body.extra_info);
  if (body.label_group !== undefined) changes.labelGroupId = checkGroupRef(await projectGroups(db, projectUuid), body.label_group);
  return changes;
}
