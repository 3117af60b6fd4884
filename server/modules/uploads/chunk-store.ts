import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError, badRequest, ErrorCode } from '../../lib/errors';

/** What the first chunk of a task says about the whole file; later chunks must agree. */
export interface TaskMeta {
  taskId: string;
  userUuid: string;
  organizationUuid: string;
  projectUuid: string | null;
  name: string;
  totalChunks: number;
  totalSize: number;
}

export const CHUNK_MAX_BYTES = 16 * 1024 * 1024;
export const TASK_TTL_MS = 24 * 3600_000;

/** Chunks of unfinished uploads, one folder per user and task, under `<DATA_DIR>/chunks`. */
export function chunkStore(root: string) {
  const dirOf = (userUuid: string, taskId: string) =>
    path.join(root, createHash('sha256').update(`${userUuid}:${taskId}`).digest('hex').slice(0, 40));

  async function readMeta(userUuid: string, taskId: string): Promise<TaskMeta | null> {
    try {
      return JSON.parse(await readFile(path.join(dirOf(userUuid, taskId), 'meta.json'), 'utf8')) as TaskMeta;
    } catch {
      return null;
    }
  }

  /** The task's meta, written by whichever chunk comes first; a chunk that disagrees is refused. */
  async function openTask(meta: TaskMeta): Promise<void> {
    const dir = dirOf(meta.userUuid, meta.taskId);
    await mkdir(dir, { recursive: true });
    try {
      await writeFile(path.join(dir, 'meta.json'), JSON.stringify(meta), { flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const existing = await readMeta(meta.userUuid, meta.taskId);
      const same = existing && (['name', 'totalChunks', 'totalSize', 'projectUuid'] as const).every((k) => existing[k] === meta[k]);
      if (!same) throw badRequest('分片信息与上传任务不一致，请重新上传');
    }
  }

  /** Streams one chunk to disk; it only counts once it is complete. */
  async function saveChunk(meta: TaskMeta, index: number, source: Readable): Promise<number> {
    const dir = dirOf(meta.userUuid, meta.taskId);
    const partial = path.join(dir, `${index}.${randomUUID()}.part`);
    let size = 0;
    const limit = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        if (size > CHUNK_MAX_BYTES || size > meta.totalSize) {
          done(new AppError(413, ErrorCode.payloadTooLarge, '分片大小超过限制'));
          return;
        }
        done(null, chunk);
      },
    });
    try {
      await pipeline(source, limit, createWriteStream(partial));
      await rename(partial, path.join(dir, String(index)));
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    return size;
  }

  async function receivedChunks(userUuid: string, taskId: string): Promise<number[]> {
    try {
      const names = await readdir(dirOf(userUuid, taskId));
      return names.filter((name) => /^\d+$/.test(name)).map(Number).sort((a, b) => a - b);
    } catch {
      return [];
    }
  }

  /** All chunks in order as one stream. */
  function joined(meta: TaskMeta): Readable {
    const dir = dirOf(meta.userUuid, meta.taskId);
    return Readable.from(
      (async function* () {
        for (let index = 0; index < meta.totalChunks; index += 1) yield* createReadStream(path.join(dir, String(index)));
      })(),
    );
  }

  const removeTask = (userUuid: string, taskId: string) => rm(dirOf(userUuid, taskId), { recursive: true, force: true });

  /** Removes tasks untouched for 24 hours. */
  async function sweep(now = Date.now()): Promise<number> {
    let removed = 0;
    for (const name of await readdir(root).catch(() => [] as string[])) {
      const dir = path.join(root, name);
      const info = await stat(dir).catch(() => null);
      if (info && now - info.mtimeMs > TASK_TTL_MS) {
        await rm(dir, { recursive: true, force: true });
        removed += 1;
      }
    }
    return removed;
  }

  /** Removes the unfinished uploads a user began in an organization (on leaving it). */
  async function removeTasksOf(userUuid: string, organizationUuid: string): Promise<void> {
    for (const name of await readdir(root).catch(() => [] as string[])) {
      const meta = await readFile(path.join(root, name, 'meta.json'), 'utf8').then((text) => JSON.parse(text) as TaskMeta, () => null);
      if (meta?.userUuid === userUuid && meta.organizationUuid === organizationUuid) await removeTask(userUuid, meta.taskId);
    }
  }

  return { readMeta, openTask, saveChunk, receivedChunks, joined, removeTask, removeTasksOf, sweep };
}
