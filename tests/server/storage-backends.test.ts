import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { AppError } from '../../server/lib/errors';
import { localDiskStorage, newStorageKey, openStorage, type Storage } from '../../server/lib/storage';
import { s3Storage } from '../../server/lib/storage/s3';
import { startObjectStore, type ObjectStore } from '../support/object-store';

let store: ObjectStore;
let diskRoot: string;
const backends: Record<string, Storage> = {};
/** What each backend holds, however it names it: objects and unfinished writes alike. */
const leftovers: Record<string, () => Promise<string[]>> = {
  disk: async () => readdirSync(diskRoot, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => entry.name),
  s3: () => store.keys(),
};

beforeAll(async () => {
  store = await startObjectStore();
  diskRoot = mkdtempSync(path.join(os.tmpdir(), 'storage-disk-'));
  backends.disk = localDiskStorage(diskRoot);
  backends.s3 = await openStorage(loadConfig({ ...store.env, DATA_DIR: diskRoot }));
});
afterAll(async () => {
  backends.s3?.close?.();
  await store?.dispose();
  rmSync(diskRoot, { recursive: true, force: true });
});

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

function* chunksOf(bytes: Buffer) {
  for (let at = 0; at < bytes.length; at += 65_536) yield bytes.subarray(at, at + 65_536);
}

/** Sends `bytes` in 64 KB chunks, then fails instead of ending. */
function failingSource(bytes: Buffer, error: Error): Readable {
  async function* chunks() {
    yield* chunksOf(bytes);
    throw error;
  }
  return Readable.from(chunks());
}

describe.each(['disk', 's3'])('%s storage', (name) => {
  const storage = () => backends[name];

  it('keeps what it was given, whole and by byte range, and answers its size and SHA-256', async () => {
    const bytes = randomBytes(300_000);
    const key = newStorageKey();
    expect(await storage().put(key, Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]))).toEqual({ size: bytes.length, sha256: sha256(bytes) });
    expect(await storage().size(key)).toBe(bytes.length);
    expect((await buffer(storage().get(key))).equals(bytes)).toBe(true);
    expect((await buffer(storage().get(key, { start: 0, end: 99 }))).equals(bytes.subarray(0, 100))).toBe(true);
    expect((await buffer(storage().get(key, { start: 299_990, end: 299_999 }))).equals(bytes.subarray(299_990))).toBe(true);
  });

  it('streams a file larger than one multipart part', async () => {
    const bytes = randomBytes(6 * 1024 * 1024 + 123);
    const key = newStorageKey();
    expect(await storage().put(key, Readable.from(chunksOf(bytes)))).toEqual({ size: bytes.length, sha256: sha256(bytes) });
    expect(sha256(await buffer(storage().get(key)))).toBe(sha256(bytes));
    await storage().delete(key);
  });

  it('deletes, answers no size for a missing object, and fails reading one', async () => {
    const key = newStorageKey();
    await storage().put(key, Readable.from([Buffer.from('short-lived')]));
    await storage().delete(key);
    expect(await storage().size(key)).toBeNull();
    await storage().delete(key);
    await expect(buffer(storage().get(key))).rejects.toThrow();
  });

  it.each([
    ['before anything is written', 0],
    ['after more than one multipart part', 6 * 1024 * 1024],
  ])('leaves nothing behind when the source fails %s, and answers the source’s error', async (_when, length) => {
    const before = await leftovers[name]();
    const key = newStorageKey();
    const refusal = new AppError(400, 40000, '上传文件不能超过 40MB!');
    await expect(storage().put(key, failingSource(randomBytes(length), refusal))).rejects.toBe(refusal);
    expect(await storage().size(key)).toBeNull();
    expect(await leftovers[name]()).toEqual(before);
  });

  it('refuses bytes that differ from the SHA-256 the caller names, leaving nothing behind', async () => {
    const before = await leftovers[name]();
    const key = newStorageKey();
    const bytes = randomBytes(1000);
    await expect(storage().put(key, Readable.from([bytes]), { sha256: sha256(Buffer.from('other')) })).rejects.toThrow(`stored bytes of ${key}`);
    expect(await storage().size(key)).toBeNull();
    expect(await leftovers[name]()).toEqual(before);
    expect(await storage().put(key, Readable.from([bytes]), { sha256: sha256(bytes) })).toEqual({ size: 1000, sha256: sha256(bytes) });
    await storage().delete(key);
  });

  it('names the objects written before a moment as stale, and none written after it', async () => {
    const key = newStorageKey();
    await storage().put(key, Readable.from([Buffer.from('old enough?')]));
    expect(await storage().staleKeys(Date.now() + 60_000)).toContain(key);
    expect(await storage().staleKeys(Date.now() - 60_000)).not.toContain(key);
  });
});

describe('s3 storage out of reach', () => {
  // Nothing listens on port 1: every request is refused, as when the store is down.
  const client = new S3Client({ endpoint: 'http://127.0.0.1:1', region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'x', secretAccessKey: 'y' } });
  const unreachable = s3Storage(client, 'report-files');
  afterAll(() => client.destroy());

  const unavailable = { statusCode: 503, message: '文件存储暂时无法访问，请稍后重试' };

  it('answers 503 with the Chinese message for every operation', async () => {
    const key = newStorageKey();
    await expect(unreachable.put(key, Readable.from([Buffer.from('x')]))).rejects.toMatchObject(unavailable);
    await expect(unreachable.size(key)).rejects.toMatchObject(unavailable);
    await expect(buffer(unreachable.get(key))).rejects.toMatchObject(unavailable);
    await expect(unreachable.delete(key)).rejects.toMatchObject(unavailable);
    await expect(unreachable.staleKeys(Date.now())).rejects.toMatchObject(unavailable);
  });
});
