import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { dataDirStorage } from './disk';
import { checkBucket, s3Client, s3Storage } from './s3';

export interface ByteRange {
  start: number;
  end: number;
}

/** Where file contents live. Keys are made by newStorageKey(). */
export interface Storage {
  /**
   * Streams the source to the key; answers its size and SHA-256. A failed source leaves nothing behind.
   * `known.sha256`, a SHA-256 the caller already has: the bytes must match it, or the put fails and
   * leaves nothing; an object store keeps it with the object (metadata `sha256`).
   */
  put(key: string, source: Readable, known?: { sha256: string }): Promise<{ size: number; sha256: string }>;
  get(key: string, range?: ByteRange): Readable;
  size(key: string): Promise<number | null>;
  delete(key: string): Promise<void>;
  /** Keys of the objects last written before `before` (ms); unfinished writes that old are removed. */
  staleKeys(before: number): Promise<string[]>;
  /** Lets go of connections (the object store's client) when the server stops. */
  close?(): void;
}

export { newStorageKey } from './keys';
export { dataDirStorage, localDiskStorage } from './disk';
export { storageUnavailable } from './s3';

/**
 * Deletes objects a failed or superseded write left, without hiding the answer the request
 * is giving: an object the store would not delete now is logged, and the hourly sweep takes it.
 */
export async function discardObjects(storage: Storage, keys: Array<string | false | null | undefined>, log: FastifyBaseLogger): Promise<void> {
  for (const key of keys) {
    if (key) await storage.delete(key).catch((error: unknown) => log.warn({ err: error, key }, 'stored object left for the sweep'));
  }
}

/**
 * The storage STORAGE names: `<DATA_DIR>/files`, or an S3-compatible bucket, checked first
 * (a missing bucket or wrong credentials throw a ConfigError naming the setting).
 */
export async function openStorage(config: Config): Promise<Storage> {
  const settings = config.storage;
  if (settings.kind === 'disk') return dataDirStorage(config.dataDir);
  const client = s3Client(settings);
  await checkBucket(client, settings);
  return s3Storage(client, settings.bucket);
}
