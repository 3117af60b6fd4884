import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { seed } from '../server/db/seed';
import { alignColumns, positiveInteger, withPglite, withServer } from './harness';

const MB = 1024 * 1024;
/** Chunk size and chunks in flight of the web upload widget. */
const CHUNK_BYTES = 2 * MB;
const IN_FLIGHT = 3;
const NAME = '压测报告.pdf';

/** BENCH_UPLOAD_MB (default 200): size of the uploaded file in MB (1024 × 1024 bytes). */
export const readUploadMegabytes = (env: NodeJS.ProcessEnv) => positiveInteger(env, 'BENCH_UPLOAD_MB', 200);

interface Timing {
  ms: number;
  /** Part of `ms` spent in success/ (joining, checking and storing the chunks). */
  finishMs?: number;
}

const slices = (data: Buffer) =>
  Array.from({ length: Math.ceil(data.length / CHUNK_BYTES) }, (_, i) => data.subarray(i * CHUNK_BYTES, (i + 1) * CHUNK_BYTES));

/** Baseline: the same slices appended in order to a new file through a write stream, up to its close (no fsync). */
async function writeWithFs(data: Buffer, file: string): Promise<Timing> {
  const started = performance.now();
  await pipeline(Readable.from(slices(data)), createWriteStream(file, { flags: 'wx' }));
  return { ms: performance.now() - started };
}

async function expectOk(response: Response, what: string): Promise<unknown> {
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/** The chunks, IN_FLIGHT at a time as multipart requests, then success/ with the SHA-256. */
async function upload(origin: string, headers: Record<string, string>, data: Buffer<ArrayBuffer>): Promise<Timing> {
  const sha256 = createHash('sha256').update(data).digest('hex');
  const blob = new Blob([data], { type: 'application/pdf' });
  const taskId = `bench-${randomUUID()}`;
  const chunks = Math.ceil(data.length / CHUNK_BYTES);
  const stop = new AbortController();
  let next = 0;
  const sender = async () => {
    for (let index = next++; index < chunks; index = next++) {
      const form = new FormData();
      const fields = { task_id: taskId, chunk: index, chunks, size: data.length, name: NAME };
      for (const [field, value] of Object.entries(fields)) form.append(field, String(value));
      form.append('file', blob.slice(index * CHUNK_BYTES, (index + 1) * CHUNK_BYTES), NAME);
      const response = await fetch(`${origin}/api/uploader/v2/index/`, { method: 'POST', headers, body: form, signal: stop.signal });
      await expectOk(response, `chunk ${index}`);
    }
  };

  const guarded = () =>
    sender().catch((error: unknown) => {
      stop.abort(); // the other senders stop too
      throw error;
    });

  const started = performance.now();
  await Promise.all(Array.from({ length: IN_FLIGHT }, guarded));
  const joining = performance.now();
  const response = await fetch(`${origin}/api/uploader/v2/success/`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ task_id: taskId, sha256 }),
  });
  const { size } = (await expectOk(response, 'success/')) as { size?: number };
  const done = performance.now();
  if (size !== data.length) throw new Error(`success/ answered size ${size}, expected ${data.length}`);
  return { ms: done - started, finishMs: done - joining };
}

/** MB/s of a chunked upload through the HTTP server on PGlite, against writing the same bytes with fs. */
export async function chunkedUpload(megabytes: number): Promise<string> {
  const data = randomBytes(megabytes * MB);
  data.write('%PDF-1.4\n', 0, 'latin1');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-upload-'));
  try {
    const fs = await writeWithFs(data, path.join(dir, 'baseline.pdf'));
    await rm(path.join(dir, 'baseline.pdf'));
    const env = { DATA_DIR: path.join(dir, 'data'), CHUNKED_FILE_MAX_BYTES: String(Math.max(300 * MB, data.length)) };
    const http = await withPglite(async (database) => {
      await seed(database.db);
      return withServer(database, env, (origin, headers) => upload(origin, headers, data));
    });

    const rate = ({ ms }: Timing) => megabytes / (ms / 1000);
    const row = (label: string, timing: Timing) =>
      [label, (timing.ms / 1000).toFixed(2), rate(timing).toFixed(1), (rate(timing) / rate(fs)).toFixed(2)];
    return [
      `Chunked upload of a ${megabytes} MB PDF  ` +
        `(${CHUNK_BYTES / MB} MB chunks, ${IN_FLIGHT} in flight, fetch on 127.0.0.1 in the same process, PGlite)`,
      alignColumns([['write', 'seconds', 'MB/s', 'ratio'], row('fs write stream', fs), row('HTTP chunked upload', http)]),
      `ratio = upload MB/s / fs MB/s (fs is this run's baseline); ` +
        `success/ (join, check, store) took ${((http.finishMs ?? 0) / 1000).toFixed(2)} s of the upload`,
    ].join('\n');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
