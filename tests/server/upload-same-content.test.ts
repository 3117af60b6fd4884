import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { libraryItems, organizations, projects, storedFiles } from '../../server/db/schema';
import { authHeaders, createTestApp, DEMO, login, padded, SAMPLES, uploadFile, type TestContext } from './helpers';

const BASE = `/studio/report/api/report/projects/${DEMO.projectUuid}`;
let ctx: TestContext;
let token: string;
let cover: string;
beforeAll(async () => {
  ctx = await createTestApp();
  token = await login(ctx.app);
  cover = (await uploadFile(ctx.app, token, '封面.png', SAMPLES.png, 'cover')).url;
});
afterAll(() => ctx.close());

const create = async (path: string, body: Record<string, unknown>) => {
  const response = await ctx.app.inject({ method: 'POST', url: `${BASE}/${path}`, headers: authHeaders(token), payload: body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; name: string };
};

describe('an upload whose bytes are already an item of the project', () => {
  const bytes = padded(SAMPLES.pdf, 700);

  it('names the reports with the same content, and none before there is one', async () => {
    const first = await uploadFile(ctx.app, token, '体检报告.pdf', bytes, 'report');
    expect(first.same_content).toEqual([]);
    const report = await create('report/report_create/', { name: '2025年体检报告', create_user: '演示用户', file: first.url, cover, real_file_name: '体检报告.pdf' });

    const again = await uploadFile(ctx.app, token, '另一个名字.pdf', bytes, 'report');
    expect(again.same_content).toEqual([{ id: report.id, name: '2025年体检报告' }]);
    // Other bytes, or the same bytes as a cover, are no report's file.
    expect((await uploadFile(ctx.app, token, '别的报告.pdf', padded(SAMPLES.pdf, 800), 'report')).same_content).toEqual([]);
  });

  it('names the materials with the same image, not the reports', async () => {
    const image = await uploadFile(ctx.app, token, '现场照片.png', SAMPLES.png, 'material');
    const material = await create('material/report_create/', { name: '现场照片', create_user: '演示用户', file: image.url });
    expect((await uploadFile(ctx.app, token, '照片副本.png', SAMPLES.png, 'material')).same_content).toEqual([{ id: material.id, name: '现场照片' }]);
    expect((await uploadFile(ctx.app, token, '封面副本.png', SAMPLES.png, 'cover')).same_content).toEqual([]);
  });

  it('never names an item of another organization holding the same bytes', async () => {
    const { db } = ctx.database;
    const [mine] = await db.select().from(storedFiles).where(eq(storedFiles.name, '体检报告.pdf'));
    const [other] = await db.insert(organizations).values({ name: '别家企业' }).returning();
    const [project] = await db.insert(projects).values({ organizationUuid: other.uuid, name: '别家项目' }).returning();
    const [theirs] = await db
      .insert(storedFiles)
      .values({ organizationUuid: other.uuid, projectUuid: project.uuid, storageKey: mine.storageKey, name: '机密.pdf', size: mine.size, mime: mine.mime, sha256: mine.sha256 })
      .returning();
    await db.insert(libraryItems).values({ projectUuid: project.uuid, kind: 'report', name: '别家机密报告', createUser: '别人', file: 'x', fileId: theirs.id });

    const named = (await uploadFile(ctx.app, token, '再传一次.pdf', bytes, 'report')).same_content;
    expect(named?.map((item) => item.name)).toEqual(['2025年体检报告']);
  });
});
