import type { Static } from '@sinclair/typebox';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { labelGroups, labels } from '../../db/schema';
import { formatDateTime } from '../../lib/dates';
import { badRequest, notFound } from '../../lib/errors';
import { parseIds } from '../../lib/ids';
import { ok, REPORT_BASE } from '../../lib/report-service';
import { LABEL_PERMISSIONS } from '../../../contract/labels';
import { projectOf } from '../../plugins/access';
import { checkGroupName, type LabelGroupRow } from './queries';
import { Ids, LabelGroupWrite, ProjectIdParams, ProjectParams, SortBody } from './schemas';
import { isUniqueViolation } from '../../lib/sql';

const tags = ['标签分组'];
const groupExists = () => badRequest('标签分组名称已存在');

export async function labelGroupRoutes(app: FastifyInstance): Promise<void> {
  const present = (group: LabelGroupRow, labelNum: number) => ({
    id: group.id,
    name: group.name,
    order: group.order,
    label_num: labelNum,
    created_at: formatDateTime(group.createdAt, app.config.timeZone)!,
    updated_at: formatDateTime(group.updatedAt, app.config.timeZone)!,
  });
  const groupOf = async (projectUuid: string, id: number) => {
    const [group] = await app.db.select().from(labelGroups).where(and(eq(labelGroups.id, id), eq(labelGroups.projectUuid, projectUuid)));
    if (!group) throw notFound('标签分组不存在');
    return group;
  };
  const labelCount = async (groupId: number) =>
    (await app.db.select({ n: count() }).from(labels).where(eq(labels.labelGroupId, groupId)))[0].n;

  app.get<{ Params: Static<typeof ProjectParams> }>(
    `${REPORT_BASE}/label_group/`,
    { config: { project: { anyOf: LABEL_PERMISSIONS.viewGroups } }, schema: { tags, summary: '标签分组列表（含每组标签数 label_num 与标签总数 total_label）', params: ProjectParams } },
    async (request) => {
      const { project } = projectOf(request);
      const groups = await app.db.select().from(labelGroups).where(eq(labelGroups.projectUuid, project.uuid)).orderBy(asc(labelGroups.order), asc(labelGroups.id));
      const counts = await app.db
        .select({ groupId: labels.labelGroupId, n: count() })
        .from(labels)
        .where(eq(labels.projectUuid, project.uuid))
        .groupBy(labels.labelGroupId);
      const byGroup = new Map(counts.map((row) => [row.groupId, row.n]));
      return {
        code: 200,
        count: groups.length,
        next: null,
        previous: null,
        results: groups.map((group) => present(group, byGroup.get(group.id) ?? 0)),
        total_label: counts.reduce((sum, row) => sum + row.n, 0),
      };
    },
  );

  app.post<{ Params: Static<typeof ProjectParams>; Body: Static<typeof LabelGroupWrite> }>(
    `${REPORT_BASE}/label_group/`,
    { config: { project: { anyOf: LABEL_PERMISSIONS.createGroup } }, schema: { tags, summary: '新建标签分组', params: ProjectParams, body: LabelGroupWrite } },
    async (request, reply) => {
      const { project } = projectOf(request);
      const name = checkGroupName(request.body.name, '分组名称必填！');
      const [{ last }] = await app.db.select({ last: count() }).from(labelGroups).where(eq(labelGroups.projectUuid, project.uuid));
      try {
        const [group] = await app.db.insert(labelGroups).values({ projectUuid: project.uuid, name, order: request.body.order ?? last }).returning();
        return reply.status(201).send(present(group, 0));
      } catch (error) {
        if (isUniqueViolation(error)) throw groupExists();
        throw error;
      }
    },
  );

  app.patch<{ Params: Static<typeof ProjectIdParams>; Body: Static<typeof LabelGroupWrite> }>(
    `${REPORT_BASE}/label_group/:id/`,
    { config: { project: { anyOf: LABEL_PERMISSIONS.editGroup } }, schema: { tags, summary: '重命名或调整标签分组', params: ProjectIdParams, body: LabelGroupWrite } },
    async (request) => {
      const { project } = projectOf(request);
      const group = await groupOf(project.uuid, request.params.id);
      const changes: Partial<LabelGroupRow> = { updatedAt: new Date() };
      if (request.body.name !== undefined) changes.name = checkGroupName(request.body.name, '组名不能为空');
      if (request.body.order !== undefined) changes.order = request.body.order;
      try {
        const [updated] = await app.db.update(labelGroups).set(changes).where(eq(labelGroups.id, group.id)).returning();
        return present(updated, await labelCount(group.id));
      } catch (error) {
        if (isUniqueViolation(error)) throw groupExists();
        throw error;
      }
    },
  );

  app.delete<{ Params: Static<typeof ProjectIdParams> }>(
    `${REPORT_BASE}/label_group/:id/`,
    { config: { project: { anyOf: LABEL_PERMISSIONS.deleteGroup } }, schema: { tags, summary: '删除标签分组及其下的标签', params: ProjectIdParams } },
    async (request, reply) => {
      const { project } = projectOf(request);
      const group = await groupOf(project.uuid, request.params.id);
      await app.db.delete(labelGroups).where(eq(labelGroups.id, group.id));
      return reply.status(204).send();
    },
  );

  app.post<{ Params: Static<typeof ProjectParams>; Body: Static<typeof Ids> }>(
    `${REPORT_BASE}/label_group/bulk_delete/`,
    { config: { project: { anyOf: LABEL_PERMISSIONS.deleteGroup } }, schema: { tags, summary: '批量删除标签分组（其下标签一并删除）', params: ProjectParams, body: Ids } },
    async (request) => {
      const { project } = projectOf(request);
      const ids = parseIds(request.body.ids, '请选择删除分组');
      const deleted = await app.db.transaction(async (tx) => {
        const rows = await tx
          .delete(labelGroups)
          .where(and(eq(labelGroups.projectUuid, project.uuid), inArray(labelGroups.id, ids)))
          .returning({ id: labelGroups.id });
        if (rows.length !== ids.length) throw notFound('部分标签分组不存在');
        return rows.length;
      });
      return ok({ deleted }, '批量删除成功!');
    },
  );

  app.post<{ Params: Static<typeof ProjectParams>; Body: Static<typeof SortBody> }>(
    `${REPORT_BASE}/label_group/sort_data/`,
    { config: { project: { anyOf: LABEL_PERMISSIONS.editGroup } }, schema: { tags, summary: '按给出的 id 顺序排列标签分组', params: ProjectParams, body: SortBody } },
    async (request) => {
      const { project } = projectOf(request);
      const ids = Array.isArray(request.body) ? request.body : request.body.ids;
      if (new Set(ids).size !== ids.length) throw badRequest('分组顺序中有重复的 id');
      await app.db.transaction(async (tx) => {
        const rows = await tx.select({ id: labelGroups.id }).from(labelGroups).where(eq(labelGroups.projectUuid, project.uuid));
        if (rows.length !== ids.length || rows.some((row) => !ids.includes(row.id))) {
          throw badRequest('请提交本项目全部标签分组的新顺序');
        }
        for (const [order, id] of ids.entries()) await tx.update(labelGroups).set({ order }).where(eq(labelGroups.id, id));
      });
      return ok(null, '排序成功');
    },
  );
}
