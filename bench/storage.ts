import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../server/config';
import { localDiskStorage, newStorageKey, openStorage, type Storage } from '../server/lib/storage';
import { startObjectStore } from '../tests/support/object-store';
import { alignColumns, median } from './harness';

const MB = 1024 * 1024;
const FILE_MB = 40;
const RANGE_BYTES = 64 * 1024;
/** Upload and download rounds; each round measures fs, disk and s3 in turn, so drift hits all three. */
const ROUNDS = 3;
const RANGE_READS = 20;

/** Time the section may take: s3rver at no slower than 2 MB/s both ways, plus setup. */
export const storageBudgetMs = () => 2 * ROUNDS * 3 * (FILE_MB / 2) * 1000 + 60_000;

/** What the ratios divide by, and what each backend is measured through. */
interface Side {
  label: string;
  write(data: Buffer): Promise<void>;
  read(): Promise<void>;
  firstBytes(): Promise<Buffer>;
}

const slices = (data: Buffer) => Array.from({ length: Math.ceil(data.length / RANGE_BYTES) }, (_, i) => data.subarray(i * RANGE_BYTES, (i + 1) * RANGE_BYTES));
const discard = () => new Writable({ write: (_chunk, _encoding, done) => done() });

/** Baseline: plain fs streams over one file, the same 64 KB slices in. */
function fsSide(file: string): Side {
  return {
    label: 'fs streams (baseline)',
    async write(data) {
      await rm(file, { force: true });
      await pipeline(Readable.from(slices(data)), createWriteStream(file, { flags: 'wx' }));
    },
    read: () => pipeline(createReadStream(file), discard()),
    firstBytes: () => buffer(createReadStream(file, { start: 0, end: RANGE_BYTES - 1 })),
  };
}

/** Storage.put / get under one key, replaced on each write. */
function storageSide(label: string, storage: Storage): Side {
  let key = '';
  return {
    label,
    async write(data) {
      if (key) await storage.delete(key);
      key = newStorageKey();
      await storage.put(key, Readable.from(slices(data)));
    },
    read: () => pipeline(storage.get(key), discard()),
    firstBytes: () => buffer(storage.get(key, { start: 0, end: RANGE_BYTES - 1 })),
  };
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

const loadAverage = () => os.loadavg()[0].toFixed(1);

/**
 * Upload and download MB/s of a 40 MB PDF through Storage.put / get, and the time to its first
 * 64 KB by range, on disk and on s3rver (127.0.0.1), against fs streams in the same run.
 */
export async function storageBench(): Promise<string> {
  const data = randomBytes(FILE_MB * MB);
  data.write('%PDF-1.4\n', 0, 'latin1');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-storage-'));
  const store = await startObjectStore();
  const s3 = await openStorage(loadConfig({ ...store.env, DATA_DIR: dir }));
  const loadBefore = loadAverage();
  try {
    const sides = [fsSide(path.join(dir, 'baseline.pdf')), storageSide('disk Storage', localDiskStorage(path.join(dir, 'files'))), storageSide('s3rver Storage', s3)];
    const writes = sides.map(() => [] as number[]);
    const reads = sides.map(() => [] as number[]);
    const ranges = sides.map(() => [] as number[]);
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, side] of sides.entries()) writes[i].push(await timed(() => side.write(data)));
      for (const [i, side] of sides.entries()) reads[i].push(await timed(() => side.read()));
    }
    for (let read = 0; read < RANGE_READS; read++) {
      for (const [i, side] of sides.entries()) {
        ranges[i].push(
          await timed(async () => {
            const bytes = await side.firstBytes();
            if (!bytes.equals(data.subarray(0, RANGE_BYTES))) throw new Error(`${side.label}: the first 64 KB differ`);
          }),
        );
      }
    }

    const rate = (ms: number) => FILE_MB / (ms / 1000);
    const [writeBase, readBase, rangeBase] = [median(writes[0]), median(reads[0]), median(ranges[0])];
    const rows = sides.map((side, i) => {
      const [write, read, range] = [median(writes[i]), median(reads[i]), median(ranges[i])];
      return [
        side.label,
        rate(write).toFixed(1),
        (rate(write) / rate(writeBase)).toFixed(2),
        rate(read).toFixed(1),
        (rate(read) / rate(readBase)).toFixed(2),
        range.toFixed(2),
        (range / rangeBase).toFixed(2),
      ];
    });
    return [
      `Storage: a ${FILE_MB} MB PDF through Storage.put / get, and its first 64 KB by range  ` +
        `(median of ${ROUNDS} writes and reads, ${RANGE_READS} range reads, each side in turn; s3rver on 127.0.0.1 in the same process)`,
      alignColumns([['storage', 'upload MB/s', 'ratio', 'download MB/s', 'ratio', 'first 64 KB (ms)', 'ratio'], ...rows]),
      `ratios: MB/s ÷ fs MB/s, range ms ÷ fs ms (fs streams are this run's baseline); ` +
        `load average (1 min) ${loadBefore} before, ${loadAverage()} after`,
    ].join('\n');
  } finally {
    s3.close?.();
    await store.dispose();
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) console.log(await storageBench());
