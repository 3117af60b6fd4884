import { readdirSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationMembers, organizations, storedFiles, users } from '../../server/db/schema';
import { hashPassword } from '../../server/lib/passwords';
import { authHeaders, createTestApp, DEMO, login, multipart, type TestContext } from './helpers';

let ctx: TestContext;
let admin: string;
const PROJECT_UPLOAD = `/api/uploader/v1/projects/${DEMO.projectUuid}/file_upload/`;
const BASE = `/studio/report/api/report/projects/${DEMO.projectUuid}`;

/** A photo-like image: noise does not compress to nothing, as real photos do not. */
const noise = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 40 } } });

async function upload(name: string, content: Buffer, url = `${PROJECT_UPLOAD}?purpose=material`) {
  const body = multipart({}, { name, content });
  return ctx.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, ...authHeaders(admin) } });
}

const get = (url: string, headers: Record<string, string> = authHeaders(admin)) => ctx.app.inject({ method: 'GET', url, headers });

/** Every object the local storage holds, as keys. */
const storedObjects = () =>
  (readdirSync(path.join(ctx.dataDir, 'files'), { recursive: true }) as string[]).filter((entry) => /[0-9a-f-]{36}$/.test(entry)).map((entry) => entry.split(path.sep).join('/'));

/** A PNG whose header claims width × height pixels over a tiny body: what a decompression bomb looks like to a decoder. */
function pngClaiming(width: number, height: number) {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(width + 1))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await login(ctx.app);
});
afterAll(() => ctx.close());

describe('thumbnails of uploaded images', () => {
  it('makes a small WebP preview of a JPEG, served beside the original with the same rules', async () => {
    const photo = await noise(1600, 1200).jpeg({ quality: 85 }).toBuffer();
    const response = await upload('街景.jpg', photo);
    expect(response.statusCode, response.body).toBe(201);
    const file = response.json();
    expect(file.thumbnail_url).toBe(`${file.url}?format=thumbnail`);

    const preview = await get(file.thumbnail_url);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/webp');
    expect(preview.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(preview.headers['content-disposition']).toContain(encodeURIComponent('街景.webp'));
    expect(preview.rawPayload.length).toBeLessThan(photo.length / 10);
    expect(await sharp(preview.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 320, height: 240 });

    // The same session rules as the original: the token cookie for <img src>, nothing without a session.
    expect((await get(file.thumbnail_url, { cookie: `token=${admin}` })).statusCode).toBe(200);
    expect((await get(file.thumbnail_url, {})).statusCode).toBe(401);
    const [outsider] = await ctx.database.db.insert(users).values({ username: 'outsider', passwordHash: await hashPassword('outsider-pass1') }).returning();
    const [otherOrganization] = await ctx.database.db.insert(organizations).values({ name: '别家企业' }).returning();
    await ctx.database.db.insert(organizationMembers).values({ organizationUuid: otherOrganization.uuid, userUuid: outsider.uuid });
    const stranger = await login(ctx.app, 'outsider', 'outsider-pass1');
    expect((await get(file.thumbnail_url, authHeaders(stranger))).statusCode).toBe(404);
  });

  it('makes one of a PNG too, turned upright by its EXIF orientation and never enlarged', async () => {
    const wide = await noise(900, 300).png().toBuffer();
    const file = (await upload('图表.png', wide)).json();
    const preview = await get(file.thumbnail_url);
    expect(preview.headers['content-type']).toBe('image/webp');
    expect(preview.rawPayload.length).toBeLessThan(wide.length);
    expect(await sharp(preview.rawPayload).metadata()).toMatchObject({ width: 320, height: 107 });

    // Orientation 6: the camera was turned a quarter; the picture stands upright in the preview.
    const sideways = await noise(400, 200).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const upright = await get((await upload('竖拍.jpg', sideways)).json().thumbnail_url);
    expect(await sharp(upright.rawPayload).metadata()).toMatchObject({ width: 160, height: 320 });

    const tiny = await noise(120, 80).png().toBuffer();
    const small = await get((await upload('小图.png', tiny)).json().thumbnail_url);
    expect(await sharp(small.rawPayload).metadata()).toMatchObject({ width: 120, height: 80 });
  });

  it('has none for documents', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
    const file = (await upload('报告.pdf', pdf, PROJECT_UPLOAD)).json();
    expect(file.thumbnail_url).toBeNull();
    expect((await get(`${file.url}?format=thumbnail`)).statusCode).toBe(404);
  });

  it('refuses an image that cannot be decoded, or claims too many pixels, and keeps nothing of it', async () => {
    const rows = (await ctx.database.db.select().from(storedFiles)).length;
    const objects = storedObjects().length;
    const broken = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(400, 9)]);
    const corrupt = await upload('损坏.png', broken);
    expect(corrupt.statusCode).toBe(400);
    expect(corrupt.json().message).toBe('图片文件已损坏，无法读取');
    const truncated = (await noise(800, 600).jpeg().toBuffer()).subarray(0, 20_000);
    expect((await upload('半张.jpg', truncated)).json().message).toBe('图片文件已损坏，无法读取');
    const bomb = await upload('炸弹.png', pngClaiming(20_000, 20_000));
    expect(bomb.statusCode).toBe(400);
    expect(bomb.json().message).toBe('图片像素尺寸过大（超过 1 亿像素），无法读取');
    expect((await ctx.database.db.select().from(storedFiles)).length).toBe(rows);
    expect(storedObjects().length).toBe(objects);
  });

  it('shares the preview of the same content, and deletes it with the last item using it', async () => {
    const image = await noise(640, 480).jpeg().toBuffer();
    const first = (await upload('一号.jpg', image)).json();
    const second = (await upload('二号.jpg', image)).json();
    const thumbKey = async (id: number) => (await ctx.database.db.select().from(storedFiles).where(eq(storedFiles.id, id)))[0]?.thumbKey;
    const key = await thumbKey(first.id);
    expect(key).toBeTruthy();
    expect(await thumbKey(second.id)).toBe(key);

    const create = async (name: string, file: string) =>
      (await ctx.app.inject({ method: 'POST', url: `${BASE}/material/report_create/`, headers: authHeaders(admin), payload: { name, create_user: '演示用户', file } })).json().data;
    const one = await create('一号', first.url);
    const two = await create('二号', second.url);
    // Deleted, then purged from the recycle bin: only a purge frees files.
    const remove = async (id: number) => {
      const deleted = await ctx.app.inject({ method: 'POST', url: `${BASE}/material/batch_delete/`, headers: authHeaders(admin), payload: { ids: String(id) } });
      if (deleted.statusCode !== 200) return deleted;
      return ctx.app.inject({ method: 'POST', url: `${BASE}/recycle_bin/purge/`, headers: authHeaders(admin), payload: { all: true, origin: '素材' } });
    };

    expect((await remove(one.id)).statusCode).toBe(200);
    expect(await thumbKey(first.id)).toBeUndefined();
    expect(storedObjects()).toContain(key);
    expect((await get(second.thumbnail_url)).statusCode).toBe(200);

    expect((await remove(two.id)).statusCode).toBe(200);
    expect(storedObjects()).not.toContain(key);
  });
});
