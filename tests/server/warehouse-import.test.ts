import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import type { GenerationJob, RegionNode } from '../../contract/results';
import type { WarehouseImportIssue } from '../../contract/warehouse';
import { permissionDetail } from '../../contract/permissions';
import { connections, labels, libraryGroups, organizationMembers, organizations, projectMembers, projects, roles, users } from '../../server/db/schema';
import { hashPassword } from '../../server/lib/passwords';
import { withProjectConnection } from '../../server/modules/connections/reader';
import { authHeaders, createTestApp, DEMO, login, multipart, type TestContext } from './helpers';

let ctx: TestContext;
let admin: string;
const REPORT = (project: string) => `/studio/report/api/report/projects/${project}`;
const REGION_HEADER = ['省名称', '城市名称', '区县名称', '街道名称', '社区名称', '小区名称', '楼栋号'];
const INDICATOR_HEADER = ['指标编码', '层级', '维度', '指标名称', '单位', '标准值', '方向', '排序'];
const VALUE_HEADER = ['指标编码', ...REGION_HEADER, '值'];
const OTHER_ORG = '44444444-4444-4444-8444-444444444444';

type Rows = unknown[][];
/** An .xlsx of the named sheets. */
function workbook(sheets: Record<string, Rows>): Buffer {
  const book = XLSX.utils.book_new();
  for (const [name, rows] of Object.entries(sheets)) XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), name);
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}
const region = (...names: string[]) => REGION_HEADER.map((_, i) => names[i] ?? null);
/** A small valid warehouse: 示例省 / 示例市 / `district`, one 生态宜居 indicator at the district level and its value. */
const small = (district = '新安区', value: unknown = 9.5): Record<string, Rows> => ({
  区域: [REGION_HEADER, region('示例省'), region('示例省', '示例市'), region('示例省', '示例市', district)],
  指标: [INDICATOR_HEADER, ['A01', '区县', '生态宜居', '人均公园绿地面积', '平方米', 8, '越高越好', 1]],
  指标值: [VALUE_HEADER, ['A01', ...region('示例省', '示例市', district), value]],
});

const upload = (project: string, file: Buffer, options: { dryRun?: boolean; token?: string; name?: string; organization?: string } = {}) => {
  const body = multipart({}, { name: options.name ?? 'data.xlsx', content: file });
  return ctx.app.inject({
    method: 'POST',
    url: `${REPORT(project)}/warehouse/import/${options.dryRun ? '?dry_run=1' : ''}`,
    payload: body.payload,
    headers: { ...body.headers, ...authHeaders(options.token ?? admin, options.organization) },
  });
};
const get = (url: string, token = admin) => ctx.app.inject({ method: 'GET', url, headers: authHeaders(token) });
const tree = (project: string) => get(`${REPORT(project)}/investigation_scope/tree/`);
const extraInfo = async (project: string) => (await ctx.database.db.select().from(projects).where(eq(projects.uuid, project)))[0].extraInfo as Record<string, string>;
const schemaOf = (project: string) => `warehouse_${project.replace(/-/g, '')}`;
const schemaExists = async (schema: string) =>
  ((await ctx.database.db.execute(sql`select count(*)::int as n from information_schema.schemata where schema_name = ${schema}`)) as unknown as { rows: Array<{ n: number }> }).rows[0].n === 1;
const newProject = async (name: string) => {
  const made = await ctx.app.inject({ method: 'POST', url: '/api/project/v1/projects/', headers: authHeaders(admin), payload: { name } });
  expect(made.statusCode, made.body).toBe(201);
  return made.json().uuid as string;
};
const names = (nodes: RegionNode[]): string[] => nodes.flatMap((node) => [node.name, ...names(node.children)]);
const issuesOf = (answer: { json: () => { data: { errors: WarehouseImportIssue[] } } }) => answer.json().data.errors.map((issue) => issue.text);

/** Starts a 成果 generation and answers its job once finished (or as it is after 60 s). */
async function generated(project: string, payload: object): Promise<GenerationJob | undefined> {
  const RESULTS = `/studio/report/api/oa_result/projects/${project}/report`;
  const started = await ctx.app.inject({ method: 'POST', url: `${RESULTS}/generate/`, payload, headers: authHeaders(admin) });
  expect(started.statusCode, started.body).toBe(200);
  const jobId = started.json().data.job_id;
  let job: GenerationJob | undefined;
  for (const until = Date.now() + 60_000; Date.now() < until; await new Promise((resolve) => setTimeout(resolve, 200))) {
    job = ((await get(`${RESULTS}/generate/?pageSize=50`)).json().result.data as GenerationJob[]).find((it) => it.job_id === jobId);
    if (job?.finished_at) break;
  }
  return job;
}

beforeAll(async () => {
  ctx = await createTestApp({ app: { jobs: { pollSeconds: 0.5, retryDelaySeconds: 0 } } });
  admin = await login(ctx.app);
}, 180_000);
afterAll(() => ctx.close());

describe('the warehouse template', () => {
  it('downloads as an .xlsx with notes and example rows that import as they are', async () => {
    const project = await newProject('模板项目');
    const answer = await get(`${REPORT(project)}/warehouse/template/`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('spreadsheetml');
    expect(answer.headers['content-disposition']).toContain(encodeURIComponent('成果数据导入模板.xlsx'));
    const book = XLSX.read(answer.rawPayload, { type: 'buffer' });
    expect(book.SheetNames).toEqual(['说明', '区域', '指标', '指标值']);
    const rows = (sheet: string) => XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[sheet], { header: 1 });
    expect(rows('区域')[0]).toEqual(REGION_HEADER);
    expect(rows('指标')[0]).toEqual(INDICATOR_HEADER);
    expect(rows('指标值')[0]).toEqual(VALUE_HEADER);
    expect(JSON.stringify(rows('说明'))).toContain('越高越好');

    const preview = await upload(project, answer.rawPayload, { dryRun: true });
    expect(preview.statusCode, preview.body).toBe(200);
    const after = { regions: { 1: 1, 2: 1, 3: 2, 4: 1, 5: 1, 6: 1, 7: 2 }, indicators: 5, values: 7 };
    expect(preview.json()).toMatchObject({ message: '预览', data: { dry_run: true, before: null, after, schema_name: schemaOf(project) } });
    // The preview writes nothing.
    expect(await schemaExists(schemaOf(project))).toBe(false);
    expect(await extraInfo(project)).not.toHaveProperty('schema_name', schemaOf(project));

    const imported = await upload(project, answer.rawPayload);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ message: '导入成功', data: { dry_run: false, before: null, after } });
    const [connection] = await ctx.database.db.select().from(connections).where(eq(connections.projectUuid, project));
    expect(connection).toMatchObject({ drivername: 'builtin', name: '项目数据仓库' });
    expect(await extraInfo(project)).toMatchObject({ connection_id: String(connection.id), database_name: 'warehouse', schema_name: schemaOf(project) });
    const regions = await tree(project);
    expect(regions.statusCode, regions.body).toBe(200);
    expect(names(regions.json().data)).toEqual(['示例省', '示例市', '东城区', '和平街道', '幸福社区', '锦绣花园', '1号楼', '2号楼', '西城区']);

    // Again: the same connection, the warehouse replaced, the counts before told.
    const again = await upload(project, workbook(small()), { dryRun: true });
    expect(again.json().data).toMatchObject({ before: after, after: { regions: { 1: 1, 2: 1, 3: 1, 4: 0 }, indicators: 1, values: 1 } });
    expect((await upload(project, workbook(small()))).statusCode).toBe(200);
    expect(await ctx.database.db.select().from(connections).where(eq(connections.projectUuid, project))).toHaveLength(1);
    expect(names((await tree(project)).json().data)).toEqual(['示例省', '示例市', '新安区']);

    // Deleting the project takes its warehouse with it.
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/project/v1/projects/${project}/`, headers: authHeaders(admin) })).statusCode).toBe(204);
    expect(await schemaExists(schemaOf(project))).toBe(false);
  });
});

describe('成果 from an imported warehouse', () => {
  it('generates a region report from the imported indicators through the demo project’s connection', async () => {
    const db = ctx.database.db;
    const answer = await upload(DEMO.projectUuid, workbook(small('新安区', 9.5)));
    expect(answer.statusCode, answer.body).toBe(200);
    const extra = await extraInfo(DEMO.projectUuid);
    const [demoConnection] = await db.select().from(connections).where(and(eq(connections.projectUuid, DEMO.projectUuid), eq(connections.drivername, 'builtin')));
    // The demo project keeps its one builtin connection, now pointed at its own imported schema.
    expect(extra).toMatchObject({ connection_id: String(demoConnection.id), schema_name: schemaOf(DEMO.projectUuid) });
    expect(names((await tree(DEMO.projectUuid)).json().data)).toEqual(['示例省', '示例市', '新安区']);

    const label = async (name: string) => (await db.select().from(labels).where(and(eq(labels.projectUuid, DEMO.projectUuid), eq(labels.name, name))))[0].id;
    const [group] = await db.insert(libraryGroups).values({ projectUuid: DEMO.projectUuid, kind: 'report', name: '导入数据成果' }).returning();
    const payload = {
      data_list: [{ area: '新安区' }],
      report_type: await label('年度体检报告'),
      level: 3,
      level_label: await label('生态宜居'),
      report_project_uuid: DEMO.projectUuid,
      connection_id: demoConnection.id,
      schema_name: extra.schema_name,
      database_name: 'warehouse',
      report_group_id: group.id,
    };
    expect(await generated(DEMO.projectUuid, payload)).toMatchObject({ state: 'completed', done: 1, failed: 0 });
    const RESULTS = `/studio/report/api/oa_result/projects/${DEMO.projectUuid}/report`;
    // A district of the demo's seeded warehouse is not in the imported one, so it is refused at once.
    const demoDistrict = await ctx.app.inject({ method: 'POST', url: `${RESULTS}/generate/`, payload: { ...payload, data_list: [{ area: '东城区' }] }, headers: authHeaders(admin) });
    expect(demoDistrict.json().message).toContain('不在项目的调查范围中');
  }, 90_000);
  it('makes the research dimension, a report type and a report group a new project lacks, so 成果生成 works at once', async () => {
    const project = await newProject('新客户的项目');
    const answer = await upload(project, workbook(small('新安区')));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data.prepared).toEqual(['研究维度「生态宜居」（区县级）', '报告类型「体检报告」', '报告分组「体检成果」']);
    // The research dimensions are the labels of the first report filter group, each with its level.
    const filters = (await get(`${REPORT(project)}/filter_label_setting/?origin=报告`)).json();
    const first = (Array.isArray(filters) ? filters : filters.results)[0];
    expect(first.name).toBe('体检维度');
    expect(first.labels.map((label: { name: string; extra_info: { level: number } }) => [label.name, label.extra_info.level])).toEqual([['生态宜居', 3]]);

    const db = ctx.database.db;
    const label = async (name: string) => (await db.select().from(labels).where(and(eq(labels.projectUuid, project), eq(labels.name, name))))[0].id;
    const [group] = await db.select().from(libraryGroups).where(and(eq(libraryGroups.projectUuid, project), eq(libraryGroups.name, '体检成果')));
    const extra = await extraInfo(project);
    const payload = {
      data_list: [{ area: '新安区' }],
      report_type: await label('体检报告'),
      level: 3,
      level_label: await label('生态宜居'),
      report_project_uuid: project,
      connection_id: Number(extra.connection_id),
      schema_name: extra.schema_name,
      database_name: 'warehouse',
      report_group_id: group.id,
    };
    expect(await generated(project, payload)).toMatchObject({ state: 'completed', done: 1, failed: 0 });

    // Importing again makes nothing twice.
    const again = await upload(project, workbook(small('新安区')));
    expect(again.json().data.prepared).toEqual([]);
    expect(await db.select().from(labels).where(and(eq(labels.projectUuid, project), eq(labels.name, '生态宜居')))).toHaveLength(1);
  }, 90_000);
});

describe('a bad file', () => {
  let project: string;
  beforeAll(async () => {
    project = await newProject('错误文件项目');
  });
  const refused = async (file: Buffer, name = 'data.xlsx') => {
    const answer = await upload(project, file, { name });
    expect(answer.statusCode, answer.body).toBe(400);
    return answer;
  };

  it('is refused as a whole, each problem named by sheet, row and column, and nothing changes', async () => {
    const before = await extraInfo(project);
    expect((await refused(Buffer.from('省名称,城市名称\n示例省,示例市\n'), 'data.csv')).json().message).toBe('文件不是 Excel 表格（.xlsx），请下载模板填写后上传');
    expect((await refused(Buffer.from('PK\u0003\u0004 broken zip'))).json().message).toBe('文件不是 Excel 表格（.xlsx），请下载模板填写后上传');
    const { 指标值: _, ...noValues } = small();
    expect(issuesOf(await refused(workbook(noValues)))).toEqual(['「指标值」：缺少工作表「指标值」，请使用模板']);
    expect(issuesOf(await refused(workbook({ ...small(), 指标: [INDICATOR_HEADER.filter((column) => column !== '标准值')] })))).toEqual([
      '「指标」：缺少列「标准值」，请使用模板的表头',
    ]);

    const cases: Array<[Record<string, Rows>, string[]]> = [
      [{ ...small(), 指标: [INDICATOR_HEADER, ['A01', '乡镇', '生态宜居', '绿地', '平方米', 8, '越高越好', 1]] }, ['「指标」第 2 行「层级」列：未知的层级「乡镇」，可填 省、市、区县、街道、社区、小区、楼栋']],
      [
        { ...small(), 区域: [REGION_HEADER, region('示例省'), region('示例省', '示例市', '新安区')] },
        ['「区域」第 3 行「城市名称」列：上级区域「示例省 / 示例市」不在本表中，请为它单独填写一行'],
      ],
      [{ ...small(), 区域: [REGION_HEADER, region('示例省'), region('示例省', null as unknown as string, '新安区')] }, ['「区域」第 3 行「城市名称」列：不能为空：已填写下级「区县名称」']],
      [{ ...small(), 区域: [...small().区域, region('示例省', '示例市')] }, ['「区域」第 5 行「城市名称」列：区域「示例省 / 示例市」与第 3 行重复']],
      [
        { ...small(), 指标: [INDICATOR_HEADER, ['A01', '区县', '生态宜居', '绿地', '平方米', 8, '越高越好', 1], ['A01', 3, '生态宜居', '绿地二', '平方米', 'abc', '更好', 2.5]] },
        [
          '「指标」第 3 行「标准值」列：不是数字',
          '「指标」第 3 行「方向」列：只能填 越高越好 或 越低越好',
          '「指标」第 3 行「排序」列：不是整数',
          '「指标」第 3 行「指标编码」列：指标「A01」在「区县」层级与第 2 行重复',
        ],
      ],
      [{ ...small(), 指标值: [VALUE_HEADER, ['A01', ...region('示例省', '示例市', '新安区'), '九点五']] }, ['「指标值」第 2 行「值」列：不是数字']],
      [{ ...small(), 指标值: [VALUE_HEADER, ['B09', ...region('示例省', '示例市', '新安区'), 1]] }, ['「指标值」第 2 行「指标编码」列：指标「B09」在「区县」层级不在「指标」表中']],
      [{ ...small(), 指标值: [VALUE_HEADER, ['A01', ...region('示例省', '示例市', '旧城区'), 1]] }, ['「指标值」第 2 行「区县名称」列：区域「示例省 / 示例市 / 旧城区」不在「区域」表中']],
      [{ ...small(), 指标值: [VALUE_HEADER, ['A01', ...region('示例省', '示例市'), 1]] }, ['「指标值」第 2 行「指标编码」列：指标「A01」在「市」层级不在「指标」表中']],
    ];
    for (const [sheets, expected] of cases) {
      const answer = await refused(workbook(sheets));
      expect(issuesOf(answer), expected[0]).toEqual(expected);
      expect(answer.json().message).toContain(expected[0]);
    }
    expect(await extraInfo(project)).toEqual(before);
    expect(await schemaExists(schemaOf(project))).toBe(false);
    expect(await ctx.database.db.select().from(connections).where(eq(connections.projectUuid, project))).toEqual([]);
  }, 120_000);

  it('answers every error at once, listing the first 100 with their count', async () => {
    const values = Array.from({ length: 150 }, (_, i) => [`A01`, ...region('示例省', '示例市', '新安区'), `x${i}`]);
    const answer = await refused(workbook({ ...small(), 指标值: [VALUE_HEADER, ...values] }));
    expect(answer.json().data.total).toBe(150);
    expect(answer.json().data.errors).toHaveLength(100);
    expect(answer.json().message).toBe('文件有 150 处错误，未导入任何数据。「指标值」第 2 行「值」列：不是数字');
    expect(answer.json().data.errors[99]).toMatchObject({ sheet: '指标值', row: 101, column: '值', message: '不是数字' });
  });

  it('says so when the sheets hold more than 50,000 rows', async () => {
    const cities = Array.from({ length: 50_000 }, (_, i) => region('示例省', `城市${i}`));
    const answer = await refused(workbook({ ...small(), 区域: [REGION_HEADER, region('示例省'), ...cities] }));
    expect(answer.json().message).toBe('文件的数据超过 50000 行（三张表合计），请拆分或精简后再导入');
  }, 60_000);
});

describe('tenant walls', () => {
  it('keeps each project’s warehouse to its own builtin connection', async () => {
    const first = await newProject('甲项目');
    const second = await newProject('乙项目');
    expect((await upload(first, workbook(small('甲区')))).statusCode).toBe(200);
    expect((await upload(second, workbook(small('乙区')))).statusCode).toBe(200);
    const connectionOf = async (project: string) => Number((await extraInfo(project)).connection_id);
    const browse = (project: string, path: string) => get(`/api/connection/projects/${project}/${path}`);
    const secondConnection = await connectionOf(second);
    expect((await browse(second, `schemas/?connection_id=${secondConnection}`)).json()).toEqual([{ name: schemaOf(second) }]);
    for (const schema of ['warehouse_demo', schemaOf(first)]) {
      const answer = await browse(second, `tables/?connection_id=${secondConnection}&schema_name=${schema}`);
      expect(answer.statusCode, schema).toBe(400);
      expect(answer.json().message).toBe(`内置数据仓库只能访问本项目的数据仓库（${schemaOf(second)}），不能访问 ${schema}`);
      await expect(withProjectConnection(ctx.app, second, secondConnection, undefined, (session) => session.select(schema, 'investigation_scope', ['省名称'], {}, 10))).rejects.toThrow(
        '只能访问本项目的数据仓库',
      );
    }
    // The demo connection sees its seeded warehouse and its own import, not another project's.
    const demoConnection = await connectionOf(DEMO.projectUuid);
    expect((await browse(DEMO.projectUuid, `tables/?connection_id=${demoConnection}&schema_name=warehouse_demo`)).statusCode).toBe(200);
    expect((await browse(DEMO.projectUuid, `tables/?connection_id=${demoConnection}&schema_name=${schemaOf(second)}`)).statusCode).toBe(400);
    // Pointing 成果 at another project's warehouse reads nothing of it.
    const pointed = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/project/v1/projects/${second}/`,
      headers: authHeaders(admin),
      payload: { extra_info: { connection_id: String(secondConnection), database_name: 'warehouse', schema_name: schemaOf(first) } },
    });
    expect(pointed.statusCode).toBe(200);
    const elsewhere = await tree(second);
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.body).not.toContain('甲区');
    expect(names((await tree(first)).json().data)).toEqual(['示例省', '示例市', '甲区']);
  });

  it('lets only those who may edit the project import, and answers nothing to another organization', async () => {
    const project = await newProject('权限项目');
    const db = ctx.database.db;
    const [viewer] = await db.insert(users).values({ username: 'viewer1', mobile: '13900000001', nickname: '只读成员', passwordHash: await hashPassword('viewer-pass1') }).returning();
    await db.insert(organizationMembers).values({ organizationUuid: DEMO.organizationUuid, userUuid: viewer.uuid });
    const [role] = await db
      .insert(roles)
      .values({ organizationUuid: DEMO.organizationUuid, projectUuid: project, name: '只读', permissions: [permissionDetail('project', 'project', 'view')] })
      .returning();
    await db.insert(projectMembers).values({ projectUuid: project, userUuid: viewer.uuid, roleId: role.id });
    const viewerToken = await login(ctx.app, 'viewer1', 'viewer-pass1');
    const denied = await upload(project, workbook(small()), { token: viewerToken });
    expect(denied.statusCode).toBe(403);
    expect((await get(`${REPORT(project)}/warehouse/template/`, viewerToken)).statusCode).toBe(200);

    await db.insert(organizations).values({ uuid: OTHER_ORG, name: '别家企业' });
    const [stranger] = await db.insert(users).values({ username: 'stranger1', mobile: '13900000002', nickname: '外人', passwordHash: await hashPassword('stranger-pass1') }).returning();
    await db.insert(organizationMembers).values({ organizationUuid: OTHER_ORG, userUuid: stranger.uuid, isOwner: true });
    const strangerToken = await login(ctx.app, 'stranger1', 'stranger-pass1');
    const elsewhere = await upload(project, workbook(small()), { token: strangerToken, organization: OTHER_ORG });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().message).toBe('项目不存在或您不是该项目的成员');
    // Naming the project's organization, of which the stranger is no member, is refused before the project.
    expect((await upload(project, workbook(small()), { token: strangerToken, organization: DEMO.organizationUuid })).statusCode).toBe(403);
    expect((await get(`${REPORT(project)}/warehouse/template/`, strangerToken)).statusCode).not.toBe(200);
    expect(await schemaExists(schemaOf(project))).toBe(false);
  });
});

describe('two imports racing on one project', () => {
  it('leave one whole warehouse, never a mix', async () => {
    const project = await newProject('并发项目');
    const many = (prefix: string, count: number): Record<string, Rows> => {
      const districts = Array.from({ length: count }, (_, i) => `${prefix}${i}区`);
      return {
        区域: [REGION_HEADER, region('示例省'), region('示例省', '示例市'), ...districts.map((name) => region('示例省', '示例市', name))],
        指标: [INDICATOR_HEADER, ['A01', '区县', '生态宜居', '绿地', '平方米', 8, '越高越好', 1]],
        指标值: [VALUE_HEADER, ...districts.map((name, i) => ['A01', ...region('示例省', '示例市', name), i])],
      };
    };
    const answers = await Promise.all([upload(project, workbook(many('甲', 300))), upload(project, workbook(many('乙', 500)))]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const schema = sql.identifier(schemaOf(project));
    const [counts] = (
      (await ctx.database.db.execute(sql`select
        (select count(*) from ${schema}.investigation_scope where "区县名称" like '甲%')::int as a_regions,
        (select count(*) from ${schema}.investigation_scope where "区县名称" like '乙%')::int as b_regions,
        (select count(*) from ${schema}.indicator_value where "区县名称" like '甲%')::int as a_values,
        (select count(*) from ${schema}.indicator_value where "区县名称" like '乙%')::int as b_values`)) as unknown as { rows: Array<Record<string, number>> }
    ).rows;
    expect([{ a_regions: 300, b_regions: 0, a_values: 300, b_values: 0 }, { a_regions: 0, b_regions: 500, a_values: 0, b_values: 500 }]).toContainEqual(counts);
    expect(await ctx.database.db.select().from(connections).where(eq(connections.projectUuid, project))).toHaveLength(1);
    // The later import saw the earlier one's warehouse as its "before".
    const befores = answers.map((answer) => answer.json().data.before);
    expect(befores.filter((before) => before === null)).toHaveLength(1);
    expect(names((await tree(project)).json().data)).toHaveLength(2 + (counts.a_regions || counts.b_regions));
  }, 60_000);
});
