import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { SignatureV4 } from '@smithy/signature-v4';
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

/** The signer's data: a string or bytes. */
type SourceData = string | ArrayBuffer | ArrayBufferView;
const bytesOf = (data: SourceData) => (typeof data === 'string' ? data : ArrayBuffer.isView(data) ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength) : new Uint8Array(data));

/** SHA-256 and HMAC-SHA-256 from node:crypto, in the shape the signer takes. */
class NodeSha256 {
  private readonly hash: Hash | Hmac;
  constructor(secret?: SourceData) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', bytesOf(secret));
  }
  update(data: SourceData): void {
    this.hash.update(bytesOf(data));
  }
  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.hash.digest());
  }
}

const SIGNED = /Credential=[^/]+\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]+)/;

/**
 * Whether a request carries the SigV4 signature that CREDENTIALS' secret makes: s3rver checks the
 * key id but not version 4 signatures, so this front does, as AWS S3 and MinIO do.
 */
async function signedWithSecret(request: http.IncomingMessage): Promise<boolean> {
  const [, , region, signedHeaders, signature] = SIGNED.exec(request.headers.authorization ?? '') ?? [];
  if (!signature) return true;
  const url = new URL(request.url!, `http://${request.headers.host}`);
  const headers = Object.fromEntries(signedHeaders.split(';').map((name) => [name, String(request.headers[name] ?? '')]));
  const amzDate = headers['x-amz-date'];
  const signingDate = new Date(`${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13)}`);
  const signer = new SignatureV4({ credentials: CREDENTIALS, region, service: 's3', sha256: NodeSha256, uriEscapePath: false, applyChecksum: false });
  const signed = await signer.sign(
    { method: request.method!, protocol: 'http:', hostname: url.hostname, port: Number(url.port), path: url.pathname, query: Object.fromEntries(url.searchParams), headers },
    { signingDate },
  );
  return String(signed.headers.authorization).endsWith(`Signature=${signature}`);
}

/** Answers a request signed with another secret as S3 does, and hands every other one to s3rver. */
async function checkingSignatures(s3rverPort: number): Promise<http.Server> {
  const front = http.createServer(async (request, response) => {
    // A server process killed mid-request (the two-process test kills them) must not take this
    // test process with it: every stream's error is settled here, and the upstream request ends too.
    request.on('error', () => undefined);
    response.on('error', () => undefined);
    const signed = await signedWithSecret(request).catch(() => false);
    if (!signed) {
      request.resume();
      response.writeHead(403, { 'Content-Type': 'application/xml' });
      response.end('<?xml version="1.0" encoding="UTF-8"?><Error><Code>SignatureDoesNotMatch</Code><Message>The request signature we calculated does not match the signature you provided.</Message></Error>');
      return;
    }
    const onward = http.request({ host: '127.0.0.1', port: s3rverPort, method: request.method, path: request.url, headers: request.headers }, (answer) => {
      answer.on('error', () => response.destroy());
      response.writeHead(answer.statusCode!, answer.headers);
      answer.pipe(response);
    });
    onward.on('error', () => response.destroy());
    request.on('close', () => request.complete || onward.destroy());
    request.pipe(onward);
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  return front;
}

/** An S3-compatible store (s3rver behind a SigV4 check) on a free port over a temporary folder, with one empty bucket. */
export async function startObjectStore(bucket = 'report-files'): Promise<ObjectStore> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 's3rver-test-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true });
  const front = await checkingSignatures((await server.run()).port);
  const endpoint = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: CREDENTIALS });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  let running = true;
  const stop = async () => {
    if (!running) return;
    running = false;
    client.destroy();
    front.closeAllConnections();
    await new Promise((resolve) => front.close(resolve));
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
