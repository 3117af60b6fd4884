import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Storage } from './index';
import { checkedKey, STORAGE_KEY } from './keys';
import { checkedSha256, measuringStream } from './measure';

/** The files of a server: `<DATA_DIR>/files`. */
export const dataDirStorage = (dataDir: string) => localDiskStorage(path.join(dataDir, 'files'));

export function localDiskStorage(root: string): Storage {
  const pathOf = (key: string) => path.join(root, ...checkedKey(key).split('/'));
  return {
    async put(key, source, known) {
      const target = pathOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      const partial = `${target}.${randomUUID()}.part`;
      const measure = measuringStream();
      const writer = createWriteStream(partial, { flags: 'wx' });
      try {
        await pipeline(source, measure.stream, writer);
        checkedSha256(key, measure.result(), known);
        await rename(partial, target);
      } catch (error) {
        // A refusal can come before the file is even opened; wait until it is closed, or the
        // opening would create the file after it was removed.
        if (!writer.closed) await new Promise<void>((resolve) => writer.once('close', () => resolve()));
        await rm(partial, { force: true });
        throw error;
      }
      return measure.result();
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
        else if (STORAGE_KEY.test(key)) keys.push(key);
      }
      return keys;
    },
  };
}
