import type { Static } from '@sinclair/typebox';
import { and, asc, count, eq, ilike, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { libraryGroups, libraryItems } from '../../db/schema';
import { formatDateTime } from '../../lib/dates';
import { badRequest, notFound } from '../../lib/errors';
import { parseIds } from '../../lib/ids';
import { ok, REPORT_BASE } from '../../lib/report-service';
import type { LibraryOperation } from '../../../contract/library';
import { projectOf } from '../../plugins/access';
import type { LibraryKindContract } from '../../../contract/library';
import { GroupBatchEdit, GroupListQuery, GroupWrite, Ids, ProjectIdParams, ProjectParams } from './schemas';
import { containing, isUniqueViolation } from '../../lib/sql';

type GroupRow = typeof libraryGroups.$inferSelect;

/** The group routes of one library kind: report_group/ or material_group/. */
export function groupRoutes(spec: LibraryKindContract) {
  return async (app: FastifyInstance): Promise<void> => {
    const base = `${REPORT_BASE}/${spec.groupPath}`;
    const tags = [`${spec.entity}分组`];
    const present = (group: GroupRow, num = 0) => ({
      id: group.id,
      name: group.name,
      sorted: group.sorted,
      user_uuid: group.userUuid,
      num,
      created_at: formatDateTime(group.createdAt, app.config.timeZone)!,
      updated_at: formatDateTime(group.updatedAt, app.config.timeZone)!,
    });
    const needs = (operation: LibraryOperation) => ({ project: { anyOf: spec.permissions[operation] } });
    const checkName = (name: string | undefined, message: string) => {
      const value = (name ?? '').trim();
      if (!value) throw badRequest(message);
      if (value.length > 50) throw badRequest('分组名称不能超过 50 个字符');
      return value;
    };
    const duplicateName = () => badRequest('分组名称已存在');

    app.get<{ Params: Static<typeof ProjectParams>; Querystring: Static<typeof GroupListQuery> }>(
      `${base}/group_list/`,
      { config: needs('viewGroups'), schema: { tags, summary: `${spec.entity}分组（每组条数 num，以及全部条数 total_report_number）`, params: ProjectParams, querystring: GroupListQuery } },
      async (request) => {
        const project = projectOf(request).project.uuid;
        const name = request.query.name?.trim();
        const groups = await app.db
          .select()
          .from(libraryGroups)
          .where(and(eq(libraryGroups.projectUuid, project), eq(libraryGroups.kind, spec.kind), name ? ilike(libraryGroups.name, containing(name)) : undefined))
          .orderBy(asc(libraryGroups.sorted), asc(libraryGroups.id));
        const counts = await app.db
          .select({ groupId: libraryItems.groupId, n: count() })
          .from(libraryItems)
          .where(and(eq(libraryItems.projectUuid, project), eq(libraryItems.kind, spec.kind)))
          .groupBy(libraryItems.groupId);
        const byGroup = new Map(counts.map((row) => [row.groupId, row.n]));
        return {
          code: 200,
          data: groups.map((group) => present(group, byGroup.get(group.id) ?? 0)),
          total_report_number: counts.reduce((sum, row) => sum + row.n, 0),
        };
      },
    );

    app.post<{ Params: Static<typeof ProjectParams>; Body: Static<typeof GroupWrite> }>(
      `${base}/group_create/`,
      { config: needs('createGroup'), schema: { tags, summary: `新建${spec.entity}分组`, params: ProjectParams, body: GroupWrite } },
      async (request) => {
        const { project } = projectOf(request);
        const name = checkName(request.body.name, '分组名称必填！');
        const [{ n }] = await app.db.select({ n: count() }).from(libraryGroups).where(and(eq(libraryGroups.projectUuid, project.uuid), eq(libraryGroups.kind, spec.kind)));
        try {
          const [group] = await app.db
            .insert(libraryGroups)
            .values({ projectUuid: project.uuid, kind: spec.kind, name, sorted: request.body.sorted ?? n, userUuid: request.user?.uuid })
            .returning();
          return ok(present(group), '新增分组成功');
        } catch (error) {
          if (isUniqueViolation(error)) throw duplicateName();
          throw error;
        }
      },
    );

    const groupOf = async (projectUuid: string, id: number) => {
      const [group] = await app.db.select().from(libraryGroups).where(and(eq(libraryGroups.id, id), eq(libraryGroups.projectUuid, projectUuid), eq(libraryGroups.kind, spec.kind)));
      if (!group) throw notFound('分组不存在');
      return group;
    };

    app.put<{ Params: Static<typeof ProjectIdParams>; Body: Static<typeof GroupWrite> }>(
      `${base}/:id/`,
      { config: needs('editGroup'), schema: { tags, summary: `重命名${spec.entity}分组`, params: ProjectIdParams, body: GroupWrite } },
      async (request) => {
        const { project } = projectOf(request);
        const group = await groupOf(project.uuid, request.params.id);
        try {
          const [updated] = await app.db
            .update(libraryGroups)
            .set({ name: checkName(request.body.name, '组名不能为空'), sorted: request.body.sorted ?? group.sorted, updatedAt: new Date() })
            .where(eq(libraryGroups.id, group.id))
            .returning();
          return ok(present(updated), '修改分组名称成功');
        } catch (error) {
          if (isUniqueViolation(error)) throw duplicateName();
          throw error;
        }
      },
    );

    app.put<{ Params: Static<typeof ProjectParams>; Body: Static<typeof GroupBatchEdit> }>(
      `${base}/batch_edit/`,
      { config: needs('editGroup'), schema: { tags, summary: '保存分组的名称与顺序，全部成功或全部不变', params: ProjectParams, body: GroupBatchEdit } },
      async (request) => {
        const { project } = projectOf(request);
        const rows = request.body.data;
        const groups = await app.db.select({ id: libraryGroups.id }).from(libraryGroups).where(and(eq(libraryGroups.projectUuid, project.uuid), eq(libraryGroups.kind, spec.kind), inArray(libraryGroups.id, rows.map((row) => row.id).concat(0))));
        if (groups.length !== new Set(rows.map((row) => row.id)).size) throw notFound('分组不存在');
        try {
          await app.db.transaction(async (tx) => {
            for (const [index, row] of rows.entries()) {
              const changes: Partial<GroupRow> = { sorted: row.sorted ?? index, updatedAt: new Date() };
              if (row.name !== undefined) changes.name = checkName(row.name, '组名不能为空');
              await tx.update(libraryGroups).set(changes).where(eq(libraryGroups.id, row.id));
            }
          });
        } catch (error) {
          if (isUniqueViolation(error)) throw duplicateName();
          throw error;
        }
        return ok(null, '排序成功');
      },
    );

    app.post<{ Params: Static<typeof ProjectParams>; Body: Static<typeof Ids> }>(
      `${base}/batch_delete/`,
      { config: needs('deleteGroup'), schema: { tags, summary: `批量删除${spec.entity}分组（其中的${spec.entity}移出分组）`, params: ProjectParams, body: Ids } },
      async (request) => {
        const { project } = projectOf(request);
        const ids = parseIds(request.body.ids, '请选择删除分组');
        await app.db.transaction(async (tx) => {
          const deleted = await tx
            .delete(libraryGroups)
            .where(and(eq(libraryGroups.projectUuid, project.uuid), eq(libraryGroups.kind, spec.kind), inArray(libraryGroups.id, ids)))
            .returning({ id: libraryGroups.id });
          if (deleted.length !== ids.length) throw notFound('部分分组不存在');
        });
        return ok({ deleted: ids.length }, '批量删除成功!');
      },
    );
  };
}
