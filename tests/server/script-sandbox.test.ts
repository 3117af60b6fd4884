import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParamType } from '../../contract/workflows';
import { BWRAP_MISSING, logSandboxMode } from '../../server/modules/workflows/engine/operators/sandbox';
import { createTaskRunner } from '../../server/modules/workflows/engine/task-runner';
import { TaskFailed, type TaskDefinition, type TaskRunRequest, type TaskRunner } from '../../server/modules/workflows/types';
import { authHeaders, createTestApp, DEMO, login, memberWithRole, uploadFile, type TestContext } from './helpers';
import { processesWithArgument, sleepMarker } from './sandbox-helpers';

const SECRET = 'sandbox-test-secret-value';
const asRoot = process.getuid?.() === 0;
const SCRIPTS = `/api/script/projects/${DEMO.projectUuid}/scripts/`;

let ctx: TestContext;
let run: TaskRunner;
let admin: string;
/** A folder like another task's, with a file in it. */
let sibling: string;
/** A TCP service of this machine that no script may reach. */
let listener: Server;
let port: number;

const spec = (field_name: string, type: ParamType = 'string') => ({ field_name, type, required: true, options: [], number_min: null, number_max: null, placeholder: '' });

beforeAll(async () => {
  process.env.SCRIPT_SANDBOX_TEST_SECRET = SECRET;
  ctx = await createTestApp({ app: { jobs: false } });
  run = createTaskRunner(ctx.app);
  admin = await login(ctx.app);
  sibling = mkdtempSync(path.join(os.tmpdir(), 'workflow-task-'));
  writeFileSync(path.join(sibling, 'inputs.json'), '{"other": "tenant"}');
  listener = createServer((socket) => socket.end('hello'));
  await new Promise<void>((resolve) => listener.listen(0, '0.0.0.0', resolve));
  port = (listener.address() as { port: number }).port;
}, 60_000);

afterAll(async () => {
  delete process.env.SCRIPT_SANDBOX_TEST_SECRET;
  rmSync(sibling, { recursive: true, force: true });
  await new Promise((resolve) => listener.close(resolve));
  await ctx.close();
});

/** Makes a script through the API, as the caller; answers the response. */
async function postScript(token: string, fileName: string, content: string, extra: object = {}) {
  const file = await uploadFile(ctx.app, token, fileName, Buffer.from(content), 'script');
  return ctx.app.inject({ method: 'POST', url: SCRIPTS, headers: authHeaders(token), payload: { name: `${fileName}-${Date.now()}-${Math.random()}`, file_path: file.url, ...extra } });
}

/** A task that runs a script made through the API (as the organization admin). */
async function scriptTask(fileName: string, content: string, extra: object = {}, overrides: Partial<TaskDefinition> = {}): Promise<TaskDefinition> {
  const made = await postScript(admin, fileName, content, extra);
  expect(made.statusCode, made.body).toBe(201);
  const script = made.json() as { id: number; name: string; file_path: string };
  const fileId = Number(script.file_path.split('/')[5]);
  return {
    name: 'probe',
    operator: 'ScriptOperator',
    script: { id: script.id, name: script.name, fileId, fileName, dockerName: '', dockerTag: '' },
    inputs: [],
    outputs: [spec('seen')],
    params: {},
    runInputs: [],
    retries: 0,
    retryDelay: 0,
    timeout: 60,
    pool: 'default_pool',
    queue: 'default',
    ...overrides,
  };
}

const request = (task: TaskDefinition, inputs: Record<string, unknown> = {}): TaskRunRequest => ({
  projectUuid: DEMO.projectUuid,
  workflowId: 1,
  dagRunId: 'manual__2026-01-01T10:00:00+08:00',
  userUuid: null,
  task,
  inputs,
  tryNumber: 1,
  signal: new AbortController().signal,
});

async function seen(task: TaskDefinition, inputs: Record<string, unknown> = {}): Promise<Record<string, string>> {
  const { outputs } = await run(request(task, inputs));
  return JSON.parse(outputs.seen as string) as Record<string, string>;
}

/** Tries each thing; records "allowed: …" or "refused: <error>". */
const PROBE_HEAD = `import json, os, socket, sys
inputs = json.load(sys.stdin)
seen = {}
def attempt(name, action):
    try:
        seen[name] = 'allowed: ' + str(action())[:200]
    except BaseException as error:
        seen[name] = 'refused: ' + type(error).__name__
def read(name):
    with open(name, 'rb') as f:
        return f.read()
def connect(host, port):
    with socket.create_connection((host, port), timeout=5) as s:
        return s.recv(10)
`;

describe('the script sandbox', () => {
  it('shows a script only its own folder, no host process, no network, and holds it to its limits', async () => {
    const probe = await scriptTask(
      'probe.py',
      `${PROBE_HEAD}
attempt('environ_1', lambda: read('/proc/1/environ'))
attempt('environ_parent', lambda: read('/proc/%d/environ' % os.getppid()))
attempt('environ_server', lambda: read('/proc/%d/environ' % inputs['server_pid']))
attempt('data_dir', lambda: os.listdir(inputs['data_dir']))
attempt('app_dir', lambda: os.listdir(inputs['app_dir']))
attempt('other_task', lambda: read(inputs['sibling']))
attempt('etc_shadow', lambda: read('/etc/shadow'))
attempt('postgres', lambda: connect('127.0.0.1', 5432))
attempt('mariadb', lambda: connect('127.0.0.1', 3306))
attempt('host_service', lambda: connect('127.0.0.1', inputs['port']))
attempt('memory_2gb', lambda: len(bytearray(2 * 1024 ** 3)))
attempt('write_usr', lambda: open('/usr/sandbox-probe', 'w'))
children = []
def fork_many():
    for _ in range(200):
        pid = os.fork()
        if pid == 0:
            import time
            time.sleep(30)
            os._exit(0)
        children.append(pid)
    return len(children)
attempt('fork_200', fork_many)
seen['forked'] = str(len(children))
for pid in children:
    os.kill(pid, 9)
    os.waitpid(pid, 0)
def write_own():
    with open('written.txt', 'w') as f:
        f.write('ok')
    return read('written.txt').decode()
attempt('own_folder', write_own)
seen['uid'] = str(os.getuid())
seen['cwd'] = os.getcwd()
print(json.dumps({'seen': json.dumps(seen)}))
`,
    );
    const result = await seen(probe, { server_pid: process.pid, data_dir: ctx.dataDir, app_dir: process.cwd(), sibling: path.join(sibling, 'inputs.json'), port });
    // /proc is the sandbox's own: its pid 1 is the sandbox's init, whose environment is the script's own.
    for (const key of ['environ_1', 'environ_parent']) {
      expect(result[key]).not.toContain(SECRET);
      expect(result[key]).not.toContain('DATABASE_URL');
    }
    expect(result.environ_server).toMatch(/^refused/);
    for (const key of ['data_dir', 'app_dir', 'other_task', 'etc_shadow']) expect(result[key], key).toBe('refused: FileNotFoundError');
    for (const key of ['postgres', 'mariadb', 'host_service']) expect(result[key], key).toBe('refused: ConnectionRefusedError');
    expect(result.memory_2gb).toBe('refused: MemoryError');
    expect(result.write_usr).toMatch(/^refused: (OSError|PermissionError)/);
    if (asRoot) {
      expect(result.fork_200).toBe('refused: BlockingIOError');
      expect(Number(result.forked)).toBeLessThan(64);
    }
    expect(result).toMatchObject({ own_folder: 'allowed: ok', uid: '65534', cwd: '/work' });
  }, 60_000);

  it('takes a setsid child down with the task', async () => {
    const marker = sleepMarker();
    const task = await scriptTask('detach.sh', `setsid sleep ${marker} >/dev/null 2>&1 < /dev/null &\nsleep 3\necho started\n`, {}, { outputs: [] });
    const attempt = run(request(task));
    // The sandbox may take seconds to start on a busy machine; the child lives while the script sleeps.
    await expect.poll(() => processesWithArgument(marker).length, { timeout: 10_000, interval: 50 }).toBe(1);
    expect((await attempt).log).toContain('started');
    await expect.poll(() => processesWithArgument(marker), { timeout: 3000 }).toEqual([]);
  });

  it('takes the whole sandbox down when the run is stopped', async () => {
    const marker = sleepMarker();
    const task = await scriptTask('stopped.sh', `setsid sleep ${marker} >/dev/null 2>&1 < /dev/null &\nsleep ${marker}\n`, {}, { outputs: [] });
    const controller = new AbortController();
    const attempt = run({ ...request(task), signal: controller.signal }).catch((caught: unknown) => caught);
    await expect.poll(() => processesWithArgument(marker).length, { timeout: 3000, interval: 50 }).toBe(2);
    controller.abort();
    expect(((await attempt) as TaskFailed).message).toBe('任务已被停止');
    await expect.poll(() => processesWithArgument(marker), { timeout: 3000 }).toEqual([]);
  });

  it('takes the whole sandbox down when the server process dies', async () => {
    const marker = sleepMarker();
    const folder = mkdtempSync(path.join(os.tmpdir(), 'workflow-task-'));
    const server = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'fixtures/sandbox-parent.ts'), folder], {
      stdio: 'ignore',
      env: { ...process.env, SLEEP_MARKER: marker },
    });
    try {
      await expect.poll(() => processesWithArgument(marker).length, { timeout: 20_000, interval: 100 }).toBe(2);
      server.kill('SIGKILL');
      await expect.poll(() => processesWithArgument(marker), { timeout: 3000 }).toEqual([]);
    } finally {
      server.kill('SIGKILL');
      rmSync(folder, { recursive: true, force: true });
    }
  }, 30_000);

  it('lets a script an organization admin allowed onto the network, but not to this machine or its databases', async () => {
    const address = Object.values(os.networkInterfaces())
      .flat()
      .find((info) => info && info.family === 'IPv4' && !info.internal)?.address;
    const probe = await scriptTask(
      'online.py',
      `${PROBE_HEAD}
seen['interfaces'] = ','.join(name for _, name in socket.if_nameindex())
attempt('postgres', lambda: connect('127.0.0.1', 5432))
attempt('host_service', lambda: connect('127.0.0.1', inputs['port']))
attempt('host_address', lambda: connect(inputs['address'], inputs['port']) if inputs['address'] else 'none')
attempt('link_local', lambda: connect('169.254.169.254', 80))
print(json.dumps({'seen': json.dumps(seen)}))
`,
      { allow_network: true },
    );
    if (!asRoot) {
      await expect(run(request(probe, { port, address }))).rejects.toThrow('服务器不是以 root 用户运行');
      return;
    }
    const result = await seen(probe, { port, address: address ?? '' });
    // The host network namespace: more than a private loopback.
    expect(result.interfaces.split(',').length).toBeGreaterThan(1);
    for (const key of ['postgres', 'host_service', 'link_local']) expect(result[key], key).toMatch(/^refused: (ConnectionRefusedError|OSError|TimeoutError)/);
    if (address) expect(result.host_address).toBe('refused: ConnectionRefusedError');
  }, 60_000);

  it('lets only an organization admin allow a script onto the network', async () => {
    const projectAdmin = await memberWithRole(ctx, 'sandbox_project_admin', 'admin');
    const refused = await postScript(projectAdmin, 'net.py', 'print(1)\n', { allow_network: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('只有组织管理员可以允许脚本访问网络');

    const made = await postScript(projectAdmin, 'offline.py', 'print(2)\n');
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().allow_network).toBe(false);
    const url = `${SCRIPTS}${made.json().id}/`;
    const patch = (token: string, payload: object) => ctx.app.inject({ method: 'PATCH', url, headers: authHeaders(token), payload });
    expect((await patch(projectAdmin, { allow_network: true })).statusCode).toBe(403);
    const allowed = await patch(admin, { allow_network: true });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.json().allow_network).toBe(true);
    // Other edits keep it; the project admin may take it back.
    expect((await patch(projectAdmin, { docker_tag: '' })).json().allow_network).toBe(true);
    expect((await patch(projectAdmin, { allow_network: false })).json().allow_network).toBe(false);
  });

  it('refuses to run scripts when bubblewrap is missing, saying how to install it', async () => {
    const task = await scriptTask('plain.py', 'print("{}")\n', {}, { outputs: [] });
    const settings = ctx.app.config.scriptSandbox;
    ctx.app.config.scriptSandbox = { ...settings, bwrapPath: '/nonexistent/bwrap' };
    try {
      const error = await run(request(task)).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(TaskFailed);
      expect((error as TaskFailed).message).toBe(BWRAP_MISSING('/nonexistent/bwrap'));
      expect((error as TaskFailed).message).toContain('apt-get install bubblewrap');
    } finally {
      ctx.app.config.scriptSandbox = settings;
    }
  });

  it('with SCRIPT_SANDBOX=off runs scripts as before and warns at start', async () => {
    const warnings: string[] = [];
    const log = { warn: (message: string) => warnings.push(message), info: () => undefined } as unknown as Parameters<typeof logSandboxMode>[0];
    const settings = ctx.app.config.scriptSandbox;
    await logSandboxMode(log, { ...settings, enabled: false });
    expect(warnings).toEqual([expect.stringContaining('SCRIPT_SANDBOX=off：工作流脚本不在沙箱中运行')]);

    warnings.length = 0;
    await logSandboxMode(log, { ...settings, bwrapPath: '/nonexistent/bwrap' });
    expect(warnings).toEqual([BWRAP_MISSING('/nonexistent/bwrap')]);

    const task = await scriptTask('where.py', "import json, os\nprint(json.dumps({'seen': json.dumps({'cwd': os.getcwd()})}))\n");
    ctx.app.config.scriptSandbox = { ...settings, enabled: false };
    try {
      expect(path.dirname((await seen(task)).cwd)).toBe(os.tmpdir());
    } finally {
      ctx.app.config.scriptSandbox = settings;
    }
  });
});
