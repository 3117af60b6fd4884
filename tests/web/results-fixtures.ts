import { delay, http, HttpResponse } from 'msw';
import type { GenerationJob, RegionNode, ResultStatistics } from '../../contract/results';
import type { ResultItem } from '../../src/pages/results/types';
import { item } from './library-fixtures';
import { server } from './msw';

const reportBase = '*/studio/report/api/report/projects/p-1';
const resultsBase = '*/studio/report/api/oa_result/projects/p-1/report';

const node = (name: string, level: number, children: RegionNode[] = []): RegionNode => ({ name, level: level as RegionNode['level'], children });

/** 示例省 › 示例市 › two districts › streets › communities › one 小区 each. */
export const demoTree: RegionNode[] = [
  node('示例省', 1, [
    node('示例市', 2, [
      node('东城区', 3, [
        node('和平街道', 4, [node('幸福社区', 5, [node('幸福小区', 6)]), node('光明社区', 5, [node('光明小区', 6)])]),
        node('建设街道', 4, [node('新华社区', 5, [node('新华小区', 6)])]),
      ]),
      node('西城区', 3, [node('长安街道', 4, [node('长安社区', 5, [node('长安小区', 6)])])]),
    ]),
  ]),
];

/** The tree cut at `level`, as investigation_scope/tree/ answers it. */
export function treeAt(nodes: RegionNode[], level: number): RegionNode[] {
  return nodes.map((n) => ({ ...n, children: n.level >= level ? [] : treeAt(n.children, level) }));
}

/** The first report filter group: the dimensions with their levels. */
export const dimensions = [
  { id: 101, name: '生态宜居', label_group: 1, extra_info: { level: 5 } },
  { id: 102, name: '交通便捷', label_group: 1, extra_info: { level: 3 } },
];

export const result = (id: number, name: string, extra: Partial<ResultItem> = {}): ResultItem => ({
  ...item(id, name, { labels: [{ id: 101, name: '生态宜居', label_group: 1, extra_info: {} }], created_at: '2026-11-20 09:30:00' }),
  region: ['示例省', '示例市', '东城区', '和平街道', '幸福社区'],
  dimension: { id: 101, name: '生态宜居' },
  indicators_met: 9,
  indicators_total: 12,
  ...extra,
});

export const demoStats: ResultStatistics = {
  total: 3,
  by_dimension: [
    { id: 101, name: '生态宜居', count: 2 },
    { id: 102, name: '交通便捷', count: 1 },
  ],
  by_region: [
    { name: '东城区', path: ['示例省', '示例市', '东城区'], count: 2 },
    { name: '西城区', path: ['示例省', '示例市', '西城区'], count: 1 },
  ],
  indicators: { met: 18, total: 25 },
};

export const job = (extra: Partial<GenerationJob> = {}): GenerationJob => ({
  job_id: 7,
  state: 'running',
  dimension: { id: 101, name: '生态宜居' },
  report_type: { id: 201, name: '社区体检报告' },
  level: 5,
  report_group_id: 5,
  total: 2,
  done: 0,
  failed: 0,
  regions: [],
  create_user: 'demo',
  created_at: '2026-11-25 09:00:00',
  started_at: null,
  finished_at: null,
  ...extra,
});

export interface ResultsCalls {
  lists: URLSearchParams[];
  stats: URLSearchParams[];
  trees: string[];
  generated: unknown[];
  deleted: unknown[];
}

interface Options {
  items?: ResultItem[];
  stats?: ResultStatistics;
  /** Answers of GET generate/, one per request; the last repeats. */
  jobs?: GenerationJob[][];
  /** The tree route's refusal (a project without a data connection). */
  treeError?: string;
  /** Answers of the results list after the first (reports that arrived meanwhile); the last repeats. */
  laterItems?: ResultItem[];
  listDelay?: 'infinite';
}

/**
 * Serves the 成果 area of project p-1 as contract/results.ts says: the results list (filtered
 * by name and source), statistics, the region tree by level_limit, the dimensions, report types,
 * report groups and generation; records what the app asks.
 */
export function serveResults(options: Options = {}): ResultsCalls {
  const calls: ResultsCalls = { lists: [], stats: [], trees: [], generated: [], deleted: [] };
  const jobAnswers = options.jobs ?? [[]];
  let jobCalls = 0;
  server.use(
    http.get(`${resultsBase}/list/`, async ({ request }) => {
      const query = new URL(request.url).searchParams;
      calls.lists.push(query);
      if (options.listDelay) await delay('infinite');
      const all = calls.lists.length > 1 && options.laterItems ? options.laterItems : (options.items ?? []);
      const name = query.get('name') ?? '';
      const matching = all.filter((it) => it.name.includes(name));
      const pageNo = Number(query.get('pageNo') ?? 1);
      const pageSize = Number(query.get('pageSize') ?? 12);
      return HttpResponse.json({ code: 200, result: { data: matching.slice((pageNo - 1) * pageSize, pageNo * pageSize), pageNo, pageSize, total: matching.length } });
    }),
    http.get(`${resultsBase}/statistics/`, ({ request }) => {
      calls.stats.push(new URL(request.url).searchParams);
      const empty: ResultStatistics = { total: 0, by_dimension: [], by_region: [], indicators: { met: 0, total: 0 } };
      return HttpResponse.json({ code: 200, message: 'ok', data: options.stats ?? empty });
    }),
    http.get(`${resultsBase}/generate/`, () => {
      const jobs = jobAnswers[Math.min(jobCalls, jobAnswers.length - 1)];
      jobCalls += 1;
      return HttpResponse.json({ code: 200, result: { data: jobs, pageNo: 1, pageSize: 20, total: jobs.length } });
    }),
    http.post(`${resultsBase}/generate/`, async ({ request }) => {
      const body = (await request.json()) as { data_list: unknown[] };
      calls.generated.push(body);
      return HttpResponse.json({ code: 200, message: '成果生成中', data: { job_id: 7, state: 'queued', total: body.data_list.length } });
    }),
    http.get(`${reportBase}/investigation_scope/tree/`, ({ request }) => {
      const level = new URL(request.url).searchParams.get('level_limit') ?? '';
      calls.trees.push(level);
      if (options.treeError) return HttpResponse.json({ code: 40000, message: options.treeError }, { status: 400 });
      return HttpResponse.json({ code: 200, message: 'ok', data: treeAt(demoTree, Number(level)) });
    }),
    http.get(`${reportBase}/filter_label_setting/`, () =>
      HttpResponse.json({ results: [{ id: 1, name: '体检维度', origin: '报告', tags: [101, 102], labels: dimensions }] }),
    ),
    http.get(`${reportBase}/label_group/`, () => HttpResponse.json({ results: [{ id: 1, name: '体检维度' }, { id: 2, name: '报告类型' }] })),
    http.get(`${reportBase}/label/`, ({ request }) => {
      const group = new URL(request.url).searchParams.get('label_group_id');
      const types = [{ id: 201, name: '社区体检报告', label_group: 2, origin: '报告' }];
      return HttpResponse.json({ count: 1, results: group === '2' ? types : [] });
    }),
    http.get(`${reportBase}/report_group/group_list/`, () =>
      HttpResponse.json({ code: 200, data: [{ id: 5, name: '2026 年体检成果', num: 0, sorted: 1, user_uuid: 'u-1' }], total_report_number: 0 }),
    ),
    http.post(`${reportBase}/report/batch_delete/`, async ({ request }) => {
      calls.deleted.push(await request.json());
      return HttpResponse.json({ code: 200, message: '批量删除成功!', data: null });
    }),
  );
  return calls;
}
