import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
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

/** The app sends 2 MB chunks; the margin is for other clients' rounding. */
export const CHUNK_MAX_BYTES = 2 * 1024 * 1024 + 64 * 1024;
export const TASK_TTL_MS = 24 * 3600_000;
/** What one user's unfinished uploads may hold at once. */
export const USER_OPEN_TASKS = 20;
export const USER_OPEN_BYTES = 1024 * 1024 * 1024;

const tooMany = (message: string) => new AppError(429, ErrorCode.tooManyRequests, message);
const tooLarge = (message: string) => new AppError(413, ErrorCode.payloadTooLarge, message);
const digest = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 40);

/** Chunks of unfinished uploads, one folder per user and in it one per task, under `<DATA_DIR>/chunks`. */
export function chunkStore(root: string) {
  const userDir = (userUuid: string) => path.join(root, digest(userUuid));
  const dirOf = (userUuid: string, taskId: string) => path.join(userDir(userUuid), digest(`${userUuid}:${taskId}`));
  // One user's chunk writes take turns, so the checks of their totals see every finished write.
  const turns = new Map<string, Promise<unknown>>();
  function inTurn<T>(userUuid: string, work: () => Promise<T>): Promise<T> {
    const result = (turns.get(userUuid) ?? Promise.resolve()).then(work, work);
    const settled = result.catch(() => undefined);
    turns.set(userUuid, settled);
    void settled.then(() => turns.get(userUuid) === settled && turns.delete(userUuid));
    return result;
  }

  const sizesIn = async (dir: string, skip?: string) => {
    let total = 0;
    for (const name of await readdir(dir).catch(() => [] as string[])) {
      if (name !== skip && /^\d+$/.test(name)) total += (await stat(path.join(dir, name)).catch(() => null))?.size ?? 0;
    }
    return total;
  };

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
    const existing = await readMeta(meta.userUuid, meta.taskId);
    if (existing) {
      const keys = ['name', 'totalChunks', 'totalSize', 'organizationUuid', 'projectUuid'] as const;
      if (!keys.every((k) => existing[k] === meta[k])) throw badRequest('分片信息与上传任务不一致，请重新上传');
      return;
    }
    const open = await readdir(userDir(meta.userUuid)).catch(() => [] as string[]);
    if (open.length >= USER_OPEN_TASKS) throw tooMany(`未完成的上传任务过多（最多 ${USER_OPEN_TASKS} 个），请先完成或稍后再试`);
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'meta.json'), JSON.stringify(meta));
  }

  /**
   * Streams one chunk to disk; it only counts once it is complete. A chunk may not pass the
   * chunk size, the task's declared size less its other chunks, nor the user's open bytes.
   */
  async function saveChunk(meta: TaskMeta, index: number, source: Readable): Promise<number> {
    const dir = dirOf(meta.userUuid, meta.taskId);
    const partial = path.join(dir, `${index}.${randomUUID()}.part`);
    const taskRoom = meta.totalSize - (await sizesIn(dir, String(index)));
    let userRoom = USER_OPEN_BYTES;
    for (const task of await readdir(userDir(meta.userUuid)).catch(() => [] as string[])) {
      userRoom -= await sizesIn(path.join(userDir(meta.userUuid), task), task === path.basename(dir) ? String(index) : undefined);
    }
    let size = 0;
    const limit = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        if (size > CHUNK_MAX_BYTES || size > taskRoom) done(tooLarge('分片大小超过限制'));
        else if (size > userRoom) done(tooLarge('未完成的上传占用空间过多，请先完成或稍后再试'));
        else done(null, chunk);
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

  /** Opens the task if new and saves the chunk, after the user's other chunk writes. */
  const addChunk = (meta: TaskMeta, index: number, source: Readable) =>
    inTurn(meta.userUuid, async () => {
      await openTask(meta);
      return saveChunk(meta, index, source);
    });

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

  /** Removes tasks untouched for 24 hours, and user folders left empty. */
  async function sweep(now = Date.now()): Promise<number> {
    let removed = 0;
    for (const user of await readdir(root).catch(() => [] as string[])) {
      const tasks = await readdir(path.join(root, user)).catch(() => [] as string[]);
      for (const task of tasks) {
        const dir = path.join(root, user, task);
        const info = await stat(dir).catch(() => null);
        if (info && now - info.mtimeMs > TASK_TTL_MS) {
          await rm(dir, { recursive: true, force: true });
          removed += 1;
        }
      }
      // Fails harmlessly when a chunk has just opened a task there.
      await rmdir(path.join(root, user)).catch(() => undefined);
    }
    return removed;
  }

  /** Removes the unfinished uploads a user began in an organization (on leaving it). */
  async function removeTasksOf(userUuid: string, organizationUuid: string): Promise<void> {
    const dir = userDir(userUuid);
    for (const task of await readdir(dir).catch(() => [] as string[])) {
      const meta = await readFile(path.join(dir, task, 'meta.json'), 'utf8').then((text) => JSON.parse(text) as TaskMeta, () => null);
      if (meta?.organizationUuid === organizationUuid) await removeTask(userUuid, meta.taskId);
    }
  }

  return { readMeta, addChunk, receivedChunks, joined, removeTask, removeTasksOf, sweep };
}
