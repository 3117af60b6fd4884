import axios, { type AxiosError, type AxiosProgressEvent } from 'axios';
import { api } from '../api/client';
import { inParallel } from '../lib/in-parallel';
import type { UploadedFile } from './files';

/**
 * The chunked (bulk) upload protocol of server/modules/uploads/chunked-routes.ts:
 * GET  index/?task_id=   the chunks the server has (resume)
 * POST index/            one chunk: task_id, chunk, chunks, size, name, [project_uuid], file
 * POST success/          {task_id, id, name, sha256}: join them into the file
 */

interface ChunkedOptions {
  /** The widget's id of the file, echoed by the server. */
  id: string;
  chunkBytes: number;
  /** Chunks in flight at once for this file. */
  parallel: number;
  projectUuid?: string;
  /** Passes over the missing chunks; each chunk is tried at most this often. */
  tries?: number;
  /** The wait before the second pass; doubled before each later one. */
  retryDelayMs?: number;
  signal?: AbortSignal;
  /** Bytes of the file the server has, including chunks on their way. */
  onProgress?: (bytes: number) => void;
  /** Defaults to a random UUID. */
  taskId?: string;
}

/** success/'s answer: the joined file (the server documents no answer schema for it). */
type ChunkedAnswer = UploadedFile & { tmp_file_name: string; task_id: string; upload_id: string | number | null };

/** Why a chunked upload failed: the HTTP status, or axios' error code when no answer came. */
export class ChunkedUploadError extends Error {
  constructor(readonly code: string | number) {
    super(`chunked upload failed: ${code}`);
    this.name = 'ChunkedUploadError';
  }
}

/** A random task id; crypto.randomUUID needs a secure context, getRandomValues does not. */
export function newTaskId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** SHA-256 of the file in hex, or undefined where Web Crypto is missing (insecure origins). */
async function sha256Hex(file: Blob): Promise<string | undefined> {
  if (!crypto.subtle) return undefined;
  // A Uint8Array view: some environments hand out ArrayBuffers of another realm.
  const digest = await crypto.subtle.digest('SHA-256', new Uint8Array(await file.arrayBuffer()));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A failure worth another pass: no answer at all, or a server-side or throttling status. */
function isRetryable(error: unknown): boolean {
  if (axios.isCancel(error)) return false;
  const status = (error as AxiosError | undefined)?.response?.status;
  if (status === undefined) return axios.isAxiosError(error);
  return status >= 500 || status === 408 || status === 429;
}

function failure(error: unknown): unknown {
  if (axios.isCancel(error) || error instanceof ChunkedUploadError) return error;
  const axiosError = error as AxiosError | undefined;
  return new ChunkedUploadError(axiosError?.response?.status ?? axiosError?.code ?? 'ERROR');
}

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(new axios.CanceledError());
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new axios.CanceledError());
      },
      { once: true },
    );
  });

/**
 * Uploads one file in chunks. Each pass asks the server which chunks it has and sends the
 * rest; a pass that lost chunks to a dropped connection or a server error is followed by
 * another after a short backoff, so a chunk is tried at most `tries` times and nothing the
 * server already has is sent again. Requests of all but the last pass are silent; the last
 * one's failure goes through the error catalogue, as does a client error (4xx), which ends
 * the retries at once by making the next pass the last.
 */
export async function uploadInChunks(file: File, options: ChunkedOptions): Promise<ChunkedAnswer> {
  const { chunkBytes, parallel, projectUuid, signal, onProgress } = options;
  const tries = Math.max(1, options.tries ?? 3);
  const retryDelayMs = options.retryDelayMs ?? 500;
  const taskId = options.taskId ?? newTaskId();
  const chunks = chunkCount(file.size, chunkBytes);
  const digest = sha256Hex(file);
  digest.catch(() => undefined);

  const lengthOf = (chunk: number) => Math.max(0, Math.min(chunkBytes, file.size - chunk * chunkBytes));
  const loaded = new Map<number, number>();
  const report = () => onProgress?.([...loaded.values()].reduce((sum, bytes) => sum + bytes, 0));

  const sendChunk = async (chunk: number, silent: boolean) => {
    const body = new FormData();
    body.append('task_id', taskId);
    body.append('chunk', String(chunk));
    body.append('chunks', String(chunks));
    body.append('size', String(file.size));
    body.append('name', file.name);
    if (projectUuid) body.append('project_uuid', projectUuid);
    body.append('file', file.slice(chunk * chunkBytes, chunk * chunkBytes + lengthOf(chunk)), file.name);
    try {
      await api.call('postUploaderIndex', {
        body: body as never,
        options: {
          silent,
          signal,
          onUploadProgress: (event: AxiosProgressEvent) => {
            const total = event.total ?? 0;
            // The body carries the fields too: count the chunk's share of what went out.
            loaded.set(chunk, total > 0 ? Math.floor((event.loaded / total) * lengthOf(chunk)) : 0);
            report();
          },
        },
      });
      loaded.set(chunk, lengthOf(chunk));
      report();
    } catch (error) {
      loaded.delete(chunk);
      report();
      throw error;
    }
  };

  try {
    for (let pass = 0; pass < tries; pass++) {
      const last = pass === tries - 1;
      if (pass > 0) await wait(retryDelayMs * 2 ** (pass - 1), signal);
      let received: number[];
      try {
        const answer = await api.call('getUploaderIndex', { query: { task_id: taskId }, options: { silent: !last, signal } });
        received = answer.chunks ?? [];
      } catch (error) {
        if (last || axios.isCancel(error)) throw error;
        if (!isRetryable(error)) pass = tries - 2;
        continue;
      }
      loaded.clear();
      received.forEach((chunk) => loaded.set(chunk, lengthOf(chunk)));
      report();
      // Past a retryable failure the pass goes on (the next pass resumes it); any other stops it.
      const failures = await inParallel(missingChunks(chunks, received), parallel, (chunk) => sendChunk(chunk, !last), (error) => !isRetryable(error));
      if (failures.length === 0) break;
      if (last || failures.some((error) => axios.isCancel(error))) throw failures[0];
      // A client error will not mend itself: one last, reported, pass.
      if (failures.some((error) => !isRetryable(error))) pass = tries - 2;
    }
    const body = { task_id: taskId, id: options.id, name: file.name, sha256: await digest };
    return (await api.call('postUploaderSuccess', { body, options: { signal } })) as ChunkedAnswer;
  } catch (error) {
    throw failure(error);
  }
}

/** How many chunks a file of `size` bytes makes (an empty file is still one chunk). */
export function chunkCount(size: number, chunkBytes: number): number {
  return Math.max(1, Math.ceil(size / chunkBytes));
}

/** The chunk numbers (0-based) of `total` not in `received`, in order. */
export function missingChunks(total: number, received: readonly number[]): number[] {
  const have = new Set(received);
  return Array.from({ length: total }, (_, i) => i).filter((i) => !have.has(i));
}
