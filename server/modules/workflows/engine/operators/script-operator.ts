import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SCRIPT_EXTENSIONS } from '../../../../../contract/workflows';
import { scripts, storedFiles } from '../../../../db/schema';
import { dockerClientEnv, dockerReachable, killContainer } from './docker';
import { readScriptOutputs } from './outputs';
import { sandboxCommand, SANDBOX_WORK } from './sandbox';
import { runProcess, type ProcessResult, type ProcessSpec } from './script-process';
import { TaskLog } from '../task-log';
import { TaskFailed, type TaskRunRequest, type TaskRunResult } from '../../types';

/** The only PATH a script sees, whatever the server's is. */
export const SCRIPT_PATH = '/usr/local/bin:/usr/bin:/bin';
export const INPUTS_FILE = 'inputs.json';

/** How each extension runs, here and in a container. Python unbuffered, so its stdout and stderr interleave as written. */
const INTERPRETERS: Record<(typeof SCRIPT_EXTENSIONS)[number], { local: string[]; container: string[] }> = {
  js: { local: [process.execPath], container: ['node'] },
  mjs: { local: [process.execPath], container: ['node'] },
  py: { local: ['python3', '-u'], container: ['python3', '-u'] },
  sh: { local: ['sh'], container: ['sh'] },
};
const SUPPORTED = SCRIPT_EXTENSIONS.map((extension) => `.${extension}`).join('、');

type Script = NonNullable<TaskRunRequest['task']['script']>;

/** The whole environment of a script: nothing of the server's (no DATABASE_URL, no keys). */
function scriptEnv(app: FastifyInstance, request: TaskRunRequest, home: string): Record<string, string> {
  return {
    PATH: SCRIPT_PATH,
    HOME: home,
    LANG: 'C.UTF-8',
    TZ: app.config.timeZone,
    WORKFLOW_ID: String(request.workflowId),
    DAG_RUN_ID: request.dagRunId,
    TASK_ID: request.task.name,
    TRY_NUMBER: String(request.tryNumber),
  };
}

/** Copies the script's stored file into the folder. */
async function writeScriptFile(app: FastifyInstance, script: Script, target: string, log: TaskLog) {
  const [file] = await app.db.select({ key: storedFiles.storageKey }).from(storedFiles).where(eq(storedFiles.id, script.fileId));
  if (!file) throw new TaskFailed(`脚本「${script.name}」的文件 ${script.fileName} 已不存在，请重新上传脚本文件后再发布工作流`, log.toString());
  try {
    await pipeline(app.storage.get(file.key), createWriteStream(target, { flags: 'wx' }));
  } catch (error) {
    throw new TaskFailed(`读取脚本文件 ${script.fileName} 失败：${(error as Error).message}`, log.toString());
  }
}

const SIGNAL_REASONS: Partial<Record<NodeJS.Signals, string>> = { SIGXCPU: '（超过 CPU 时间限制）', SIGXFSZ: '（写入的文件超过大小限制）' };

/** bwrap answers a script killed by a signal with 128 + the signal's number. */
function signalOfSandbox(code: number): NodeJS.Signals | null {
  if (code <= 128) return null;
  const found = Object.entries(os.constants.signals).find(([, number]) => number === code - 128);
  return found ? (found[0] as NodeJS.Signals) : null;
}

function failure(result: ProcessResult, timeout: number, log: TaskLog, sandboxed: boolean): TaskFailed | null {
  if (result.stopped === 'timeout') return new TaskFailed(`任务运行超过时限 ${timeout} 秒，已停止`, log.toString());
  if (result.stopped === 'aborted') return new TaskFailed('任务已被停止', log.toString());
  if (result.startError) return new TaskFailed(`无法启动脚本：${result.startError.message}`, log.toString());
  const signal = result.code === null ? result.exitSignal : sandboxed ? signalOfSandbox(result.code) : null;
  if (result.code === null || signal) return new TaskFailed(`脚本被信号 ${signal ?? '未知'} 终止${(signal && SIGNAL_REASONS[signal]) ?? ''}`, log.toString());
  if (result.code !== 0) return new TaskFailed(`脚本退出码 ${result.code}`, log.toString());
  return null;
}

/** Whether an organization admin let the script reach the network; read at run time, so taking it back takes effect at once. */
async function networkAllowed(app: FastifyInstance, scriptId: number): Promise<boolean> {
  const [row] = await app.db.select({ allowNetwork: scripts.allowNetwork }).from(scripts).where(eq(scripts.id, scriptId));
  return row?.allowNetwork ?? false;
}

/** Runs the script in the bubblewrap sandbox (sandbox.ts), or as the server's user when SCRIPT_SANDBOX=off. */
async function runLocally(app: FastifyInstance, request: TaskRunRequest, local: string[], fileName: string, folder: string, common: Omit<ProcessSpec, 'command' | 'args' | 'env'>, log: TaskLog) {
  const settings = app.config.scriptSandbox;
  const [command, ...flags] = local;
  if (!settings.enabled) return runProcess({ ...common, command, args: [...flags, fileName], env: scriptEnv(app, request, folder) });
  let confined;
  try {
    const network = await networkAllowed(app, request.task.script!.id);
    confined = await sandboxCommand({ config: settings, folder, command: local, cpuSeconds: request.task.timeout, network, databaseUrl: app.config.databaseUrl });
  } catch (error) {
    throw new TaskFailed((error as Error).message, log.toString());
  }
  try {
    return await runProcess({ ...common, cwd: folder, command: confined.command, args: [...confined.args, fileName], env: scriptEnv(app, request, SANDBOX_WORK) });
  } finally {
    confined.release();
  }
}

/**
 * A ScriptOperator try: the script's file and inputs.json in a fresh folder (removed afterwards),
 * run by the interpreter its extension names with the inputs as JSON on stdin, in a clean
 * environment, in the Docker image the script names when it names one, else in the bubblewrap
 * sandbox (sandbox.ts). Its outputs are the JSON object of its last non-empty stdout line.
 */
export async function runScriptTask(app: FastifyInstance, request: TaskRunRequest): Promise<TaskRunResult> {
  const log = request.log ?? new TaskLog();
  const { task } = request;
  const script = task.script;
  if (!script) throw new TaskFailed(`任务 ${task.name} 没有指定要运行的脚本`, '');
  const extension = path.extname(script.fileName).toLowerCase();
  const interpreter = Object.hasOwn(INTERPRETERS, extension.slice(1)) ? INTERPRETERS[extension.slice(1) as keyof typeof INTERPRETERS] : undefined;
  if (!interpreter) throw new TaskFailed(`不支持的脚本类型 ${extension || '（无扩展名）'}（支持 ${SUPPORTED}）`, '');
  if (request.signal.aborted) throw new TaskFailed('任务已被停止', '');

  const image = script.dockerName ? `${script.dockerName}:${script.dockerTag || 'latest'}` : null;
  if (image && !(await dockerReachable(SCRIPT_PATH))) {
    throw new TaskFailed(`脚本需要在 Docker 镜像 ${image} 中运行，但本机没有可用的 Docker 服务`, '');
  }

  const folder = await mkdtemp(path.join(os.tmpdir(), 'workflow-task-'));
  try {
    const fileName = `script${extension}`;
    await writeScriptFile(app, script, path.join(folder, fileName), log);
    const inputs = JSON.stringify(request.inputs);
    await writeFile(path.join(folder, INPUTS_FILE), inputs);
    const common = { cwd: folder, stdin: inputs, timeoutSeconds: task.timeout, signal: request.signal, log };

    let result: ProcessResult;
    if (image) {
      const container = `workflow-task-${randomUUID()}`;
      const passed = Object.entries(scriptEnv(app, request, '/work')).flatMap(([name, value]) => ['-e', `${name}=${value}`]);
      // As the server's user, so the container can use the folder and what it writes there can be removed.
      const user = process.getuid && process.getgid ? ['--user', `${process.getuid()}:${process.getgid()}`] : [];
      const args = ['run', '--rm', '-i', '--name', container, '-v', `${folder}:/work`, '-w', '/work', '--network', 'none', ...user, ...passed, image, ...interpreter.container, fileName];
      result = await runProcess({ ...common, command: 'docker', args, env: dockerClientEnv(SCRIPT_PATH), onStop: () => killContainer(SCRIPT_PATH, container) });
    } else {
      result = await runLocally(app, request, interpreter.local, fileName, folder, common, log);
    }

    const failed = failure(result, task.timeout, log, !image && app.config.scriptSandbox.enabled);
    if (failed) throw failed;
    if (result.lastLine === null && task.outputs.length > 0) throw new TaskFailed('脚本标准输出的最后一行过长，无法读取输出', log.toString());
    try {
      return { outputs: readScriptOutputs(task.outputs, result.lastLine ?? ''), log: log.toString() };
    } catch (error) {
      throw new TaskFailed((error as Error).message, log.toString());
    }
  } finally {
    await rm(folder, { recursive: true, force: true, maxRetries: 3 }).catch((error: Error) => app.log.warn({ err: error, folder }, 'task folder not removed'));
  }
}
