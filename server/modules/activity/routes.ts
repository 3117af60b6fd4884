import type { Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { formatDateTime, parseDateTime } from '../../lib/dates';
import { badRequest } from '../../lib/errors';
import { REPORT_BASE } from '../../lib/report-service';
import { isUuid } from '../../lib/schema-types';
import { ACTIVITY_TARGETS, VIEW_ACTIVITY } from '../../../contract/activity';
import { projectOf } from '../../access/gate';
import { activityPage, DEPTH_MAX, type ActivityFilter } from './queries';
import { ActivityPage, ActivityQuery, ProjectParams } from './schemas';

export const ACTIVITY_PAGE_SIZE_MAX = 100;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

const wholeNumber = (value: string | undefined, fallback: number, message: string, max: number) => {
  if (value === undefined || value === '') return fallback;
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > max) throw badRequest(message);
  return Number(value);
};

/** The query of `GET activity/`, checked; a bad value answers 400 in Chinese. */
export function readActivityQuery(query: Static<typeof ActivityQuery>, timeZone: string): ActivityFilter {
  const time = (value: string | undefined, label: string) => {
    if (!value?.trim()) return undefined;
    const date = parseDateTime(value, timeZone);
    if (!date) throw badRequest(`${label}格式应为 yyyy-MM-dd HH:mm:ss`);
    return date;
  };
  const targetType = query.target_type?.trim() || undefined;
  if (targetType && !(targetType in ACTIVITY_TARGETS)) throw badRequest('对象类型不存在');
  const targetId = query.target_id?.trim() || undefined;
  if (targetId && !targetType) throw badRequest('按对象筛选时须同时给出对象类型');
  const userUuid = query.user_uuid?.trim() || undefined;
  if (userUuid && !isUuid(userUuid)) throw badRequest('操作人不存在');
  const start = time(query.start_time, '开始时间');
  let end = time(query.end_time, '结束时间');
  // A date alone ends with its day: the next midnight, excluded.
  const endBefore = Boolean(end && DATE_ONLY.test(query.end_time!.trim()));
  if (end && endBefore) end = new Date(parseDateTime(`${query.end_time!.trim()} 00:00:00`, timeZone)!.getTime() + 86_400_000);
  if (start && end && end < start) throw badRequest('结束时间不能早于开始时间');
  const pageNo = wholeNumber(query.pageNo, 1, '页码必须是大于 0 的整数', 100_000);
  const pageSize = wholeNumber(query.pageSize, 10, `每页条数必须在 1 到 ${ACTIVITY_PAGE_SIZE_MAX} 之间`, ACTIVITY_PAGE_SIZE_MAX);
  if (pageNo * pageSize > DEPTH_MAX) throw badRequest(`最多翻到第 ${DEPTH_MAX} 条记录，更早的记录请按日期范围筛选`);
  return {
    pageNo,
    pageSize,
    targetType,
    targetId,
    userUuid,
    start,
    end,
    endBefore,
  };
}

/** The project's activity history (操作记录): who changed what, when, and from what to what. */
export async function activityRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: Static<typeof ProjectParams>; Querystring: Static<typeof ActivityQuery> }>(
    `${REPORT_BASE}/activity/`,
    {
      config: { project: { anyOf: [VIEW_ACTIVITY] } },
      schema: { tags: ['操作记录'], summary: '操作记录（按操作人、对象类型、对象、时间筛选，新的在前）', params: ProjectParams, querystring: ActivityQuery, response: { 200: ActivityPage } },
    },
    async (request) => {
      const filter = readActivityQuery(request.query, app.config.timeZone);
      const { rows, total, more } = await activityPage(app.db, projectOf(request).project.uuid, filter);
      const data = rows.map((row) => ({
        id: row.id,
        created_at: formatDateTime(row.createdAt, app.config.timeZone)!,
        user_uuid: row.userUuid,
        user_name: row.userName,
        action: row.action,
        target_type: row.targetType,
        target_id: row.targetId,
        target_name: row.targetName,
        changes: row.changes,
      }));
      return { code: 200, result: { data, pageNo: filter.pageNo, pageSize: filter.pageSize, total, more } };
    },
  );
}
