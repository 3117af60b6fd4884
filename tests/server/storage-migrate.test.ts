import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { promisify } from 'node:util';
import { HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDiskStorage, newStorageKey, type Storage } from '../../server/lib/storage';
import { storedFiles } from '../../server/db/schema';
import { migrateToBucket, type MigrationOptions, type MigrationProgress } from '../../server/lib/storage/migrate';
import { s3Storage } from '../../server/lib/storage/s3';
import { createTestApp, login, padded, SAMPLES, uploadFile } from './helpers';
import { startObjectStore, type ObjectStore } from '../support/object-store';

const MB = 1024 * 1024;
let store: ObjectStore;
let dataDir: string;
let disk: Storage;
let bucket: Storage;
/** What the disk store holds, by key. */
const contents = new Map<string, Buffer>();

beforeAll(async () => {
  store = await startObjectStore();
  bucket = s3Storage(store.client, store.bucket);
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'storage-migrate-'));
  disk = localDiskStorage(path.join(dataDir, 'files'));
  // Larger than one multipart part, put and read back as a stream.
  const large = randomBytes(7 * MB + 321);
  const objects = [large, randomBytes(100_000), randomBytes(1), Buffer.alloc(0), Buffer.from('%PDF-1.4 报告'), randomBytes(65_536)];
  for (const bytes of objects) {
    const key = newStorageKey();
    const chunks = Array.from({ length: Math.ceil(bytes.length / 65_536) || 1 }, (_, i) => bytes.subarray(i * 65_536, (i + 1) * 65_536));
    await disk.put(key, Readable.from(chunks));
    contents.set(key, bytes);
  }
  // An unfinished write is not an object.
  writeFileSync(path.join(dataDir, 'files', `${[...contents.keys()][0]}.0b5e.part`), 'half');
});
afterAll(async () => {
  await store?.dispose();
  rmSync(dataDir, { recursive: true, force: true });
});

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const migrate = (options: Partial<MigrationOptions> = {}) =>
  migrateToBucket({ from: path.join(dataDir, 'files'), target: bucket, client: store.client, bucket: store.bucket, ...options });

async function expectBucketHoldsTheDisk() {
  expect((await store.keys()).sort()).toEqual([...contents.keys()].sort());
  for (const [key, bytes] of contents) expect(sha256(await buffer(bucket.get(key))), key).toBe(sha256(bytes));
}

describe('moving a disk store into a bucket', () => {
  it('copies every object byte for byte, counting objects and bytes up to the totals', async () => {
    const progress: MigrationProgress[] = [];
    const summary = await migrate({ onProgress: (step) => progress.push(step) });
    const totalBytes = [...contents.values()].reduce((sum, bytes) => sum + bytes.length, 0);
    expect(summary).toMatchObject({ copied: contents.size, skipped: 0, failed: [], interrupted: false, totalObjects: contents.size, totalBytes });
    expect(progress.at(-1)).toEqual({ objects: contents.size, bytes: totalBytes, totalObjects: contents.size, totalBytes });
    // The bar moves during the large object too, and never goes back or past the total.
    expect(new Set(progress.map((step) => step.bytes)).size).toBeGreaterThan(contents.size + 10);
    expect(progress.every((step, i) => step.bytes <= totalBytes && (i === 0 || step.bytes >= progress[i - 1].bytes))).toBe(true);
    await expectBucketHoldsTheDisk();
    // Kept with each object, so a later run compares without reading the bucket's bytes.
    const [key, bytes] = [...contents][0];
    const head = await store.client.send(new HeadObjectCommand({ Bucket: store.bucket, Key: key }));
    expect(head.Metadata?.sha256).toBe(sha256(bytes));
  });

  it('skips everything on a second run', async () => {
    expect(await migrate()).toMatchObject({ copied: 0, skipped: contents.size, failed: [] });
  });

  it('copies again an object the bucket holds different bytes of, same size or not', async () => {
    const [first, second] = [...contents.keys()];
    const size = contents.get(first)!.length;
    await store.client.send(new PutObjectCommand({ Bucket: store.bucket, Key: first, Body: randomBytes(size) }));
    await store.client.send(new PutObjectCommand({ Bucket: store.bucket, Key: second, Body: Buffer.from('truncated') }));
    expect(await migrate()).toMatchObject({ copied: 2, skipped: contents.size - 2, failed: [] });
    await expectBucketHoldsTheDisk();
  });

  it('goes on after an interruption and completes without copying anything twice', async () => {
    const other = await startObjectStore('interrupted');
    try {
      const target = s3Storage(other.client, other.bucket);
      const stop = new AbortController();
      let copied = 0;
      const first = await migrate({ target, client: other.client, bucket: other.bucket, concurrency: 1, signal: stop.signal, onCopied: () => ++copied === 2 && stop.abort() });
      expect(first).toMatchObject({ copied: 2, interrupted: true });
      expect(await other.keys()).toHaveLength(2);

      const resumed = await migrate({ target, client: other.client, bucket: other.bucket });
      expect(resumed).toMatchObject({ copied: contents.size - 2, skipped: 2, failed: [], interrupted: false });
      for (const [key, bytes] of contents) expect(sha256(await buffer(target.get(key))), key).toBe(sha256(bytes));
    } finally {
      await other.dispose();
    }
  });

  it('names a file whose bytes differ from the SHA-256 the files table records, copies the others, and leaves no copy of it', async () => {
    const [key] = [...contents.keys()];
    const other = await startObjectStore('recorded');
    try {
      const target = s3Storage(other.client, other.bucket);
      const summary = await migrate({ target, client: other.client, bucket: other.bucket, knownSha256: new Map([[key, sha256(Buffer.from('something else'))]]) });
      expect(summary).toMatchObject({ copied: contents.size - 1, failed: [{ key, reason: expect.stringContaining('SHA-256') }] });
      expect(await other.keys()).not.toContain(key);
    } finally {
      await other.dispose();
    }
  });
});

describe('npm run storage:migrate', () => {
  const run = (env: Record<string, string>) =>
    promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/storage-migrate.ts'], { env: { PATH: process.env.PATH, ...env } }).then(
      (done) => ({ code: 0, ...done }),
      (failed: { code: number; stdout: string; stderr: string }) => failed,
    );

  it('refuses without STORAGE=s3, naming the settings it needs', async () => {
    const { code, stderr } = await run({ DATA_DIR: dataDir });
    expect(code).toBe(1);
    expect(stderr).toContain('配置错误：环境变量 STORAGE 迁移时必须设为 s3');
    expect(stderr).toContain('S3_BUCKET');
  });

  it('refuses a bucket that does not exist as the server does', async () => {
    const { code, stderr } = await run({ DATA_DIR: dataDir, ...store.env, S3_BUCKET: 'no-such-bucket' });
    expect(code).toBe(1);
    expect(stderr).toContain('配置错误：环境变量 S3_BUCKET 指定的存储桶 "no-such-bucket" 不存在');
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('with DATABASE_URL, names an uploaded file whose bytes on disk differ from its recorded SHA-256', async () => {
    const ctx = await createTestApp();
    const other = await startObjectStore('recorded-by-database');
    try {
      const token = await login(ctx.app);
      const { id } = await uploadFile(ctx.app, token, '报告.pdf', padded(Buffer.concat([SAMPLES.pdf, randomBytes(16)]), 5000), 'report');
      const [row] = await ctx.database.db.select().from(storedFiles).where(eq(storedFiles.id, id));
      // The same size, other bytes: only the recorded SHA-256 tells them apart.
      writeFileSync(path.join(ctx.dataDir, 'files', ...row.storageKey.split('/')), randomBytes(row.size));

      const { code, stdout, stderr } = await run({ DATA_DIR: ctx.dataDir, DATABASE_URL: ctx.databaseUrl!, ...other.env });
      expect(code).toBe(1);
      expect(stdout).toContain('SHA-256 取自数据库');
      expect(stderr).toContain(`失败 ${row.storageKey}`);
      expect(await other.keys()).not.toContain(row.storageKey);
    } finally {
      await other.dispose();
      await ctx.close();
    }
  });

  it('reports what it copied and skipped, and tells the operator to switch to STORAGE=s3', async () => {
    const { code, stdout } = await run({ DATA_DIR: dataDir, ...store.env });
    expect(code).toBe(0);
    expect(stdout).toContain(`复制 0，跳过（已在存储桶中）${contents.size}，失败 0`);
    expect(stdout).toContain('请在服务器的配置中设置 STORAGE=s3');
  });
});
