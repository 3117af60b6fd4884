import type { Static } from '@sinclair/typebox';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { inProject, projectOf } from '../../access/gate';
import { demandSome } from '../../access/project';
import { libraryBin, libraryGroups, type BinTarget, type LibraryKind } from '../../db/schema';
import { formatDateTime } from '../../lib/dates';
import { badRequest, notFound } from '../../lib/errors';
import { parseIds } from '../../lib/ids';
import { ok, OkOf, REPORT_BASE } from '../../lib/report-service';
import { UUID } from '../../lib/schema-types';
import { LIBRARY, type LibraryKindContract, type LibraryOperation } from '../../../contract/library';
import { ProjectParams } from '../library/schemas';
import { deleteUnusedObjects } from '../uploads/storage-gc';
import { CONTENT_QUEUE } from '../contents/job';
import { entriesOf, entriesOfBatch, entryColumns, purgeEntries, restoreEntries, type BinRow, type Restored } from './bin-writes';
import { BinCount, BinPage, BinQuery, PurgeBody, RestoreBody } from './schemas';

const DAY_MS = 86_400_000;
const PURGE_CHUNK = 1_000;
const KINDS = Object.values(LIBRARY);
const anyKind = (...operations: LibraryOperation[]) => KINDS.flatMap((spec) => operations.flatMap((operation) => spec.permissions[operation]));
/** The permission an entry's restore and purge need: deleting what it holds. */
const deleting = (target: BinTarget): LibraryOperation => (target === 'group' ? 'deleteGroup' : 'delete');

function targetOf(value: string | undefined): BinTarget {
  if (value === undefined || value === '' || value === 'item') return 'item';
  if (value === 'group') return 'group';
  throw badRequest('target 只能是 item 或 group');
}

/** What a restore says: the items, and for groups how many of their items came back and whether one joined a group of its name. */
function restoredMessage({ restored, groups }: Restored): string {
  const parts: string[] = [];
  const items = restored - groups.length;
  if (groups.length > 0) {
    const back = groups.reduce((sum, group) => sum + group.itemsBack, 0);
    const stayed = groups.reduce((sum, group) => sum + group.itemsHeld - group.itemsBack, 0);
    const merged = groups.filter((group) => group.merged);
    const named = groups.length === 1 ? `分组「${groups[0].name}」` : `${groups.length} 个分组`;
    parts.push(`已还原${named}，移回其中 ${back} 项`);
    if (stayed > 0) parts.push(`另有 ${stayed} 项已移至其他分组或已删除，未移动`);
    if (merged.length > 0) parts.push(groups.length === 1 ? '已有同名分组，已并入该分组' : `其中 ${merged.length} 个已有同名分组，已并入`);
  }
  if (items > 0 || groups.length === 0) parts.push(`已还原 ${items} 项`);
  return parts.join('；');
}

function kindOfOrigin(origin: string | undefined): LibraryKindContract {
  const spec = KINDS.find((candidate) => candidate.entity === (origin || '报告'));
  if (!spec) throw badRequest('origin 只能是 报告 或 素材');
  return spec;
}

function wholeNumber(value: string | undefined, fallback: number, message: string, max: number): number {
  if (value === undefined || value === '') return fallback;
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > max) throw badRequest(message);
  return Number(value);
}

/**
 * The project's recycle bin (回收站): deleted reports and materials, and deleted groups of them,
 * for RECYCLE_BIN_DAYS, listed by origin and target, restored or purged. Restoring and purging
 * need the delete permission of what each entry holds (items or groups of its kind); every id is
 * looked up in the caller's project only.
 */
export async function recycleBinRoutes(app: FastifyInstance): Promise<void> {
  const base = `${REPORT_BASE}/recycle_bin`;
  const tags = ['回收站'];
  const days = app.config.recycleBinDays;
  const tz = app.config.timeZone;

  /** The caller may delete (so restore and purge) what every one of these entries holds: items or groups of its kind. */
  const demandDelete = (request: FastifyRequest, entries: Array<{ kind: LibraryKind; target: BinTarget }>) => {
    for (const key of new Set(entries.map((entry) => `${entry.kind}:${entry.target}`))) {
      const [kind, target] = key.split(':') as [LibraryKind, BinTarget];
      demandSome(projectOf(request), LIBRARY[kind].permissions[deleting(target)]);
    }
  };

  async function chosenEntries(request: FastifyRequest, projectUuid: string, body: Static<typeof RestoreBody>): Promise<BinRow[]> {
    if (body.batch !== undefined) {
      if (!UUID.test(body.batch)) throw badRequest('批次编号不合法');
      const entries = await entriesOfBatch(app.db, projectUuid, body.batch);
      if (entries.length === 0) throw notFound('该批条目已不在回收站中，请刷新后重试');
      return entries;
    }
    const ids = parseIds(body.ids, '请勾选要操作的条目');
    const entries = await entriesOf(app.db, projectUuid, ids);
    if (entries.length !== ids.length) throw notFound('部分条目已不在回收站中，请刷新后重试');
    demandDelete(request, entries);
    return entries;
  }

  app.get<{ Params: Static<typeof ProjectParams>; Querystring: Static<typeof BinQuery> }>(
    `${base}/`,
    { config: inProject(anyKind('view', 'viewGroups')), schema: { tags, summary: '回收站列表（origin 报告 或 素材；target item 或 group；最近删除的在前）', params: ProjectParams, querystring: BinQuery, response: { 200: BinPage } } },
    async (request) => {
      const { project } = projectOf(request);
      const spec = kindOfOrigin(request.query.origin);
      const target = targetOf(request.query.target);
      demandSome(projectOf(request), spec.permissions[target === 'group' ? 'viewGroups' : 'view']);
      const pageNo = wholeNumber(request.query.pageNo, 1, '页码必须是大于 0 的整数', 1_000_000);
      const pageSize = wholeNumber(request.query.pageSize, 10, '每页条数必须在 1 到 100 之间', 100);
      const where = and(eq(libraryBin.projectUuid, project.uuid), eq(libraryBin.kind, spec.kind), eq(libraryBin.target, target));
      const rows = await app.db
        .select({
          entry: entryColumns,
          // Qualified by hand: drizzle writes a column of the selected table unqualified, which the subquery would read as its own.
          groupExists: sql<boolean>`exists (select 1 from ${libraryGroups} g where g.id = library_bin.group_id and g.project_uuid = library_bin.project_uuid)`,
          batchSize: sql<number>`(select count(*)::int from ${libraryBin} b where b.project_uuid = library_bin.project_uuid and b.batch = library_bin.batch)`,
          nameTaken: sql<boolean>`library_bin.target = 'group' and exists (select 1 from ${libraryGroups} g where g.project_uuid = library_bin.project_uuid and g.kind = library_bin.kind and g.name = library_bin.name)`,
        })
        .from(libraryBin)
        .where(where)
        .orderBy(desc(libraryBin.deletedAt), desc(libraryBin.id))
        .limit(pageSize)
        .offset((pageNo - 1) * pageSize);
      const [{ total }] = await app.db.select({ total: count() }).from(libraryBin).where(where);
      const now = Date.now();
      const data = rows.map(({ entry, groupExists, batchSize, nameTaken }) => ({
        id: entry.id,
        target: entry.target,
        item_id: entry.itemId,
        name: entry.name,
        origin: spec.entity,
        ...(entry.target === 'group' ? { item_count: entry.itemIds?.length ?? 0, name_taken: nameTaken } : {}),
        group_id: entry.groupId ?? -1,
        group_name: entry.groupName,
        group_exists: entry.groupId === null || groupExists,
        batch: entry.batch,
        batch_size: batchSize,
        deleted_by: entry.deletedByName,
        deleted_at: formatDateTime(entry.deletedAt, tz)!,
        days_left: Math.max(0, Math.ceil((entry.deletedAt.getTime() + days * DAY_MS - now) / DAY_MS)),
      }));
      return { code: 200, result: { data, pageNo, pageSize, total, retention_days: days } };
    },
  );

  app.post<{ Params: Static<typeof ProjectParams>; Body: Static<typeof RestoreBody> }>(
    `${base}/restore/`,
    { config: inProject(anyKind('delete', 'deleteGroup')), schema: { tags, summary: '还原回收站条目（ids，或 batch：一次删除的全部）：条目回到原分组并带回标签；分组重建，其仍未分组的条目移回', params: ProjectParams, body: RestoreBody, response: { 200: OkOf(BinCount) } } },
    async (request) => {
      const { project } = projectOf(request);
      const chosen = await chosenEntries(request, project.uuid, request.body);
      demandDelete(request, chosen);
      const result = await restoreEntries(app.db, project.uuid, chosen.map((entry) => entry.id), request.user);
      // Items binned before their text was read are queued again.
      if (chosen.some((entry) => entry.target === 'item' && entry.content === null)) await app.jobs.send(CONTENT_QUEUE, {});
      const groups = result.groups.map((group) => ({ id: group.groupId, name: group.name, merged: group.merged, items_back: group.itemsBack }));
      return ok({ restored: result.restored, ...(groups.length ? { groups } : {}) }, restoredMessage(result));
    },
  );

  app.post<{ Params: Static<typeof ProjectParams>; Body: Static<typeof PurgeBody> }>(
    `${base}/purge/`,
    { config: inProject(anyKind('delete', 'deleteGroup')), schema: { tags, summary: '彻底删除回收站条目（ids，或 all 与 origin、target：清空该类全部），释放其文件', params: ProjectParams, body: PurgeBody, response: { 200: OkOf(BinCount) } } },
    async (request) => {
      const { project } = projectOf(request);
      let ids: number[];
      if (request.body.all) {
        const spec = kindOfOrigin(request.body.origin);
        const target = targetOf(request.body.target);
        demandSome(projectOf(request), spec.permissions[deleting(target)]);
        const rows = await app.db
          .select({ id: libraryBin.id })
          .from(libraryBin)
          .where(and(eq(libraryBin.projectUuid, project.uuid), eq(libraryBin.kind, spec.kind), eq(libraryBin.target, target)));
        if (rows.length === 0) return ok({ purged: 0 }, '回收站已是空的');
        ids = rows.map((row) => row.id);
      } else {
        ids = (await chosenEntries(request, project.uuid, { ids: request.body.ids })).map((entry) => entry.id);
      }
      // 清空回收站 has no bound on its entries: a thousand a transaction. Chosen entries go in one, all or none.
      const chunk = request.body.all ? PURGE_CHUNK : ids.length;
      let purged = 0;
      for (let at = 0; at < ids.length; at += chunk) {
        purged += await purgeEntries(app.db, project.uuid, ids.slice(at, at + chunk), { strict: !request.body.all, by: request.user });
      }
      await deleteUnusedObjects(app);
      return ok({ purged }, `已彻底删除 ${purged} 项`);
    },
  );
}
