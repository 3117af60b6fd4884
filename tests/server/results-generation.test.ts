import { readdirSync } from 'node:fs';
import path from 'node:path';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GenerationJob, RegionNode, RegionPath, ResultStatistics } from '../../contract/results';
import { buildApp } from '../../server/app';
import type { Db } from '../../server/db/client';
import { connections, labelGroups, labels, libraryGroups, libraryItems, organizations, projects, resultReports, storageObjects } from '../../server/db/schema';
import { renderResultReport } from '../../server/modules/results/report-pdf';
import type { ResultDeps } from '../../server/modules/results/deps';
import { generateRegion } from '../../server/modules/results/generation-runner';
import { queueDemoGenerations } from '../../server/modules/results/demo-generation';
import { seed } from '../../server/db/seed';
import { insertItems } from '../../server/modules/library/item-writes';
import type { IndicatorValue } from '../../server/modules/results/types';
import { authHeaders, createTestApp, DEMO, login, until, type TestContext } from './helpers';

const RESULTS = `/studio/report/api/oa_result/projects/${DEMO.projectUuid}/report`;
const FAST_QUEUE = { pollSeconds: 0.5, retryDelaySeconds: 0 };

const node = (name: string, level: number, children: RegionNode[] = []): RegionNode => ({ name, level: level as RegionNode['level'], children });
const TREE: RegionNode[] = [
  node('示例省', 1, [
    node('示例市', 2, [
      node('东城区', 3, [node('和平街道', 4), node('光明街道', 4), node('空白街道', 4)]),
      node('西城区', 3, [node('金融街道', 4)]),
      node('南城区', 3),
    ]),
  ]),
];

/** Three indicators a region meets one or two of; 空白街道 has no values at all. */
function indicatorsFor(region: RegionPath): IndicatorValue[] {
  const empty = region.includes('空白街道');
  const value = (n: number) => (empty ? null : n + region.length);
  return [
    { code: 'A1', name: '人均公园绿地面积', unit: '平方米', standard: 8, direction: 'higher', value: value(6) },
    { code: 'A2', name: '空气质量优良天数比率', unit: '%', standard: 80, direction: 'higher', value: value(70) },
    { code: 'A3', name: '城市内涝积水点数量', unit: '个', standard: 5, direction: 'lower', value: value(0) },
  ];
}

/** Fakes of the warehouse, and the real renderer, counted and held where a test says. */
function fakeDeps(hooks: { onRender?: (region: RegionPath) => Promise<void> } = {}): Partial<ResultDeps> & { renders: RegionPath[] } {
  const renders: RegionPath[] = [];
  return {
    renders,
    regionTree: async () => TREE,
    indicatorsOf: async (_app, _project, _source, region) => indicatorsFor(region),
    render: async (input) => {
      renders.push(input.region);
      await hooks.onRender?.(input.region);
      return renderResultReport(input);
    },
  };
}

async function pdfText(bytes: Buffer) {
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  const content = await (await pdf.getPage(1)).getTextContent();
  await pdf.destroy();
  return content.items.map((item) => ('str' in item ? item.str : '')).join('');
}

interface Setup {
  dimension: { street: number; district: number };
  reportType: number;
  group: number;
  connection: number;
}

/** The demo project's dimension levels (交通便捷 streets, 生态宜居 districts), a report group and a connection. */
async function prepare(db: Db, projectUuid = DEMO.projectUuid): Promise<Setup> {
  const label = async (name: string) => (await db.select().from(labels).where(and(eq(labels.projectUuid, projectUuid), eq(labels.name, name))))[0];
  const street = await label('交通便捷');
  const district = await label('生态宜居');
  await db.update(labels).set({ extraInfo: { level: 4 } }).where(eq(labels.id, street.id));
  await db.update(labels).set({ extraInfo: { level: 3 } }).where(eq(labels.id, district.id));
  const [group] = await db.insert(libraryGroups).values({ projectUuid, kind: 'report', name: '成果报告' }).returning();
  const [connection] = await db
    .insert(connections)
    .values({ projectUuid, name: '体检数据仓库', drivername: 'postgresql', host: '127.0.0.1', port: 5432, username: 'u', passwordSealed: 'x', database: 'warehouse' })
    .returning();
  return { dimension: { street: street.id, district: district.id }, reportType: (await label('年度体检报告')).id, group: group.id, connection: connection.id };
}

const payloadOf = (setup: Setup, regions: Array<Record<string, string>>, level = 4) => ({
  data_list: regions,
  report_type: setup.reportType,
  level,
  level_label: level === 4 ? setup.dimension.street : setup.dimension.district,
  report_project_uuid: DEMO.projectUuid,
  connection_id: setup.connection,
  schema_name: 'warehouse',
  database_name: 'warehouse',
  report_group_id: setup.group,
});

const objectsOnDisk = (dataDir: string) => {
  try {
    return (readdirSync(path.join(dataDir, 'files'), { recursive: true }) as string[]).filter((entry) => /[0-9a-f-]{36}$/.test(entry)).length;
  } catch {
    return 0;
  }
};
const objectsNamed = async (db: Db) => (await db.select().from(storageObjects).where(gt(storageObjects.refs, 0))).length;


const jobsOf = async (app: FastifyInstance, token: string): Promise<GenerationJob[]> =>
  (await app.inject({ method: 'GET', url: `${RESULTS}/generate/?pageSize=50`, headers: authHeaders(token) })).json().result.data;
const settled = (app: FastifyInstance, token: string, jobId: number) =>
  until(async () => (await jobsOf(app, token)).find((job) => job.job_id === jobId)!, (job) => job.finished_at !== null, `job ${jobId}`);

describe('成果生成', () => {
  let ctx: TestContext;
  let token: string;
  let setup: Setup;
  let deps: ReturnType<typeof fakeDeps>;
  const post = (payload: object, as = token) => ctx.app.inject({ method: 'POST', url: `${RESULTS}/generate/`, payload, headers: authHeaders(as) });

  beforeAll(async () => {
    deps = fakeDeps();
    ctx = await createTestApp({ app: { jobs: FAST_QUEUE, results: deps } });
    token = await login(ctx.app);
    setup = await prepare(ctx.database.db);
  }, 60_000);
  afterAll(() => ctx.close());

  it('refuses bad payloads with Chinese messages that name the field', async () => {
    const good = payloadOf(setup, [{ area: '东城区', street: '和平街道' }]);
    const cases: Array<[object, string]> = [
      [{ ...good, data_list: [] }, '请选择要生成成果的区域'],
      [{ ...good, data_list: Array.from({ length: 201 }, () => ({ area: '东城区', street: '和平街道' })) }, '一次最多为 200 个区域'],
      [{ ...good, level: 9 }, 'level 必须是 3'],
      [{ ...good, level: 3 }, '与 level 3 不一致'],
      [{ ...good, level_label: 999999 }, '体检维度不存在'],
      [{ ...good, report_type: setup.dimension.district }, '报告类型不存在'],
      [{ ...good, report_group_id: 999999 }, '报告分组不存在'],
      [{ ...good, connection_id: 999999 }, '数据连接不存在'],
      [{ ...good, schema_name: ' ' }, '请填写模式名'],
      [{ ...good, report_project_uuid: '00000000-0000-4000-8000-000000000000' }, 'report_project_uuid'],
      [{ ...good, data_list: [{ area: '东城区', street: '不存在街道' }] }, '所选的第 1 个区域「东城区/不存在街道」不在项目的调查范围中'],
      [{ ...good, data_list: [{ area: '东城区' }] }, '不在项目的调查范围中'],
      [{ ...good, data_list: [{ area: '东城区', street: '和平街道' }, { area: '东城区', street: '和平街道' }] }, '第 2 个区域「东城区/和平街道」与第 1 个重复'],
      [{ ...good, report_type: undefined }, '报告类型'],
    ];
    for (const [payload, message] of cases) {
      const response = await post(payload);
      expect(response.statusCode, message).toBe(400);
      expect(response.json().message).toContain(message);
    }
    const withOtherDimension = await post({ ...good, level_label: (await ctx.database.db.select().from(labels).where(eq(labels.name, '年度体检报告')))[0].id });
    expect(withOtherDimension.json().message).toContain('不是体检维度');
    expect(await jobsOf(ctx.app, token)).toEqual([]);
  });

  it("refuses another project's group, labels and connection like missing ones", async () => {
    const db = ctx.database.db;
    const [org] = await db.select().from(organizations).where(eq(organizations.uuid, DEMO.organizationUuid));
    const [other] = await db.insert(projects).values({ organizationUuid: org.uuid, name: '另一个项目' }).returning();
    const [group] = await db.insert(labelGroups).values({ projectUuid: other.uuid, name: '报告类型' }).returning();
    const [type] = await db.insert(labels).values({ projectUuid: other.uuid, name: '年度体检报告', origin: '报告', labelGroupId: group.id }).returning();
    const [reportGroup] = await db.insert(libraryGroups).values({ projectUuid: other.uuid, kind: 'report', name: '成果报告' }).returning();
    const [connection] = await db
      .insert(connections)
      .values({ projectUuid: other.uuid, name: '另一个仓库', drivername: 'postgresql', host: 'h', port: 5432, username: 'u', passwordSealed: 'x', database: 'd' })
      .returning();
    const good = payloadOf(setup, [{ area: '东城区', street: '和平街道' }]);
    expect((await post({ ...good, report_type: type.id })).json().message).toContain('报告类型不存在');
    expect((await post({ ...good, report_group_id: reportGroup.id })).json().message).toContain('报告分组不存在或不属于本项目');
    expect((await post({ ...good, connection_id: connection.id })).json().message).toContain('数据连接不存在或不属于本项目');
    const elsewhere = await ctx.app.inject({
      method: 'POST',
      url: `/studio/report/api/oa_result/projects/${other.uuid}/report/generate/`,
      payload: { ...good, report_project_uuid: other.uuid },
      headers: authHeaders(token),
    });
    // The demo user owns the organization, so the project exists for them; its own checks refuse the demo project's ids.
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().message).toContain('体检维度不存在');
  });

  it('answers at once, then makes one report per region; a region without data fails alone', async () => {
    const response = await post(payloadOf(setup, [{ area: '东城区', street: '和平街道' }, { area: '东城区', street: '空白街道' }, { area: '西城区', street: '金融街道' }]));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ code: 200, message: '成果生成中', data: { state: 'queued', total: 3 } });
    const job = await settled(ctx.app, token, response.json().data.job_id);
    expect(job).toMatchObject({ state: 'completed', total: 3, done: 2, failed: 1, create_user: DEMO.nickname, dimension: { name: '交通便捷' }, report_type: { name: '年度体检报告' }, level: 4 });
    expect(job.started_at).not.toBeNull();
    const failed = job.regions.find((region) => region.state === 'failed')!;
    expect(failed.path).toEqual(['示例省', '示例市', '东城区', '空白街道']);
    expect(failed.error).toContain('东城区空白街道');
    expect(failed.error).toContain('交通便捷');

    const done = job.regions.find((region) => region.path.includes('和平街道'))!;
    const detail = (await ctx.app.inject({ method: 'GET', url: `/studio/report/api/report/projects/${DEMO.projectUuid}/report/${done.report_id}/`, headers: authHeaders(token) })).json().data;
    expect(detail).toMatchObject({ name: '示例市东城区和平街道-交通便捷体检报告', create_user: DEMO.nickname, group_id: setup.group });
    expect(detail.labels.map((label: { name: string }) => label.name).sort()).toEqual(['东城区/和平街道', '交通便捷', '年度体检报告'].sort());
    expect(detail.thumbnail).toContain('format=thumbnail');
    const file = await ctx.app.inject({ method: 'GET', url: detail.file, headers: authHeaders(token) });
    expect(file.statusCode).toBe(200);
    const text = await pdfText(file.rawPayload);
    expect(text).toContain('和平街道');
    expect(text).toContain('交通便捷');
    expect(text).toContain('东城区');
    expect(text).toContain('人均公园绿地面积');
    const cover = await ctx.app.inject({ method: 'GET', url: detail.cover, headers: authHeaders(token) });
    expect(cover.headers['content-type']).toContain('image/jpeg');
  });

  it('makes one region label for two generations of the same region', async () => {
    const [a, b] = await Promise.all([
      post(payloadOf(setup, [{ area: '南城区' }], 3)),
      post(payloadOf(setup, [{ area: '南城区' }], 3)),
    ]);
    await settled(ctx.app, token, a.json().data.job_id);
    await settled(ctx.app, token, b.json().data.job_id);
    const regionLabels = await ctx.database.db.select().from(labels).where(eq(labels.name, '南城区'));
    expect(regionLabels).toHaveLength(1);
  });

  it('skips a region another process finished meanwhile, and deletes the files it stored for it', async () => {
    const before = objectsOnDisk(ctx.dataDir);
    const response = await post(payloadOf(setup, [{ area: '西城区' }], 3));
    const jobId = response.json().data.job_id;
    const job = await settled(ctx.app, token, jobId);
    const region = job.regions[0];
    expect(region.state).toBe('done');
    const { generationRegions } = await import('../../server/db/schema');
    const [row] = await ctx.database.db.select().from(generationRegions).where(eq(generationRegions.jobId, jobId));
    // The queue runs the region again, as after a crash between the commit and its acknowledgement.
    const stopping = new AbortController().signal;
    await generateRegion(ctx.app, { ...(await import('../../server/modules/results/deps')).defaultResultDeps, ...deps } as ResultDeps, { regionId: row.id }, { attempt: 1, lastAttempt: false, stopping });
    // And a run that rendered while another committed: its transaction finds the region done.
    await ctx.database.db.update(generationRegions).set({ state: 'pending' }).where(eq(generationRegions.id, row.id));
    const racing = fakeDeps({
      onRender: async () => void (await ctx.database.db.update(generationRegions).set({ state: 'done' }).where(eq(generationRegions.id, row.id))),
    });
    await generateRegion(ctx.app, { ...(await import('../../server/modules/results/deps')).defaultResultDeps, ...racing } as ResultDeps, { regionId: row.id }, { attempt: 1, lastAttempt: false, stopping });
    expect(racing.renders).toHaveLength(1);
    const reports = await ctx.database.db.select().from(resultReports).where(sql`${resultReports.region} = ${'{示例省,示例市,西城区}'}::text[]`);
    expect(reports).toHaveLength(1);
    expect(objectsOnDisk(ctx.dataDir)).toBe(before + 3);
    expect(objectsOnDisk(ctx.dataDir)).toBe(await objectsNamed(ctx.database.db));
  });
});

describe('成果生成的上限', () => {
  let ctx: TestContext;
  let token: string;
  let setup: Setup;
  let release: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const post = (regions: Array<Record<string, string>>) =>
    ctx.app.inject({ method: 'POST', url: `${RESULTS}/generate/`, payload: payloadOf(setup, regions), headers: authHeaders(token) });
  const streets = (...names: string[]) => names.map((street) => ({ area: '东城区', street }));

  beforeAll(async () => {
    ctx = await createTestApp({
      env: { GENERATION_MAX_PENDING_PER_PROJECT: '3', GENERATION_MAX_PER_USER_MINUTE: '3' },
      app: { jobs: FAST_QUEUE, results: fakeDeps({ onRender: () => held }) },
    });
    token = await login(ctx.app);
    setup = await prepare(ctx.database.db);
  }, 60_000);
  afterAll(() => ctx.close());

  it('refuses regions beyond the pending bound, and requests beyond the per-minute bound, even when they race', async () => {
    const racing = await Promise.all([post(streets('和平街道', '光明街道')), post(streets('和平街道', '光明街道')), post(streets('和平街道', '光明街道'))]);
    expect(racing.map((response) => response.statusCode).sort()).toEqual([200, 400, 400]);
    for (const refused of racing.filter((response) => response.statusCode === 400)) {
      expect(refused.json()).toMatchObject({ code: 40000, message: '本项目待生成的成果已达上限 3 个（待生成 2 个，本次 2 个），请等待生成完成后再试' });
    }
    expect((await post(streets('空白街道'))).statusCode).toBe(200);
    expect((await post(streets('和平街道'))).json().message).toContain('本项目待生成的成果已达上限 3 个');

    release();
    for (const job of await jobsOf(ctx.app, token)) await settled(ctx.app, token, job.job_id);
    // Two requests recorded this minute, the bound is three: of two racing, one passes.
    const again = await Promise.all([post(streets('和平街道')), post(streets('光明街道'))]);
    expect(again.map((response) => response.statusCode).sort()).toEqual([200, 429]);
    expect(again.find((response) => response.statusCode === 429)!.json()).toEqual({ code: 42900, message: '生成请求过于频繁（每分钟最多 3 次），请一分钟后再试' });
    expect(await jobsOf(ctx.app, token)).toHaveLength(3);
  });
});

describe('成果生成 interrupted by a restart', () => {
  let ctx: TestContext;
  let token: string;
  let second: FastifyInstance | undefined;
  afterAll(async () => {
    await second?.close();
    await ctx.close();
  });

  it('resumes on the next start without a duplicate or an orphaned file', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let blocked!: () => void;
    const reachedSecond = new Promise<void>((resolve) => (blocked = resolve));
    const first = fakeDeps({
      onRender: async () => {
        if (first.renders.length < 2) return;
        blocked();
        await gate;
      },
    });
    ctx = await createTestApp({ app: { jobs: FAST_QUEUE, results: first } });
    token = await login(ctx.app);
    const setup = await prepare(ctx.database.db);
    const response = await ctx.app.inject({
      method: 'POST',
      url: `${RESULTS}/generate/`,
      payload: payloadOf(setup, [{ area: '东城区', street: '和平街道' }, { area: '东城区', street: '光明街道' }, { area: '西城区', street: '金融街道' }]),
      headers: authHeaders(token),
    });
    const jobId = response.json().data.job_id;
    await reachedSecond;
    const midway = (await jobsOf(ctx.app, token))[0];
    expect(midway).toMatchObject({ state: 'running', done: 1 });

    // The server stops while the second region renders: it gives that region up, nothing of it is stored.
    const closing = ctx.app.close();
    release();
    await closing;

    const next = fakeDeps();
    second = await buildApp({ config: ctx.app.config, database: ctx.database, webRoot: '/nonexistent', jobs: FAST_QUEUE, results: next });
    await second.ready();
    const job = await settled(second, token, jobId);
    expect(job).toMatchObject({ state: 'completed', done: 3, failed: 0 });
    expect(next.renders).toHaveLength(2);
    const reportIds = job.regions.map((region) => region.report_id!);
    expect(new Set(reportIds).size).toBe(3);
    const rows = await ctx.database.db.select().from(libraryItems).where(and(eq(libraryItems.projectUuid, DEMO.projectUuid), inArray(libraryItems.id, reportIds)));
    expect(rows).toHaveLength(3);
    expect(await ctx.database.db.select().from(resultReports)).toHaveLength(3);
    // Two files and a thumbnail per report, every one named by a row.
    expect(objectsOnDisk(ctx.dataDir)).toBe(9);
    expect(await objectsNamed(ctx.database.db)).toBe(9);
  }, 60_000);
});

describe('成果生成 on two servers, one of which hangs', () => {
  let ctx: TestContext;
  let other: FastifyInstance | undefined;
  afterAll(async () => {
    await other?.close();
    await ctx.close();
  });

  it('lets the other server take over the region once its job expires; the late one makes nothing', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let hung!: () => void;
    const reachedHang = new Promise<void>((resolve) => (hung = resolve));
    const stuck = fakeDeps({
      onRender: async () => {
        hung();
        await gate;
      },
    });
    const expiring = { ...FAST_QUEUE, expireSeconds: 1 };
    ctx = await createTestApp({ app: { jobs: expiring, results: stuck } });
    const token = await login(ctx.app);
    const setup = await prepare(ctx.database.db);
    const response = await ctx.app.inject({ method: 'POST', url: `${RESULTS}/generate/`, payload: payloadOf(setup, [{ area: '东城区' }], 3), headers: authHeaders(token) });
    await reachedHang;

    // A second server process on the same database: pg-boss's maintenance fails the expired job, the retry is its.
    const healthy = fakeDeps();
    other = await buildApp({ config: ctx.app.config, database: ctx.database, webRoot: '/nonexistent', jobs: expiring, results: healthy });
    await other.ready();
    const job = await settled(other, token, response.json().data.job_id);
    expect(job).toMatchObject({ state: 'completed', done: 1 });
    expect(healthy.renders).toHaveLength(1);

    // The first server wakes up, renders, stores its files, finds the region done and deletes them.
    release();
    await ctx.app.close(); // waits for its handler to end
    expect(stuck.renders).toHaveLength(1);
    expect(objectsOnDisk(ctx.dataDir)).toBe(3);
    expect(await ctx.database.db.select().from(resultReports)).toHaveLength(1);
    expect(await objectsNamed(ctx.database.db)).toBe(3);
  }, 60_000);
});

describe('demo generations (npm start)', () => {
  let ctx: TestContext;
  afterAll(() => ctx.close());

  it('are queued once and made from the demo warehouse with the real renderer', async () => {
    ctx = await createTestApp({ app: { jobs: FAST_QUEUE } });
    await seed(ctx.database.db, { storage: ctx.app.storage });
    const token = await login(ctx.app);
    await queueDemoGenerations(ctx.app);
    await queueDemoGenerations(ctx.app);
    const jobs = await jobsOf(ctx.app, token);
    expect(jobs.map((job) => job.dimension.name).sort()).toEqual(['交通便捷', '生态宜居']);
    for (const job of jobs) {
      const done = await settled(ctx.app, token, job.job_id);
      expect(done).toMatchObject({ state: 'completed', failed: 0 });
      expect(done.done).toBe(done.total);
    }
    const streets = jobs.find((job) => job.dimension.name === '交通便捷')!;
    expect(streets.level).toBe(4);
    expect(streets.total).toBeGreaterThanOrEqual(8);
    const stats = (await ctx.app.inject({ method: 'GET', url: `${RESULTS}/statistics/?source=generated`, headers: authHeaders(token) })).json().data as ResultStatistics;
    expect(stats.total).toBe(jobs.reduce((sum, job) => sum + job.total, 0));
    expect(stats.indicators.total).toBeGreaterThan(0);
    const [first] = (await ctx.app.inject({ method: 'GET', url: `${RESULTS}/list/?source=generated&dimension_id=${streets.dimension.id}&pageSize=1`, headers: authHeaders(token) })).json().result.data;
    const [group] = await ctx.database.db.select().from(libraryGroups).where(and(eq(libraryGroups.projectUuid, DEMO.projectUuid), eq(libraryGroups.name, '体检成果')));
    expect(first.group_id).toBe(group.id);
    const file = await ctx.app.inject({ method: 'GET', url: first.file, headers: authHeaders(token) });
    const text = await pdfText(file.rawPayload);
    expect(text).toContain(first.region[3]);
    expect(text).toContain('交通便捷');
  }, 120_000);
});

const sortedByName = <T extends { name: string }>(rows: T[]) => [...rows].sort((a, b) => a.name.localeCompare(b.name));

describe('成果列表与统计', () => {
  let ctx: TestContext;
  let token: string;
  let setup: Setup;
  const get = async (url: string) => {
    const response = await ctx.app.inject({ method: 'GET', url, headers: authHeaders(token) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const list = async (query: Record<string, string>) => (await get(`${RESULTS}/list/?${new URLSearchParams({ pageSize: '100', ...query })}`)).result;
  const statistics = async (query: Record<string, string>): Promise<ResultStatistics> => (await get(`${RESULTS}/statistics/?${new URLSearchParams(query)}`)).data;

  beforeAll(async () => {
    ctx = await createTestApp({ app: { jobs: FAST_QUEUE, results: fakeDeps() } });
    token = await login(ctx.app);
    setup = await prepare(ctx.database.db);
    const post = (payload: object) => ctx.app.inject({ method: 'POST', url: `${RESULTS}/generate/`, payload, headers: authHeaders(token) });
    const streets = await post(payloadOf(setup, [{ area: '东城区', street: '和平街道' }, { area: '东城区', street: '光明街道' }, { area: '西城区', street: '金融街道' }]));
    const districts = await post(payloadOf(setup, [{ area: '东城区' }, { area: '西城区' }, { area: '南城区' }], 3));
    await settled(ctx.app, token, streets.json().data.job_id);
    await settled(ctx.app, token, districts.json().data.job_id);
    // A report uploaded by hand with a dimension label, and one without.
    await insertItems(ctx.database.db, { projectUuid: DEMO.projectUuid, kind: 'report' }, [
      { values: { name: '手工上传的生态宜居报告', createUser: '张三', file: '/x.pdf' }, labelIds: [setup.dimension.district] },
      { values: { name: '与体检无关的报告', createUser: '张三', file: '/y.pdf' }, labelIds: [] },
    ]);
  }, 90_000);
  afterAll(() => ctx.close());

  it('lists generated and uploaded reports with their region, dimension and indicators', async () => {
    const all = await list({});
    expect(all.total).toBe(7);
    const generated = await list({ source: 'generated' });
    expect(generated.total).toBe(6);
    const heping = generated.data.find((item: { name: string }) => item.name.includes('和平街道'));
    expect(heping).toMatchObject({ region: ['示例省', '示例市', '东城区', '和平街道'], dimension: { id: setup.dimension.street, name: '交通便捷' }, indicators_total: 3 });
    expect(heping.indicators_met).toBe(indicatorsFor(heping.region).filter((i) => (i.direction === 'higher' ? i.value! >= i.standard : i.value! <= i.standard)).length);
    const uploaded = await list({ source: 'uploaded' });
    expect(uploaded.data.map((item: { name: string }) => item.name)).toEqual(['手工上传的生态宜居报告']);
    expect(uploaded.data[0]).toMatchObject({ region: null, dimension: { name: '生态宜居' }, indicators_met: null });
  });

  it('filters by region (at or under), dimension, name and page', async () => {
    const east = JSON.stringify([['示例省', '示例市', '东城区']]);
    expect((await list({ regions: east })).total).toBe(3); // the district and its two streets
    expect((await list({ regions: east, dimension_id: String(setup.dimension.street) })).total).toBe(2);
    expect((await list({ regions: JSON.stringify([['示例省', '示例市', '东城区', '光明街道'], ['示例省', '示例市', '西城区']]) })).total).toBe(3);
    expect((await list({ dimension_id: String(setup.dimension.district) })).total).toBe(4); // three districts and the upload
    expect((await list({ dimension_id: String(setup.dimension.district), source: 'generated' })).total).toBe(3);
    expect((await list({ name: '金融' })).total).toBe(1);
    const page2 = await list({ source: 'generated', pageSize: '4', pageNo: '2', created_at: '-created_at' });
    expect(page2).toMatchObject({ total: 6, pageNo: 2, pageSize: 4 });
    expect(page2.data).toHaveLength(2);
    // Pages of generated and uploaded reports together follow the one list order.
    for (const order of ['created_at', '-created_at']) {
      const whole = (await list({ created_at: order })).data.map((item: { id: number }) => item.id);
      const pages = [];
      for (const pageNo of ['1', '2', '3']) pages.push(...(await list({ created_at: order, pageSize: '3', pageNo })).data.map((item: { id: number }) => item.id));
      expect(pages).toEqual(whole);
    }
    const bad = await ctx.app.inject({ method: 'GET', url: `${RESULTS}/list/?regions=oops`, headers: authHeaders(token) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('regions');
  });

  it('counts per dimension and per region one level below the filter', async () => {
    const whole = await statistics({ source: 'generated' });
    expect(whole.total).toBe(6);
    expect(whole.by_dimension).toEqual([
      { id: setup.dimension.district, name: '生态宜居', count: 3 },
      { id: setup.dimension.street, name: '交通便捷', count: 3 },
    ]);
    expect(Object.fromEntries(whole.by_region.map((row) => [row.name, row.count]))).toEqual({ 东城区: 3, 西城区: 2, 南城区: 1 });
    expect(whole.indicators.total).toBe(18);
    const east = await statistics({ regions: JSON.stringify([['示例省', '示例市', '东城区']]) });
    expect(east.total).toBe(3);
    expect([...east.by_region].sort((a, b) => a.name.localeCompare(b.name))).toEqual(
      [
        { name: '光明街道', path: ['示例省', '示例市', '东城区', '光明街道'], count: 1 },
        { name: '和平街道', path: ['示例省', '示例市', '东城区', '和平街道'], count: 1 },
      ].sort((a, b) => a.name.localeCompare(b.name)),
    );
    // With a time filter the kept counts do not answer: the reports are counted, with the same result.
    const scanned = await statistics({ source: 'generated', start_time: '2000-01-01 00:00:00' });
    expect({ ...scanned, by_region: sortedByName(scanned.by_region) }).toEqual({ ...whole, by_region: sortedByName(whole.by_region) });
    const eastScanned = await statistics({ regions: JSON.stringify([['示例省', '示例市', '东城区']]), start_time: '2000-01-01 00:00:00' });
    expect({ ...eastScanned, by_region: sortedByName(eastScanned.by_region) }).toEqual({ ...east, by_region: sortedByName(east.by_region) });
    const overlapping = await statistics({ regions: JSON.stringify([['示例省', '示例市', '东城区'], ['示例省', '示例市', '东城区', '和平街道'], ['示例省', '示例市', '西城区', '金融街道']]) });
    expect(overlapping.total).toBe(4);
    expect(Object.fromEntries(overlapping.by_region.map((row) => [row.name, row.count]))).toEqual({ 东城区: 3, 西城区: 1 });
    const withUpload = await statistics({ dimension_id: String(setup.dimension.district) });
    expect(withUpload.total).toBe(4);
    expect(withUpload.by_dimension).toEqual([{ id: setup.dimension.district, name: '生态宜居', count: 4 }]);
  });

  it('counts a deleted report out of the list and the statistics', async () => {
    const [item] = (await list({ source: 'generated', name: '金融' })).data;
    const deleted = await ctx.app.inject({
      method: 'POST',
      url: `/studio/report/api/report/projects/${DEMO.projectUuid}/report/batch_delete/`,
      payload: { ids: [item.id] },
      headers: authHeaders(token),
    });
    expect(deleted.statusCode).toBe(200);
    expect((await list({ source: 'generated' })).total).toBe(5);
    const west = await statistics({ regions: JSON.stringify([['示例省', '示例市', '西城区']]) });
    expect(west).toMatchObject({ total: 1, by_region: [] });
    expect((await statistics({ source: 'generated' })).by_dimension.find((row) => row.name === '交通便捷')!.count).toBe(2);
  });

  it('lists the jobs newest first with their counts, to members who may view reports', async () => {
    const jobs = await jobsOf(ctx.app, token);
    expect(jobs.map((job) => [job.level, job.total, job.done, job.failed, job.state])).toEqual([
      [3, 3, 3, 0, 'completed'],
      [4, 3, 3, 0, 'completed'],
    ]);
    const anonymous = await ctx.app.inject({ method: 'GET', url: `${RESULTS}/generate/` });
    expect(anonymous.statusCode).toBe(401);
  });
});
