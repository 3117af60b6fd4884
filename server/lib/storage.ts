import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { dayjs } from './dates';

export interface ByteRange {
  start: number;
  end: number;
}

/** Where file contents live. Keys are made by newStorageKey(); an object store can implement the same. */
export interface Storage {
  /** Streams the source to the key; answers its size and SHA-256. A failed source leaves nothing behind. */
  put(key: string, source: Readable): Promise<{ size: number; sha256: string }>;
  get(key: string, range?: ByteRange): Readable;
  size(key: string): Promise<number | null>;
  delete(key: string): Promise<void>;
  /** Keys of the objects last written before `before` (ms); unfinished writes that old are removed. */
  staleKeys(before: number): Promise<string[]>;
}

const KEY = /^[a-z0-9]+(\/[a-z0-9-]+)+$/;

/** A fresh key, never derived from a client-supplied name. */
export const newStorageKey = () => `${dayjs.utc().format('[f]YYYY/MM')}/${randomUUID()}`;

/** The files of a server: `<DATA_DIR>/files`. */
export const dataDirStorage = (dataDir: string) => localDiskStorage(path.join(dataDir, 'files'));

export function localDiskStorage(root: string): Storage {
  const pathOf = (key: string) => {
    if (!KEY.test(key)) throw new Error(`invalid storage key ${key}`);
    return path.join(root, ...key.split('/'));
  };
  return {
    async put(key, source) {
      const target = pathOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      const partial = `${target}.${randomUUID()}.part`;
      const hash = createHash('sha256');
      let size = 0;
      const measure = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          hash.update(chunk);
          done(null, chunk);
        },
      });
      const writer = createWriteStream(partial, { flags: 'wx' });
      try {
        await pipeline(source, measure, writer);
        await rename(partial, target);
      } catch (error) {
        // A refusal can come before the file is even opened; wait until it is closed, or the
        // opening would create the file after it was removed.
        if (!writer.closed) await new Promise<void>((resolve) => writer.once('close', () => resolve()));
        await rm(partial, { force: true });
        throw error;
      }
      return { size, sha256: hash.digest('hex') };
    },
    get(key, range) {
      return createReadStream(pathOf(key), range ? { start: range.start, end: range.end } : undefined);
    },
    async size(key) {
      try {
        return (await stat(pathOf(key))).size;
      } catch (error) {
        // Only a missing file is a missing object; an unreadable or unmounted disk is a failure.
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async staleKeys(before) {
      const names = await readdir(root, { recursive: true }).catch(() => [] as string[]);
      const keys: string[] = [];
      for (const name of names) {
        const info = await stat(path.join(root, name)).catch(() => null);
        if (!info?.isFile() || info.mtimeMs >= before) continue;
        const key = name.split(path.sep).join('/');
        if (key.endsWith('.part')) await rm(path.join(root, name), { force: true });
        else if (KEY.test(key)) keys.push(key);
      }
      return keys;
    },
  };
}
