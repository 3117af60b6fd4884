import { pipeline, Readable, Transform } from 'node:stream';
import type { Db } from '../../db/client';
import { AppError, badRequest, ErrorCode } from '../../lib/errors';
import { newStorageKey, type Storage } from '../../lib/storage';
import {
  bytesBeside,
  chunksOf,
  claimTask,
  countTasks,
  deleteClaimedTask,
  deleteTasks,
  findTask,
  inUserTurn,
  insertTask,
  recordChunk,
  releaseClaim,
  tasksInOrganization,
  tasksOfUser,
  tasksUntouchedSince,
  type ChunkRow,
  type TaskRow,
} from './chunk-tasks';

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
export type { TaskRow };

/** The app sends 2 MB chunks; the margin is for other clients' rounding. */
export const CHUNK_MAX_BYTES = 2 * 1024 * 1024 + 64 * 1024;
export const TASK_TTL_MS = 24 * 3600_000;
/** What one user's unfinished uploads may hold at once. */
export const USER_OPEN_TASKS = 20;
export const USER_OPEN_BYTES = 1024 * 1024 * 1024;
/** A `success/` still joining after this long is taken for dead (its process was killed): another may take over. */
export const COMPLETION_CLAIM_MS = 10 * 60_000;

const tooMany = (message: string) => new AppError(429, ErrorCode.tooManyRequests, message);
const tooLarge = (message: string) => new AppError(413, ErrorCode.payloadTooLarge, message);
const completing = () => new AppError(409, ErrorCode.conflict, '上传任务正在合并，请稍后再试');
const gone = () => badRequest('上传任务不存在或已过期，请重新上传');
const AGREEING = ['name', 'totalChunks', 'totalSize', 'organizationUuid', 'projectUuid'] as const;

/** Why a chunk of `size` bytes does not fit beside the task's and the user's other chunks, or null. */
function refusal(task: TaskRow, beside: { task: number; user: number }, size: number): AppError | null {
  if (size > CHUNK_MAX_BYTES || size > task.totalSize - beside.task) return tooLarge('分片大小超过限制');
  if (size > USER_OPEN_BYTES - beside.user) return tooLarge('未完成的上传占用空间过多，请先完成或稍后再试');
  return null;
}

/**
 * Chunks of unfinished uploads: the tasks and which chunks arrived are rows, each chunk's bytes
 * one stored object, so every server process sees the same tasks.
 */
export function chunkStore({ db, storage }: { db: Db; storage: Storage }) {
  const deleteObjects = async (keys: string[]) => {
    for (const key of keys) await storage.delete(key);
  };
  const readMeta = (userUuid: string, taskId: string) => findTask(db, userUuid, taskId);
  const receivedChunks = async (task: TaskRow) => (await chunksOf(db, task.id)).map((row) => row.chunk);

  /** The task, opened by whichever chunk comes first (a chunk that disagrees is refused), and the room beside this chunk. */
  const openTask = (meta: TaskMeta, index: number) =>
    inUserTurn(db, meta.userUuid, async (tx) => {
      let task = await findTask(tx, meta.userUuid, meta.taskId);
      if (task && !AGREEING.every((k) => task![k] === meta[k])) throw badRequest('分片信息与上传任务不一致，请重新上传');
      if (!task) {
        if ((await countTasks(tx, meta.userUuid)) >= USER_OPEN_TASKS) throw tooMany(`未完成的上传任务过多（最多 ${USER_OPEN_TASKS} 个），请先完成或稍后再试`);
        task = await insertTask(tx, meta);
      }
      return { task, beside: await bytesBeside(tx, task, index) };
    });

  /**
   * Streams one chunk into storage, refused as soon as it passes the room seen when it began;
   * it counts once recorded, in the user's turn and against the totals of that moment.
   */
  async function addChunk(meta: TaskMeta, index: number, source: Readable): Promise<number> {
    const { task, beside } = await openTask(meta, index);
    const key = newStorageKey();
    let size = 0;
    const limit = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        const refused = refusal(task, beside, size);
        if (refused) done(refused);
        else done(null, chunk);
      },
    });
    await storage.put(key, pipeline(source, limit, () => undefined));
    let replaced: string | null;
    try {
      replaced = await inUserTurn(db, meta.userUuid, async (tx) => {
        const current = await findTask(tx, meta.userUuid, meta.taskId, true);
        if (current?.id !== task.id) throw gone();
        if (current.completingSince) throw completing();
        const refused = refusal(current, await bytesBeside(tx, current, index), size);
        if (refused) throw refused;
        return recordChunk(tx, { taskId: task.id, chunk: index, size, storageKey: key });
      });
    } catch (error) {
      await storage.delete(key);
      throw error;
    }
    if (replaced) await storage.delete(replaced);
    return size;
  }

  const anyLost = async (chunks: ChunkRow[]) => {
    for (const chunk of chunks) if ((await storage.size(chunk.storageKey)) !== chunk.size) return true;
    return false;
  };

  /** The chunks' objects one after another, each opened when the one before has ended. */
  const joined = (chunks: ChunkRow[]): Readable =>
    Readable.from(
      (async function* () {
        for (const chunk of chunks) yield* storage.get(chunk.storageKey);
      })(),
    );

  /**
   * Joins the task's chunks through `record` (which stores and records the file, running
   * `withinRecord` in the transaction that writes its row) once, however many `success/` race:
   * the task's row goes in that transaction, its chunk objects after it. A refused file ends
   * the task; any other failure leaves it for another try.
   */
  async function complete<T>(task: TaskRow, record: (source: Readable, withinRecord: (tx: Db) => Promise<void>) => Promise<T>): Promise<T> {
    const claim = await claimTask(db, task.id, new Date(Date.now() - COMPLETION_CLAIM_MS));
    if (!claim) throw (await readMeta(task.userUuid, task.taskId)) ? completing() : gone();
    const chunks = await chunksOf(db, task.id);
    let result: T;
    try {
      result = await record(joined(chunks), async (tx) => {
        if (!(await deleteClaimedTask(tx, task.id, claim))) throw gone();
      });
    } catch (error) {
      if (error instanceof AppError) {
        await removeTask(task.userUuid, task.taskId, claim);
        throw error;
      }
      // A chunk object gone from storage: e.g. processes that do not share their storage.
      if (await anyLost(chunks)) {
        await removeTask(task.userUuid, task.taskId, claim);
        throw badRequest('上传的分片已丢失，请重新上传');
      }
      await releaseClaim(db, task.id, claim);
      // Its chunks were read while a `success/` that took over a claim it thought dead finished the task.
      if (!(await readMeta(task.userUuid, task.taskId))) throw gone();
      throw error;
    }
    await deleteObjects(chunks.map((chunk) => chunk.storageKey));
    return result;
  }

  /** Removes a task and its chunks, unless a `success/` other than the one holding `claim` is joining it. */
  async function removeTask(userUuid: string, taskId: string, claim: Date | null = null): Promise<void> {
    await deleteObjects((await deleteTasks(db, tasksOfUser(userUuid, taskId, claim))).keys);
  }

  /** Removes the unfinished uploads a user began in an organization (on leaving it). */
  async function removeTasksOf(userUuid: string, organizationUuid: string): Promise<void> {
    await deleteObjects((await deleteTasks(db, tasksInOrganization(userUuid, organizationUuid))).keys);
  }

  /** Removes tasks untouched for 24 hours with their chunks; answers how many. */
  async function sweep(now = Date.now()): Promise<number> {
    const { tasks, keys } = await deleteTasks(db, tasksUntouchedSince(new Date(now - TASK_TTL_MS)));
    await deleteObjects(keys);
    return tasks;
  }

  return { readMeta, addChunk, receivedChunks, complete, removeTask, removeTasksOf, sweep };
}
