import { isIP } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** DATABASE_POOL_SIZE: connections this process may open to PostgreSQL (default 10). */
  databasePoolSize: number;
  /** DATABASE_STATEMENT_TIMEOUT_MS: PostgreSQL ends a statement of this process that runs longer; unset: no bound. */
  databaseStatementTimeoutMs: number | undefined;
  timeZone: string;
  logLevel: string;
  /** A session unused for this many days ends (SESSION_IDLE_DAYS). */
  sessionIdleDays: number;
  /** Upload limits in bytes (COVER_MAX_BYTES, REPORT_FILE_MAX_BYTES, MATERIAL_IMAGE_MAX_BYTES, CHUNKED_FILE_MAX_BYTES, SCRIPT_FILE_MAX_BYTES). */
  uploadLimits: UploadLimits;
  /** Where clients reach the server (PUBLIC_URL, e.g. https://report.example.com); list links are relative without it. */
  publicUrl: string | undefined;
  /** Who may embed the app page in a frame (FRAME_ANCESTORS, CSP sources; default 'self'). */
  frameAncestors: string;
  admission: AdmissionLimits;
  /** HEALTH_CHECK_TIMEOUT_MS: how long the readiness check waits for the database and for the storage each (default 2000). */
  healthCheckTimeoutMs: number;
  /** The key that seals connection passwords (CONNECTION_SECRET, 32 bytes as 64 hex digits); unset: one kept in the data folder. */
  connectionSecret: Buffer | undefined;
  /**
   * CONNECTION_ALLOWED_HOSTS: the only hosts data connections may reach (names, addresses, CIDR ranges, each
   * optionally with :port); unset: any but loopback, link-local, metadata and unspecified addresses and this
   * server's own database (server/modules/connections/hosts.ts).
   */
  connectionAllowedHosts: AllowedHost[] | undefined;
  /** LIST_ANSWERS_REMEMBERED: report and material list answers remembered per process, each while its project's list is unchanged; 0 remembers none. */
  listAnswersRemembered: number;
  /** RECYCLE_BIN_DAYS: days a deleted report or material stays in its project's recycle bin before the sweep purges it. */
  recycleBinDays: number;
  /** CONTENT_OCR: on, off or auto (default: on when the tesseract command is found); scanned report pages and material images are read by OCR only when on. */
  contentOcr: 'on' | 'off' | 'auto';
  /** CONTENT_OCR_PARALLEL: scanned pages read by OCR at a time in one process, whatever PDFs they are of (default: the machine's cores, at most 16). */
  contentOcrParallel: number;
  /** CONTENT_EXTRACT_PARALLEL: queued reports and materials whose text one process reads at a time (default: the machine's cores, at most 4; each reads in a worker of up to 512 MB). */
  contentExtractParallel: number;
  /** TRUST_PROXY: proxies whose X-Forwarded-For names the client: a hop count, or their addresses and CIDR ranges; unset: none. */
  trustProxy: number | string[] | false;
  scriptSandbox: ScriptSandboxConfig;
  /** Bounds on 成果 generation, checked as each request is recorded. */
  generationLimits: GenerationLimits;
  /** SCRIPT_VERSIONS_KEPT: newest versions kept per script at each save, besides those a run recorded (default 50). */
  scriptVersionsKept: number;
  /** WORKFLOW_MAX_TASKS: tasks one workflow may hold (default 1000). */
  workflowMaxTasks: number;
  /** JOB_EXPIRE_SECONDS: how long a background job may run before another process takes it over (its process died); default 300. */
  jobExpireSeconds: number;
  /** ACTIVITY_RETENTION_DAYS: the activity history keeps rows this many days (180 at least); default 365. */
  activityRetentionDays: number;
  organizationSelfService: OrganizationSelfService;
  /** STORAGE: where file contents live, the data folder (disk, default) or an S3-compatible bucket. */
  storage: StorageConfig;
}

export type StorageConfig = { kind: 'disk' } | S3Config;

/** STORAGE=s3: an S3-compatible object store (AWS S3, MinIO, OSS, COS…). */
export interface S3Config {
  kind: 's3';
  /** S3_ENDPOINT: the store's address (https://minio.example.com:9000); unset: AWS S3 of the region. */
  endpoint: string | undefined;
  /** S3_BUCKET: an existing bucket, checked at start. */
  bucket: string;
  /** S3_REGION (default us-east-1). */
  region: string;
  /** S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: never logged, never in the config fingerprint. */
  accessKeyId: string;
  secretAccessKey: string;
  /** S3_FORCE_PATH_STYLE: bucket in the path rather than the host name (default true with S3_ENDPOINT). */
  forcePathStyle: boolean;
}

/** Who may create an organization of their own (POST /api/organization/v1/organizations/). */
export interface OrganizationSelfService {
  /** ORGANIZATION_SELF_SERVICE: on (default): any signed-in user; off: platform staff only. */
  enabled: boolean;
  /** ORGANIZATION_MAX_OWNED_PER_USER: organizations one user may own (default 10); staff too. */
  maxOwnedPerUser: number;
}

/** How workflow scripts without a Docker image are confined (server/modules/workflows/engine/operators/sandbox.ts). */
export interface ScriptSandboxConfig {
  /** SCRIPT_SANDBOX: on (default), or off to run scripts as the server's own user (development only). */
  enabled: boolean;
  /** SCRIPT_BWRAP_PATH: the bubblewrap program (default /usr/bin/bwrap). */
  bwrapPath: string;
  /** SCRIPT_MEMORY_MB: address space of each script process (default 1024). */
  memoryMb: number;
  /** SCRIPT_MAX_PROCESSES: processes of one task (default 64; only with a per-task uid, i.e. a server run as root). */
  maxProcesses: number;
  /** SCRIPT_MAX_FILE_MB: the largest file a script may write (default 1024). */
  maxFileMb: number;
  /** SCRIPT_MAX_OPEN_FILES: open files per process (default 1024). */
  maxOpenFiles: number;
  /** SCRIPT_SANDBOX_UID_BASE: first of the 65536 uids tasks run as when the server runs as root (default 200000). */
  uidBase: number;
}

export interface GenerationLimits {
  /** GENERATION_MAX_PENDING_PER_PROJECT: regions queued or being made in one project, this request's included (default 200, one full request). */
  maxPendingPerProject: number;
  /** GENERATION_MAX_PER_USER_MINUTE: generation requests one user may make in a minute (default 10). */
  maxPerUserMinute: number;
}

/** How many API requests run at once and wait in line; beyond that the server answers 503 at once. */
export interface AdmissionLimits {
  /** MAX_CONCURRENT_REQUESTS; 0 turns the limit off; unset: 8 on PGlite, off on PostgreSQL. */
  maxConcurrent: number | undefined;
  /** MAX_QUEUED_REQUESTS: requests waiting for a turn. */
  maxQueued: number;
  /** QUEUE_WAIT_MS: a request that waited this long is answered 503. */
  queueWaitMs: number;
}

/** One entry of CONNECTION_ALLOWED_HOSTS: a host name (lower case, no trailing dot) or an address, a range's prefix length, a port. */
export interface AllowedHost {
  host: string;
  bits?: number;
  port?: number;
}

export interface UploadLimits {
  cover: number;
  reportFile: number;
  materialImage: number;
  chunkedFile: number;
  scriptFile: number;
  /** A spreadsheet of a project's warehouse (成果数据 import). */
  warehouseFile: number;
}

export class ConfigError extends Error {
  constructor(readonly variable: string, reason: string) {
    super(`配置错误：环境变量 ${variable} ${reason}`);
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function parsePort(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 8000;
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port < 1 || port > 65535) {
    throw new ConfigError('PORT', `必须是 1 到 65535 之间的整数，当前为 "${raw}"`);
  }
  return port;
}

function parseDatabaseUrl(raw: string | undefined): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError('DATABASE_URL', '不是合法的连接地址（例如 postgres://user@host:5432/db）');
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new ConfigError('DATABASE_URL', `必须以 postgres:// 或 postgresql:// 开头，当前为 "${url.protocol}"`);
  }
  return raw;
}

export function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function parseTimeZone(raw: string | undefined): string {
  const zone = raw || 'Asia/Shanghai';
  if (!isValidTimeZone(zone)) throw new ConfigError('TZ', `不是合法的时区名称（例如 Asia/Shanghai），当前为 "${zone}"`);
  return zone;
}

function parseIdleDays(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 7;
  const days = Number(raw);
  if (!Number.isFinite(days) || days <= 0 || days > 365) {
    throw new ConfigError('SESSION_IDLE_DAYS', `必须是 0 到 365 之间的天数，当前为 "${raw}"`);
  }
  return days;
}

function parseBytes(env: NodeJS.ProcessEnv, variable: string, fallback: number): number {
  const raw = env[variable];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) throw new ConfigError(variable, `必须是正整数（字节数），当前为 "${raw}"`);
  return Number(raw);
}

function parsePublicUrl(raw: string | undefined): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash || url.username || url.password) {
    throw new ConfigError('PUBLIC_URL', `必须是 http:// 或 https:// 开头、不带查询参数的地址（例如 https://report.example.com），当前为 "${raw}"`);
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

const FRAME_SOURCE = /^('self'|'none'|https?:\/\/(\*\.)?[a-z0-9.-]+(:\d{1,5})?)$/i;

function parseFrameAncestors(raw: string | undefined): string {
  if (raw === undefined || raw.trim() === '') return "'self'";
  const sources = raw.trim().split(/\s+/);
  if (!sources.every((source) => FRAME_SOURCE.test(source)) || (sources.includes("'none'") && sources.length > 1)) {
    throw new ConfigError('FRAME_ANCESTORS', `必须是空格分隔的 'self'、'none' 或 https://主机[:端口]，当前为 "${raw}"`);
  }
  return sources.join(' ');
}

function parseCount<T extends number | undefined>(env: NodeJS.ProcessEnv, variable: string, fallback: T): number | T {
  const raw = env[variable];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) > 1_000_000) throw new ConfigError(variable, `必须是 0 到 1000000 之间的整数，当前为 "${raw}"`);
  return Number(raw);
}

function parseSecret(raw: string | undefined): Buffer | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (!/^[0-9a-f]{64}$/i.test(raw)) throw new ConfigError('CONNECTION_SECRET', '必须是 64 位十六进制数字（32 字节），例如 openssl rand -hex 32 的输出');
  return Buffer.from(raw, 'hex');
}

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9_]([a-z0-9_-]{0,62})(\.[a-z0-9_]([a-z0-9_-]{0,62}))*$/;

/** `name`, `name:port`, `address`, `address:port` (`[v6]:port`) or `address/bits`; undefined when it is none of them. */
export function parseAllowedHost(text: string): AllowedHost | undefined {
  const entry = text.trim().toLowerCase();
  const range = /^([^/]+)\/(\d{1,3})$/.exec(entry);
  if (range) {
    const family = isIP(range[1]);
    const bits = Number(range[2]);
    return family !== 0 && bits <= (family === 4 ? 32 : 128) ? { host: range[1], bits } : undefined;
  }
  if (isIP(entry) === 6) return { host: entry };
  const withPort = /^(?:\[([0-9a-f:.]+)\]|([^:[\]]+)):(\d{1,5})$/.exec(entry);
  const host = (withPort ? (withPort[1] ?? withPort[2]) : entry.replace(/^\[(.*)\]$/, '$1')).replace(/\.$/, '');
  const port = withPort ? Number(withPort[3]) : undefined;
  if (port !== undefined && (port < 1 || port > 65535)) return undefined;
  if (isIP(host) === 0 && !HOST_NAME.test(host)) return undefined;
  return port === undefined ? { host } : { host, port };
}

function parseHostList(raw: string | undefined): AllowedHost[] | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const hosts = raw.split(',').map((host) => host.trim()).filter(Boolean).map(parseAllowedHost);
  if (!hosts.every((host) => host !== undefined)) {
    throw new ConfigError('CONNECTION_ALLOWED_HOSTS', `必须是逗号分隔的主机名、地址或网段，可带端口（例如 db.example.com,10.0.0.0/8,127.0.0.1:5432），当前为 "${raw}"`);
  }
  return hosts as AllowedHost[];
}

function parseTrustProxy(raw: string | undefined): number | string[] | false {
  if (raw === undefined || raw.trim() === '') return false;
  if (/^\d+$/.test(raw.trim()) && Number(raw) <= 10) return Number(raw);
  const proxies = raw.split(',').map((entry) => entry.trim());
  // An address or a range: what CONNECTION_ALLOWED_HOSTS reads, without names and ports.
  const valid = (entry: string) => {
    const parsed = parseAllowedHost(entry);
    return parsed !== undefined && parsed.port === undefined && isIP(parsed.host) !== 0;
  };
  if (!proxies.every(valid)) {
    throw new ConfigError('TRUST_PROXY', `必须是代理的层数（0 到 10）或逗号分隔的代理地址、网段（例如 10.0.0.5,192.168.1.0/24），当前为 "${raw}"`);
  }
  return proxies;
}

function parseLimit(env: NodeJS.ProcessEnv, variable: string, fallback: number, max: number, min = 1): number {
  const raw = env[variable];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) throw new ConfigError(variable, `必须是 ${min} 到 ${max} 之间的整数，当前为 "${raw}"`);
  return Number(raw);
}

function parseScriptSandbox(env: NodeJS.ProcessEnv): ScriptSandboxConfig {
  const mode = env.SCRIPT_SANDBOX || 'on';
  if (mode !== 'on' && mode !== 'off') throw new ConfigError('SCRIPT_SANDBOX', `必须是 on 或 off（off 仅限开发），当前为 "${mode}"`);
  const bwrapPath = env.SCRIPT_BWRAP_PATH || '/usr/bin/bwrap';
  if (!path.isAbsolute(bwrapPath) || bwrapPath.includes('\0')) throw new ConfigError('SCRIPT_BWRAP_PATH', `必须是 bwrap 程序的绝对路径，当前为 "${bwrapPath}"`);
  const uidBase = parseLimit(env, 'SCRIPT_SANDBOX_UID_BASE', 200_000, 2 ** 32 - 2 - 65_536);
  if (uidBase < 1000) throw new ConfigError('SCRIPT_SANDBOX_UID_BASE', `不能小于 1000（以免与系统用户重叠），当前为 "${uidBase}"`);
  return {
    enabled: mode === 'on',
    bwrapPath,
    memoryMb: parseLimit(env, 'SCRIPT_MEMORY_MB', 1024, 1024 * 1024),
    maxProcesses: parseLimit(env, 'SCRIPT_MAX_PROCESSES', 64, 100_000),
    maxFileMb: parseLimit(env, 'SCRIPT_MAX_FILE_MB', 1024, 1024 * 1024),
    maxOpenFiles: parseLimit(env, 'SCRIPT_MAX_OPEN_FILES', 1024, 1_048_576),
    uidBase,
  };
}

/** An on/off switch; unset or empty is the default. */
function parseSwitch(env: NodeJS.ProcessEnv, variable: string, fallback: boolean): boolean {
  const raw = env[variable];
  if (raw === undefined || raw === '') return fallback;
  if (raw !== 'on' && raw !== 'off') throw new ConfigError(variable, `必须是 on 或 off，当前为 "${raw}"`);
  return raw === 'on';
}

function requiredText(env: NodeJS.ProcessEnv, variable: string): string {
  const raw = env[variable]?.trim();
  if (!raw) throw new ConfigError(variable, '在 STORAGE=s3 时必须设置');
  return raw;
}

function parseContentOcr(raw: string | undefined): 'on' | 'off' | 'auto' {
  const value = (raw ?? '').trim().toLowerCase() || 'auto';
  if (value !== 'on' && value !== 'off' && value !== 'auto') throw new ConfigError('CONTENT_OCR', `必须是 on、off 或 auto，当前为 "${raw}"`);
  return value;
}

function parseStorage(env: NodeJS.ProcessEnv): StorageConfig {
  const kind = env.STORAGE || 'disk';
  if (kind === 'disk') return { kind };
  if (kind !== 's3') throw new ConfigError('STORAGE', `必须是 disk 或 s3，当前为 "${kind}"`);
  const endpoint = env.S3_ENDPOINT?.trim() || undefined;
  if (endpoint !== undefined) {
    const url = URL.canParse(endpoint) ? new URL(endpoint) : undefined;
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password || url.search) {
      throw new ConfigError('S3_ENDPOINT', `必须是 http:// 或 https:// 开头、不带账号和查询参数的地址（例如 https://minio.example.com:9000），当前为 "${endpoint}"`);
    }
  }
  const bucket = requiredText(env, 'S3_BUCKET');
  // S3's bucket naming rules: what a bucket can be called anywhere.
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    throw new ConfigError('S3_BUCKET', `必须是 3 到 63 个小写字母、数字、点或连字符，当前为 "${bucket}"`);
  }
  const region = env.S3_REGION?.trim() || 'us-east-1';
  if (!/^[a-z0-9-]{1,64}$/i.test(region)) throw new ConfigError('S3_REGION', `必须是区域名称（例如 us-east-1），当前为 "${region}"`);
  const pathStyle = env.S3_FORCE_PATH_STYLE?.trim() || undefined;
  if (pathStyle !== undefined && pathStyle !== 'true' && pathStyle !== 'false') {
    throw new ConfigError('S3_FORCE_PATH_STYLE', `必须是 true 或 false，当前为 "${pathStyle}"`);
  }
  return {
    kind,
    endpoint,
    bucket,
    region,
    accessKeyId: requiredText(env, 'S3_ACCESS_KEY_ID'),
    secretAccessKey: requiredText(env, 'S3_SECRET_ACCESS_KEY'),
    forcePathStyle: pathStyle === undefined ? endpoint !== undefined : pathStyle === 'true',
  };
}

function parseLogLevel(raw: string | undefined): string {
  const level = raw || 'info';
  if (!LOG_LEVELS.includes(level)) throw new ConfigError('LOG_LEVEL', `必须是 ${LOG_LEVELS.join('、')} 之一`);
  return level;
}

/** Reads and checks the configuration; throws ConfigError naming the bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = env.DATA_DIR === undefined || env.DATA_DIR === '' ? './data' : env.DATA_DIR;
  if (dataDir.includes('\0')) throw new ConfigError('DATA_DIR', '包含非法字符');
  return {
    port: parsePort(env.PORT),
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(dataDir),
    databaseUrl: parseDatabaseUrl(env.DATABASE_URL),
    databasePoolSize: parseLimit(env, 'DATABASE_POOL_SIZE', 10, 1000),
    databaseStatementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS ? parseLimit(env, 'DATABASE_STATEMENT_TIMEOUT_MS', 0, 86_400_000) : undefined,
    timeZone: parseTimeZone(env.TZ),
    logLevel: parseLogLevel(env.LOG_LEVEL),
    sessionIdleDays: parseIdleDays(env.SESSION_IDLE_DAYS),
    uploadLimits: {
      cover: parseBytes(env, 'COVER_MAX_BYTES', 2 * 1024 * 1024),
      reportFile: parseBytes(env, 'REPORT_FILE_MAX_BYTES', 40 * 1024 * 1024),
      materialImage: parseBytes(env, 'MATERIAL_IMAGE_MAX_BYTES', 10 * 1024 * 1024),
      chunkedFile: parseBytes(env, 'CHUNKED_FILE_MAX_BYTES', 2_048_000),
      scriptFile: parseBytes(env, 'SCRIPT_FILE_MAX_BYTES', 1024 * 1024),
      warehouseFile: parseBytes(env, 'WAREHOUSE_FILE_MAX_BYTES', 20 * 1024 * 1024),
    },
    publicUrl: parsePublicUrl(env.PUBLIC_URL),
    frameAncestors: parseFrameAncestors(env.FRAME_ANCESTORS),
    listAnswersRemembered: parseCount(env, 'LIST_ANSWERS_REMEMBERED', 500),
    recycleBinDays: parseLimit(env, 'RECYCLE_BIN_DAYS', 30, 3650),
    contentOcr: parseContentOcr(env.CONTENT_OCR),
    contentOcrParallel: parseLimit(env, 'CONTENT_OCR_PARALLEL', Math.min(os.availableParallelism(), 16), 16),
    contentExtractParallel: parseLimit(env, 'CONTENT_EXTRACT_PARALLEL', Math.min(os.availableParallelism(), 4), 16),
    admission: {
      maxConcurrent: parseCount(env, 'MAX_CONCURRENT_REQUESTS', undefined),
      maxQueued: parseCount(env, 'MAX_QUEUED_REQUESTS', 1000),
      queueWaitMs: parseCount(env, 'QUEUE_WAIT_MS', 5000),
    },
    healthCheckTimeoutMs: parseLimit(env, 'HEALTH_CHECK_TIMEOUT_MS', 2000, 60_000),
    connectionSecret: parseSecret(env.CONNECTION_SECRET),
    connectionAllowedHosts: parseHostList(env.CONNECTION_ALLOWED_HOSTS),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    scriptSandbox: parseScriptSandbox(env),
    generationLimits: {
      maxPendingPerProject: parseLimit(env, 'GENERATION_MAX_PENDING_PER_PROJECT', 200, 1_000_000),
      maxPerUserMinute: parseLimit(env, 'GENERATION_MAX_PER_USER_MINUTE', 10, 1_000_000),
    },
    scriptVersionsKept: parseLimit(env, 'SCRIPT_VERSIONS_KEPT', 50, 1_000_000),
    workflowMaxTasks: parseLimit(env, 'WORKFLOW_MAX_TASKS', 1000, 1_000_000),
    jobExpireSeconds: parseLimit(env, 'JOB_EXPIRE_SECONDS', 300, 86_400),
    activityRetentionDays: parseLimit(env, 'ACTIVITY_RETENTION_DAYS', 365, 36_500, 180),
    organizationSelfService: {
      enabled: parseSwitch(env, 'ORGANIZATION_SELF_SERVICE', true),
      maxOwnedPerUser: parseLimit(env, 'ORGANIZATION_MAX_OWNED_PER_USER', 10, 1_000_000),
    },
    storage: parseStorage(env),
  };
}
