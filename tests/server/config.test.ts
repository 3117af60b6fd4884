import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import { openStorage } from '../../server/lib/storage';
import { configFingerprint } from '../../server/modules/health/routes';
import { startObjectStore, type ObjectStore } from '../support/object-store';

const S3 = { STORAGE: 's3', S3_BUCKET: 'report-files', S3_ACCESS_KEY_ID: 'key-id', S3_SECRET_ACCESS_KEY: 'the-secret' };

describe('configuration', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 8000, timeZone: 'Asia/Shanghai', databaseUrl: undefined });
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config).toMatchObject({ connectionSecret: undefined, connectionAllowedHosts: undefined, trustProxy: false });
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 192.168.1.0/24, ::1' }).trustProxy).toEqual(['10.0.0.5', '192.168.1.0/24', '::1']);
    expect(loadConfig({ CONNECTION_SECRET: 'ab'.repeat(32), CONNECTION_ALLOWED_HOSTS: 'DB.example.com., 10.0.0.0/8,127.0.0.1:5432,[::1]:5432,fc00::/7,::1,localhost' })).toMatchObject({
      connectionSecret: Buffer.alloc(32, 0xab),
      connectionAllowedHosts: [
        { host: 'db.example.com' },
        { host: '10.0.0.0', bits: 8 },
        { host: '127.0.0.1', port: 5432 },
        { host: '::1', port: 5432 },
        { host: 'fc00::', bits: 7 },
        { host: '::1' },
        { host: 'localhost' },
      ],
    });
  });

  it('confines scripts by default, with limits a deployment can change', () => {
    expect(loadConfig({}).scriptSandbox).toEqual({ enabled: true, bwrapPath: '/usr/bin/bwrap', memoryMb: 1024, maxProcesses: 64, maxFileMb: 1024, maxOpenFiles: 1024, uidBase: 200_000 });
    const env = { SCRIPT_SANDBOX: 'off', SCRIPT_BWRAP_PATH: '/opt/bin/bwrap', SCRIPT_MEMORY_MB: '512', SCRIPT_MAX_PROCESSES: '16', SCRIPT_MAX_FILE_MB: '10', SCRIPT_MAX_OPEN_FILES: '64', SCRIPT_SANDBOX_UID_BASE: '300000' };
    expect(loadConfig(env).scriptSandbox).toEqual({ enabled: false, bwrapPath: '/opt/bin/bwrap', memoryMb: 512, maxProcesses: 16, maxFileMb: 10, maxOpenFiles: 64, uidBase: 300_000 });
  });

  it('bounds generation and workflows by default, and reads the bounds from the environment', () => {
    expect(loadConfig({})).toMatchObject({ generationLimits: { maxPendingPerProject: 200, maxPerUserMinute: 10 }, workflowMaxTasks: 1000 });
    expect(loadConfig({}).scriptVersionsKept).toBe(50);
    expect(loadConfig({ SCRIPT_VERSIONS_KEPT: '5' }).scriptVersionsKept).toBe(5);
    expect(() => loadConfig({ SCRIPT_VERSIONS_KEPT: '0' })).toThrow(/SCRIPT_VERSIONS_KEPT/);
    expect(loadConfig({ GENERATION_MAX_PENDING_PER_PROJECT: '50', GENERATION_MAX_PER_USER_MINUTE: '3', WORKFLOW_MAX_TASKS: '8000' })).toMatchObject({
      generationLimits: { maxPendingPerProject: 50, maxPerUserMinute: 3 },
      workflowMaxTasks: 8000,
    });
  });

  it('reads as many scanned pages by OCR, and as many queued reports (at most 4), at a time as the machine has cores (at most 16), or CONTENT_OCR_PARALLEL and CONTENT_EXTRACT_PARALLEL', () => {
    expect(loadConfig({}).contentOcrParallel).toBe(Math.min(os.availableParallelism(), 16));
    expect(loadConfig({ CONTENT_OCR_PARALLEL: '1' }).contentOcrParallel).toBe(1);
    expect(() => loadConfig({ CONTENT_OCR_PARALLEL: '0' })).toThrow('CONTENT_OCR_PARALLEL');
    expect(() => loadConfig({ CONTENT_OCR_PARALLEL: '17' })).toThrow('必须是 1 到 16 之间的整数，当前为 "17"');
    expect(loadConfig({}).contentExtractParallel).toBe(Math.min(os.availableParallelism(), 4));
    expect(loadConfig({ CONTENT_EXTRACT_PARALLEL: '3' }).contentExtractParallel).toBe(3);
    expect(() => loadConfig({ CONTENT_EXTRACT_PARALLEL: '0' })).toThrow('配置错误：环境变量 CONTENT_EXTRACT_PARALLEL 必须是 1 到 16 之间的整数');
  });

  it('hands a dead process\'s running job to another after 300 s by default, or after JOB_EXPIRE_SECONDS', () => {
    expect(loadConfig({}).jobExpireSeconds).toBe(300);
    expect(loadConfig({ JOB_EXPIRE_SECONDS: '30' }).jobExpireSeconds).toBe(30);
    expect(() => loadConfig({ JOB_EXPIRE_SECONDS: '0' })).toThrow('JOB_EXPIRE_SECONDS');
  });

  it('gives each process 10 PostgreSQL connections and no statement bound by default, or what DATABASE_POOL_SIZE and DATABASE_STATEMENT_TIMEOUT_MS say', () => {
    expect(loadConfig({})).toMatchObject({ databasePoolSize: 10, databaseStatementTimeoutMs: undefined });
    expect(loadConfig({ DATABASE_POOL_SIZE: '25', DATABASE_STATEMENT_TIMEOUT_MS: '30000' })).toMatchObject({ databasePoolSize: 25, databaseStatementTimeoutMs: 30000 });
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow('DATABASE_POOL_SIZE');
    expect(() => loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: 'soon' })).toThrow('DATABASE_STATEMENT_TIMEOUT_MS');
  });

  it('lets every signed-in user create up to 10 organizations by default; a deployment can keep it to staff or change the cap', () => {
    expect(loadConfig({}).organizationSelfService).toEqual({ enabled: true, maxOwnedPerUser: 10 });
    expect(loadConfig({ ORGANIZATION_SELF_SERVICE: 'off', ORGANIZATION_MAX_OWNED_PER_USER: '3' }).organizationSelfService).toEqual({ enabled: false, maxOwnedPerUser: 3 });
    expect(loadConfig({ ORGANIZATION_SELF_SERVICE: 'on' }).organizationSelfService.enabled).toBe(true);
  });

  it.each([
    ['PORT', { PORT: 'abc' }],
    ['PORT', { PORT: '70000' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://localhost/db' }],
    ['DATABASE_URL', { DATABASE_URL: 'not a url' }],
    ['TZ', { TZ: 'Mars/Olympus' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'loud' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'report.example.com' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'ftp://report.example.com' }],
    ['FRAME_ANCESTORS', { FRAME_ANCESTORS: "'self'; script-src *" }],
    ['FRAME_ANCESTORS', { FRAME_ANCESTORS: "'none' https://shell.example.com" }],
    ['CONNECTION_SECRET', { CONNECTION_SECRET: 'short' }],
    ['CONNECTION_ALLOWED_HOSTS', { CONNECTION_ALLOWED_HOSTS: 'db.example.com; rm -rf' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'proxy.example.com' }],
    ['TRUST_PROXY', { TRUST_PROXY: '10.0.0.0/33' }],
    ['CONNECTION_ALLOWED_HOSTS', { CONNECTION_ALLOWED_HOSTS: '10.0.0.0/33' }],
    ['CONNECTION_ALLOWED_HOSTS', { CONNECTION_ALLOWED_HOSTS: 'db.example.com:0' }],
    ['CONNECTION_ALLOWED_HOSTS', { CONNECTION_ALLOWED_HOSTS: 'db.example.com:70000' }],
    ['CONNECTION_ALLOWED_HOSTS', { CONNECTION_ALLOWED_HOSTS: '10.0.0.0/8:5432' }],
    ['SCRIPT_SANDBOX', { SCRIPT_SANDBOX: 'no' }],
    ['SCRIPT_BWRAP_PATH', { SCRIPT_BWRAP_PATH: 'bwrap' }],
    ['SCRIPT_MEMORY_MB', { SCRIPT_MEMORY_MB: '0' }],
    ['SCRIPT_MAX_PROCESSES', { SCRIPT_MAX_PROCESSES: 'many' }],
    ['SCRIPT_MAX_FILE_MB', { SCRIPT_MAX_FILE_MB: '-1' }],
    ['SCRIPT_MAX_OPEN_FILES', { SCRIPT_MAX_OPEN_FILES: '1.5' }],
    ['SCRIPT_SANDBOX_UID_BASE', { SCRIPT_SANDBOX_UID_BASE: '0' }],
    ['SCRIPT_SANDBOX_UID_BASE', { SCRIPT_SANDBOX_UID_BASE: '999' }],
    ['GENERATION_MAX_PENDING_PER_PROJECT', { GENERATION_MAX_PENDING_PER_PROJECT: '0' }],
    ['GENERATION_MAX_PER_USER_MINUTE', { GENERATION_MAX_PER_USER_MINUTE: 'ten' }],
    ['WORKFLOW_MAX_TASKS', { WORKFLOW_MAX_TASKS: '-5' }],
    ['ORGANIZATION_SELF_SERVICE', { ORGANIZATION_SELF_SERVICE: 'yes' }],
    ['ORGANIZATION_MAX_OWNED_PER_USER', { ORGANIZATION_MAX_OWNED_PER_USER: '0' }],
    ['STORAGE', { STORAGE: 'nfs' }],
    ['S3_BUCKET', { ...S3, S3_BUCKET: '' }],
    ['S3_BUCKET', { ...S3, S3_BUCKET: 'Reports/2024' }],
    ['S3_ACCESS_KEY_ID', { ...S3, S3_ACCESS_KEY_ID: '' }],
    ['S3_SECRET_ACCESS_KEY', { ...S3, S3_SECRET_ACCESS_KEY: ' ' }],
    ['S3_ENDPOINT', { ...S3, S3_ENDPOINT: 'minio.example.com:9000' }],
    ['S3_ENDPOINT', { ...S3, S3_ENDPOINT: 'https://user:pass@minio.example.com' }],
    ['S3_REGION', { ...S3, S3_REGION: 'us east' }],
    ['S3_FORCE_PATH_STYLE', { ...S3, S3_FORCE_PATH_STYLE: 'yes' }],
  ])('stops with a message that names %s', (variable, env) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(variable);
  });

  it('keeps files on disk by default; with STORAGE=s3 reads the bucket settings, path style by default only with an endpoint', () => {
    expect(loadConfig({}).storage).toEqual({ kind: 'disk' });
    expect(loadConfig({ STORAGE: 'disk', S3_BUCKET: 'ignored' }).storage).toEqual({ kind: 'disk' });
    expect(loadConfig(S3).storage).toEqual({
      kind: 's3', endpoint: undefined, bucket: 'report-files', region: 'us-east-1', accessKeyId: 'key-id', secretAccessKey: 'the-secret', forcePathStyle: false,
    });
    expect(loadConfig({ ...S3, S3_ENDPOINT: 'http://127.0.0.1:9000', S3_REGION: 'cn-north-1' }).storage).toMatchObject({ endpoint: 'http://127.0.0.1:9000', region: 'cn-north-1', forcePathStyle: true });
    expect(loadConfig({ ...S3, S3_ENDPOINT: 'https://oss.example.com', S3_FORCE_PATH_STYLE: 'false' }).storage).toMatchObject({ forcePathStyle: false });
  });

  it('shows the bucket, never the keys, in the fingerprint of /api/healthy/test_config_change/', () => {
    const fingerprint = (env: Record<string, string>) => configFingerprint(loadConfig(env), 'pglite');
    expect(fingerprint(S3)).toBe(fingerprint({ ...S3, S3_ACCESS_KEY_ID: 'other-id', S3_SECRET_ACCESS_KEY: 'other-secret' }));
    expect(fingerprint(S3)).not.toBe(fingerprint({ ...S3, S3_BUCKET: 'other-bucket' }));
    expect(fingerprint(S3)).not.toBe(fingerprint({}));
  });
});

describe('the bucket, checked at start', () => {
  let store: ObjectStore;
  beforeAll(async () => {
    store = await startObjectStore();
  });
  afterAll(() => store?.dispose());

  const opening = (env: Record<string, string>) => openStorage(loadConfig({ ...store.env, ...env }));

  it('opens an existing bucket with the right credentials', async () => {
    const storage = await opening({});
    expect(await storage.size('f2024/01/missing')).toBeNull();
    storage.close?.();
  });

  it.each([
    ['a missing bucket', 'S3_BUCKET', { S3_BUCKET: 'no-such-bucket' }, /存储桶 "no-such-bucket" 不存在/],
    ['an unknown key id', 'S3_ACCESS_KEY_ID', { S3_ACCESS_KEY_ID: 'unknown-key' }, /或 S3_SECRET_ACCESS_KEY 不正确/],
    ['a wrong secret', 'S3_ACCESS_KEY_ID', { S3_SECRET_ACCESS_KEY: 'not-the-secret' }, /或 S3_SECRET_ACCESS_KEY 不正确/],
    ['an unreachable endpoint', 'S3_ENDPOINT', { S3_ENDPOINT: 'http://127.0.0.1:1' }, /无法连接对象存储 http:\/\/127.0.0.1:1/],
  ])('refuses to start on %s with a message that names %s', async (_case, variable, env, reason) => {
    const refusal = opening(env);
    await expect(refusal).rejects.toThrow(ConfigError);
    await expect(refusal).rejects.toThrow(`配置错误：环境变量 ${variable}`);
    await expect(refusal).rejects.toThrow(reason);
    await expect(refusal).rejects.not.toThrow(/S3RVER/);
  });
});
