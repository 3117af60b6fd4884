import { PassThrough, pipeline, type Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { ConfigError, type S3Config } from '../../config';
import { AppError, ErrorCode } from '../errors';
import type { Storage } from './index';
import { checkedKey, STORAGE_KEY } from './keys';
import { checkedSha256, measuringStream } from './measure';

/** What a request answers when the object store cannot be reached or fails; the cause goes to the log. */
export function storageUnavailable(cause: unknown): AppError {
  return Object.assign(new AppError(503, ErrorCode.unavailable, '文件存储暂时无法访问，请稍后重试'), { cause });
}

const statusOf = (error: unknown) => (error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined);
const isNotFound = (error: unknown) => statusOf(error) === 404;

export function s3Client(config: S3Config): S3Client {
  return new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // An unreachable store answers within seconds rather than holding the request.
    requestHandler: { connectionTimeout: 5000, requestTimeout: 60_000 },
    maxAttempts: 2,
  });
}

/** At start: the bucket exists and the credentials reach it, else the server does not start. */
export async function checkBucket(client: S3Client, config: S3Config): Promise<void> {
  try {
    await client.send(new HeadBucketCommand({ Bucket: config.bucket }));
  } catch (error) {
    const status = statusOf(error);
    if (status === 404) throw new ConfigError('S3_BUCKET', `指定的存储桶 "${config.bucket}" 不存在（bucket not found）`);
    if (status === 401 || status === 403) {
      throw new ConfigError('S3_ACCESS_KEY_ID', `或 S3_SECRET_ACCESS_KEY 不正确，无权访问存储桶 "${config.bucket}"（access denied）`);
    }
    const reason = error instanceof Error ? error.message : String(error);
    throw new ConfigError('S3_ENDPOINT', `无法连接对象存储 ${config.endpoint ?? `AWS S3 (${config.region})`}（${reason}）`);
  }
}

async function unavailableOnFailure<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw storageUnavailable(error);
  }
}

/** Objects in an S3-compatible bucket, under the same keys as on disk. */
export function s3Storage(client: S3Client, bucket: string): Storage {
  const deleteQuietly = (key: string) => client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key })).catch(() => undefined);

  return {
    async put(key, source, known) {
      checkedKey(key);
      const measure = measuringStream();
      // The source's own error (a refused upload) reaches `measure`, which ends the upload with it.
      const body = pipeline(source, measure.stream, () => undefined);
      const metadata = known ? { sha256: known.sha256 } : undefined;
      const upload = new Upload({ client, params: { Bucket: bucket, Key: key, Body: body, Metadata: metadata }, queueSize: 2 });
      try {
        await upload.done();
      } catch (error) {
        const refused = source.errored ?? body.errored;
        if (!refused) body.destroy();
        // Nothing stays: an unfinished multipart upload is aborted by Upload, a finished one deleted.
        await upload.abort().catch(() => undefined);
        await deleteQuietly(key);
        throw refused ?? storageUnavailable(error);
      }
      try {
        return checkedSha256(key, measure.result(), known);
      } catch (error) {
        await deleteQuietly(key);
        throw error;
      }
    },

    get(key, range) {
      const output = new PassThrough();
      const stop = new AbortController();
      output.once('close', () => stop.abort());
      const request = new GetObjectCommand({ Bucket: bucket, Key: checkedKey(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined });
      client.send(request, { abortSignal: stop.signal }).then(
        (answer) => pipeline(answer.Body as Readable, output, () => undefined),
        (error) => output.destroy(isNotFound(error) ? new Error(`stored object ${key} is missing`, { cause: error }) : storageUnavailable(error)),
      );
      return output;
    },

    async size(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: checkedKey(key) }));
        return head.ContentLength ?? 0;
      } catch (error) {
        if (isNotFound(error)) return null;
        throw storageUnavailable(error);
      }
    },

    async delete(key) {
      await unavailableOnFailure(() => client.send(new DeleteObjectCommand({ Bucket: bucket, Key: checkedKey(key) })));
    },

    async staleKeys(before) {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await unavailableOnFailure(() => client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token })));
        for (const object of page.Contents ?? []) {
          if (object.Key && STORAGE_KEY.test(object.Key) && object.LastModified && object.LastModified.getTime() < before) keys.push(object.Key);
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      await abortStaleUploads(client, bucket, before);
      return keys;
    },

    close: () => client.destroy(),
  };
}

/** Multipart uploads a killed process never finished or aborted: their parts cost space until aborted. */
async function abortStaleUploads(client: S3Client, bucket: string, before: number): Promise<void> {
  let keyMarker: string | undefined;
  let uploadIdMarker: string | undefined;
  do {
    let page;
    try {
      page = await client.send(new ListMultipartUploadsCommand({ Bucket: bucket, KeyMarker: keyMarker, UploadIdMarker: uploadIdMarker }));
    } catch (error) {
      // Some S3-compatible stores (s3rver) do not list uploads; they keep no parts to sweep either.
      if (error instanceof S3ServiceException && error.name === 'NotImplemented') return;
      throw storageUnavailable(error);
    }
    for (const upload of page.Uploads ?? []) {
      if (!upload.Key || !upload.UploadId || !upload.Initiated || upload.Initiated.getTime() >= before) continue;
      await unavailableOnFailure(() => client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: upload.Key, UploadId: upload.UploadId })));
    }
    keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
    uploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
  } while (keyMarker);
}
