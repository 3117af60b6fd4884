import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { REPORT } from '../../../contract/library';
import { GENERATE_MESSAGE, REGION_PAYLOAD_KEYS, type GeneratePayload } from '../../../contract/results';
import { badRequest } from '../../lib/errors';
import { ok, OkOf } from '../../lib/report-service';
import { Id, Int } from '../../lib/schema-types';
import { inProject, projectOf } from '../../access/gate';
import type { ResultDeps } from './deps';
import { checkGeneration, dimensionLabelIds, MAX_REGIONS } from './generation-checks';
import { createGeneration, listGenerations } from './generation-queries';
import { listResults, readResultQuery, resultStatistics } from './result-queries';
import { displayName } from '../../../contract/users';
import { GenerationPage, GenerationStarted, ResultPage, ResultStatistics } from './schemas';

const RESULT_BASE = '/studio/report/api/oa_result/projects/:projectId/report';
const ProjectParams = Type.Object({ projectId: Type.String({ maxLength: 64 }) });
const RegionEntry = Type.Object(
  Object.fromEntries(REGION_PAYLOAD_KEYS.map((key) => [key, Type.Optional(Type.String({ maxLength: 100 }))])),
  { description: '区域：area 区县，street 街道，community 社区，village 小区，loudong 楼栋，写到 level 为止' },
);
const GenerateBody = Type.Object({
  data_list: Type.Array(RegionEntry, { maxItems: MAX_REGIONS * 5 }),
  report_type: Id({ description: '报告类型标签 id' }),
  level: Int({ description: '区域层级 3 到 7' }),
  level_label: Id({ description: '体检维度标签 id（报告第一个标签筛选分组中的标签）' }),
  report_project_uuid: Type.String({ maxLength: 64 }),
  connection_id: Id(),
  schema_name: Type.String({ maxLength: 128 }),
  database_name: Type.String({ maxLength: 128 }),
  report_group_id: Id(),
});
const PageQuery = Type.Object({ pageNo: Type.Optional(Type.String({ maxLength: 10 })), pageSize: Type.Optional(Type.String({ maxLength: 10 })) });
const ResultQuery = Type.Object({
  ...PageQuery.properties,
  name: Type.Optional(Type.String({ maxLength: 200 })),
  created_at: Type.Optional(Type.String({ maxLength: 20, description: 'created_at 或 -created_at' })),
  start_time: Type.Optional(Type.String({ maxLength: 25 })),
  end_time: Type.Optional(Type.String({ maxLength: 25 })),
  regions: Type.Optional(Type.String({ maxLength: 60000, description: '区域路径的 JSON 列表：报告的区域是其一或在其下即匹配' })),
  dimension_id: Type.Optional(Type.String({ maxLength: 12 })),
  source: Type.Optional(Type.String({ maxLength: 10, description: 'generated、uploaded 或 all（默认）' })),
});

const page = (query: Static<typeof PageQuery>) => {
  const number = (value: string | undefined, fallback: number, max: number, message: string) => {
    if (value === undefined || value === '') return fallback;
    if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > max) throw badRequest(message);
    return Number(value);
  };
  return { pageNo: number(query.pageNo, 1, 1_000_000, '页码必须是大于 0 的整数'), pageSize: number(query.pageSize, 10, 100, '每页条数必须在 1 到 100 之间') };
};

/**
 * The 成果 area's background side: generation (POST answers at once, the regions are made by
 * the job queue), the generations list, the results list and its statistics.
 */
export function resultsRoutes(deps: ResultDeps) {
  return async (app: FastifyInstance): Promise<void> => {
    const tags = ['成果'];
    const tz = app.config.timeZone;
    const canView = inProject(REPORT.permissions.view);

    app.post<{ Params: Static<typeof ProjectParams>; Body: Static<typeof GenerateBody> }>(
      `${RESULT_BASE}/generate/`,
      { config: inProject(REPORT.permissions.create), schema: { tags, summary: '成果生成：每个区域一份 PDF 报告，后台生成，立即返回任务', params: ProjectParams, body: GenerateBody, response: { 200: OkOf(GenerationStarted) } } },
      async (request) => {
        const { project } = projectOf(request);
        const payload = request.body as GeneratePayload;
        const checked = await checkGeneration(app, deps, project.uuid, payload);
        const user = request.user!;
        const jobId = await createGeneration(app, project.uuid, payload, checked, { uuid: user.uuid, name: displayName(user) });
        return ok({ job_id: jobId, state: 'queued' as const, total: checked.regions.length }, GENERATE_MESSAGE);
      },
    );

    app.get<{ Params: Static<typeof ProjectParams>; Querystring: Static<typeof PageQuery> }>(
      `${RESULT_BASE}/generate/`,
      { config: canView, schema: { tags, summary: '成果生成任务列表（最新在前）：状态、各区域完成与失败数、时间、发起人', params: ProjectParams, querystring: PageQuery, response: { 200: GenerationPage } } },
      async (request) => {
        const { project } = projectOf(request);
        const paging = page(request.query);
        const { data, total } = await listGenerations(app.db, project.uuid, paging, tz);
        return { code: 200, result: { data, ...paging, total } };
      },
    );

    app.get<{ Params: Static<typeof ProjectParams>; Querystring: Static<typeof ResultQuery> }>(
      `${RESULT_BASE}/list/`,
      { config: canView, schema: { tags, summary: '成果列表：报告列表项加区域、体检维度、指标达标数；按区域、维度、来源筛选', params: ProjectParams, querystring: ResultQuery, response: { 200: ResultPage } } },
      async (request) => {
        const { project } = projectOf(request);
        const filter = readResultQuery(request.query, tz);
        const { data, total } = await listResults(app.db, project.uuid, filter, await dimensionLabelIds(app, project.uuid), tz);
        return { code: 200, result: { data, pageNo: filter.pageNo, pageSize: filter.pageSize, total } };
      },
    );

    app.get<{ Params: Static<typeof ProjectParams>; Querystring: Static<typeof ResultQuery> }>(
      `${RESULT_BASE}/statistics/`,
      { config: canView, schema: { tags, summary: '成果统计：总数、各体检维度数、下一级区域数、指标达标数', params: ProjectParams, querystring: ResultQuery, response: { 200: OkOf(ResultStatistics) } } },
      async (request) => {
        const { project } = projectOf(request);
        const filter = readResultQuery(request.query, tz);
        return ok(await resultStatistics(app.db, project.uuid, filter, await dimensionLabelIds(app, project.uuid)));
      },
    );
  };
}
