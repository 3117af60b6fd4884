import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/** s3rver's built-in account. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface ObjectStore {
  /** The settings of a server that keeps its files in this store's bucket. */
  env: Record<string, string>;
  client: S3Client;
  bucket: string;
  /** Every key in the bucket. */
  keys(): Promise<string[]>;
  /** Stops answering, as an object store that went down (a second call does nothing). */
  stop(): Promise<void>;
  /** Stops and removes its folder. */
  dispose(): Promise<void>;
}

/** An S3-compatible store (s3rver) on a free port over a temporary folder, with one empty bucket. */
export async function startObjectStore(bucket = 'report-files'): Promise<ObjectStore> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 's3rver-test-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: CREDENTIALS });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  let running = true;
  const stop = async () => {
    if (!running) return;
    running = false;
    client.destroy();
    await server.close();
  };
  return {
    env: { STORAGE: 's3', S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId, S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey },
    client,
    bucket,
    async keys() {
      const page = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (page.Contents ?? []).map((object) => object.Key!);
    },
    stop,
    async dispose() {
      await stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
