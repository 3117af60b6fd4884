/**
 * Copies the disk store (`DATA_DIR/files`, or `--from <folder>`) into the bucket of the S3_*
 * settings, keys unchanged, so the database needs no change; then STORAGE=s3 moves the server
 * onto the bucket. Run it again after an interruption or a failure: what is already in the
 * bucket, same size and SHA-256, is skipped.
 *
 *   STORAGE=s3 S3_BUCKET=… S3_ACCESS_KEY_ID=… S3_SECRET_ACCESS_KEY=… [S3_ENDPOINT=…] npm run storage:migrate [-- --from <folder>]
 *
 * With DATABASE_URL the SHA-256 of uploaded files is read from stored_files; other files are
 * hashed from the disk (a PGlite database is not opened: the server may be using it).
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { ConfigError, loadConfig } from '../server/config';
import { describeFailure, migrateToBucket, type MigrationProgress } from '../server/lib/storage/migrate';
import { checkBucket, s3Client, s3Storage } from '../server/lib/storage/s3';

const MB = 1024 * 1024;

/** storage_key → sha256 of every stored_files row. */
async function knownSha256(url: string): Promise<Map<string, string>> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    const { rows } = await client.query<{ storage_key: string; sha256: string }>('select storage_key, sha256 from stored_files');
    return new Map(rows.map((row) => [row.storage_key, row.sha256]));
  } finally {
    await client.end();
  }
}

/** One terminal line rewritten in place: a bar, objects and MB done of the total. */
function progressLine({ objects, bytes, totalObjects, totalBytes }: MigrationProgress): string {
  const share = totalBytes ? bytes / totalBytes : totalObjects ? objects / totalObjects : 1;
  const bar = '#'.repeat(Math.round(share * 30)).padEnd(30, '.');
  return `[${bar}] ${objects}/${totalObjects} 个对象  ${(bytes / MB).toFixed(1)}/${(totalBytes / MB).toFixed(1)} MB`;
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { from: { type: 'string' } } });
  const config = loadConfig();
  if (config.storage.kind !== 's3') {
    throw new ConfigError('STORAGE', '迁移时必须设为 s3，并设置目标存储桶的 S3_BUCKET、S3_ACCESS_KEY_ID、S3_SECRET_ACCESS_KEY（及 S3_ENDPOINT 等）');
  }
  const from = path.resolve(values.from ?? path.join(config.dataDir, 'files'));
  if (!(await stat(from).catch(() => null))?.isDirectory()) {
    throw new Error(`找不到磁盘存储的文件夹 ${from}（由 DATA_DIR 决定，或用 --from 指定）`);
  }
  const client = s3Client(config.storage);
  // A missing bucket or wrong credentials are named as the server names them at start.
  await checkBucket(client, config.storage);
  const target = s3Storage(client, config.storage.bucket);
  const known = process.env.DATABASE_URL ? await knownSha256(process.env.DATABASE_URL) : undefined;

  const stop = new AbortController();
  process.once('SIGINT', () => stop.abort());
  const terminal = process.stdout.isTTY;
  let drawnAt = 0;
  console.log(`从 ${from} 复制到存储桶 ${config.storage.bucket}${known ? `（${known.size} 个文件的 SHA-256 取自数据库）` : ''}`);
  try {
    const summary = await migrateToBucket({
      from,
      target,
      client,
      bucket: config.storage.bucket,
      knownSha256: known,
      signal: stop.signal,
      onProgress: (progress) => {
        // Every 64 KB read is a step: the line is redrawn five times a second, and at the end.
        const done = progress.objects === progress.totalObjects;
        if (!terminal || (!done && performance.now() - drawnAt < 200)) return;
        drawnAt = performance.now();
        process.stdout.write(`\r${progressLine(progress)}`);
      },
    });
    if (terminal) process.stdout.write('\n');
    for (const { key, reason } of summary.failed) console.error(`失败 ${key}：${reason}`);
    console.log(`复制 ${summary.copied}，跳过（已在存储桶中）${summary.skipped}，失败 ${summary.failed.length}，共 ${summary.totalObjects} 个对象`);
    if (summary.interrupted) {
      console.log('已中断：已复制的对象保留在存储桶中，再次运行本命令会跳过它们继续复制。');
      return 130;
    }
    if (summary.failed.length > 0) {
      console.log('有对象未能复制：排除上述原因后再次运行本命令，已复制的对象会被跳过。');
      return 1;
    }
    console.log('全部对象已在存储桶中。请在服务器的配置中设置 STORAGE=s3 及上述 S3_* 设置，然后重启服务器。');
    console.log('迁移期间服务器写入磁盘的新文件：停止服务器后再运行一次本命令，再切换。');
    return 0;
  } finally {
    client.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : `迁移失败：${describeFailure(error)}`);
    process.exit(1);
  },
);
