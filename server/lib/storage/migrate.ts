import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline, Transform, Writable } from 'node:stream';
import { pipeline as streamed } from 'node:stream/promises';
import { HeadObjectCommand, S3ServiceException, type S3Client } from '@aws-sdk/client-s3';
import type { Storage } from './index';
import { STORAGE_KEY } from './keys';
import { measuringStream } from './measure';

export interface DiskObject {
  key: string;
  file: string;
  size: number;
}

export interface MigrationProgress {
  objects: number;
  bytes: number;
  totalObjects: number;
  totalBytes: number;
}

export interface MigrationSummary extends MigrationProgress {
  copied: number;
  skipped: number;
  failed: Array<{ key: string; reason: string }>;
  /** Stopped by the signal before every object was looked at; a new run goes on from there. */
  interrupted: boolean;
}

export interface MigrationOptions {
  /** The disk store's folder (`DATA_DIR/files`). */
  from: string;
  /** The bucket's storage (s3Storage), and its client and name for the objects' metadata. */
  target: Storage;
  client: S3Client;
  bucket: string;
  /** SHA-256 of the keys the files table names, so those files need not be read twice. */
  knownSha256?: ReadonlyMap<string, string>;
  onProgress?: (progress: MigrationProgress) => void;
  /** Called after each object is copied and verified. */
  onCopied?: (key: string) => void;
  /** Stops the run between objects (Ctrl-C); what is copied stays. */
  signal?: AbortSignal;
  /** Objects copied at the same time (default 4). */
  concurrency?: number;
}

/** Every object of a disk store, in key order; unfinished writes (`.part`) and foreign files are not objects. */
export async function diskObjects(root: string): Promise<DiskObject[]> {
  const names = await readdir(root, { recursive: true });
  const objects: DiskObject[] = [];
  for (const name of names) {
    const key = name.split(path.sep).join('/');
    if (!STORAGE_KEY.test(key)) continue;
    const file = path.join(root, name);
    const info = await stat(file);
    if (info.isFile()) objects.push({ key, file, size: info.size });
  }
  return objects.sort((a, b) => (a.key < b.key ? -1 : 1));
}

/** Size and SHA-256 of a stream's bytes, read to the end. */
async function measure(source: NodeJS.ReadableStream): Promise<{ size: number; sha256: string }> {
  const counter = measuringStream();
  await streamed(source, counter.stream, new Writable({ write: (_chunk, _encoding, done) => done() }));
  return counter.result();
}

/** The bucket's object at the key: its size and the SHA-256 put with it, or null when there is none. */
async function headObject(client: S3Client, bucket: string, key: string): Promise<{ size: number; sha256?: string } | null> {
  try {
    const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    return { size: head.ContentLength ?? 0, sha256: head.Metadata?.sha256 };
  } catch (error) {
    if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return null;
    throw error;
  }
}

/** The error's message with its causes' (the storage's 503 says only that the store failed). */
export function describeFailure(error: unknown): string {
  const parts: string[] = [];
  for (let at: unknown = error; at && parts.length < 4; at = (at as { cause?: unknown }).cause) {
    parts.push(at instanceof Error ? at.message || at.name : String(at));
  }
  return parts.join(': ');
}

/**
 * Copies every object of a disk store into the bucket under the same key. An object already
 * there with the same size and SHA-256 is skipped (its metadata `sha256`, or its bytes read back
 * when it has none); each copy is read back and compared. A failure is counted with its key and
 * the others go on; a new run copies what is missing or different.
 */
export async function migrateToBucket(options: MigrationOptions): Promise<MigrationSummary> {
  const { target, client, bucket, knownSha256, signal } = options;
  const objects = await diskObjects(options.from);
  const summary: MigrationSummary = {
    objects: 0,
    bytes: 0,
    totalObjects: objects.length,
    totalBytes: objects.reduce((sum, object) => sum + object.size, 0),
    copied: 0,
    skipped: 0,
    failed: [],
    interrupted: false,
  };
  const report = () => options.onProgress?.({ objects: summary.objects, bytes: summary.bytes, totalObjects: summary.totalObjects, totalBytes: summary.totalBytes });

  const alreadyThere = async (object: DiskObject, sha256: () => Promise<string>) => {
    const stored = await headObject(client, bucket, object.key);
    if (!stored || stored.size !== object.size) return false;
    const storedSha256 = stored.sha256 ?? (await measure(target.get(object.key))).sha256;
    return storedSha256 === (await sha256());
  };

  /** Copies the object unless the bucket has it; `copying` counts its bytes as they leave the disk. */
  const migrate = async (object: DiskObject, copying: (bytes: number) => void) => {
    let diskSha256 = knownSha256?.get(object.key);
    const sha256 = async () => (diskSha256 ??= (await measure(createReadStream(object.file))).sha256);
    if (await alreadyThere(object, sha256)) return 'skipped';
    const expected = await sha256();
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        copying(chunk.length);
        done(null, chunk);
      },
    });
    // The known SHA-256 goes with the object; bytes on disk that differ from it fail the put.
    await target.put(object.key, pipeline(createReadStream(object.file), counter, () => undefined), { sha256: expected });
    const copy = await measure(target.get(object.key));
    if (copy.size !== object.size || copy.sha256 !== diskSha256) {
      // Left in place with the right metadata, a bad copy would be skipped by the next run.
      await target.delete(object.key).catch(() => undefined);
      throw new Error(`read back ${copy.size} bytes with SHA-256 ${copy.sha256}, expected ${object.size} bytes with ${diskSha256}`);
    }
    options.onCopied?.(object.key);
    return 'copied';
  };

  let next = 0;
  const worker = async () => {
    for (let at = next++; at < objects.length; at = next++) {
      if (signal?.aborted) {
        summary.interrupted = true;
        return;
      }
      const object = objects[at];
      let counted = 0;
      const copying = (bytes: number) => {
        counted += bytes;
        summary.bytes += bytes;
        report();
      };
      try {
        summary[await migrate(object, copying)]++;
      } catch (error) {
        summary.failed.push({ key: object.key, reason: describeFailure(error) });
      }
      summary.objects++;
      // A skipped or failed object's bytes are done too, whatever part of them was read.
      summary.bytes += object.size - counted;
      report();
    }
  };
  report();
  await Promise.all(Array.from({ length: options.concurrency ?? 4 }, worker));
  summary.failed.sort((a, b) => (a.key < b.key ? -1 : 1));
  return summary;
}
