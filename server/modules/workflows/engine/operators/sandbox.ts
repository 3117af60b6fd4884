import { constants } from 'node:fs';
import { access, chown, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { ScriptSandboxConfig } from '../../../../config';
import { installNetworkGuard } from './sandbox-network';
import { takeTaskUid } from './sandbox-uid';

/** Where the task folder appears inside the sandbox: the script's working folder and HOME. */
export const SANDBOX_WORK = '/work';
/** nobody: who the script is inside its user namespace. */
const INSIDE_ID = '65534';
const MB = 1024 * 1024;

export const BWRAP_MISSING = (bwrapPath: string) =>
  `本机没有安装 bubblewrap（${bwrapPath}），脚本无法在沙箱中运行：请执行 apt-get install bubblewrap（或设置 SCRIPT_SANDBOX=off，仅限开发）`;

const asRoot = () => process.getuid?.() === 0;

export interface SandboxRequest {
  config: ScriptSandboxConfig;
  /** The task folder on the host, bound read-write at /work. */
  folder: string;
  /** The interpreter and its arguments, as run inside. */
  command: string[];
  cpuSeconds: number;
  network: boolean;
  databaseUrl: string | undefined;
}

export interface SandboxCommand {
  command: string;
  args: string[];
  /** Gives the task's uid back once nothing of the task runs any more. */
  release: () => void;
}

/** What interpreters need, read-only; nothing else of the host's file system. */
function systemMounts(command: string[], network: boolean): string[] {
  const mounts = ['--ro-bind', '/usr', '/usr', '--symlink', 'usr/bin', '/bin', '--symlink', 'usr/sbin', '/sbin', '--symlink', 'usr/lib', '/lib', '--symlink', 'usr/lib64', '/lib64'];
  for (const file of ['/etc/ld.so.cache', '/etc/alternatives', '/etc/ssl/certs', '/etc/ca-certificates', '/etc/localtime']) mounts.push('--ro-bind-try', file, file);
  if (network) for (const file of ['/etc/resolv.conf', '/etc/hosts', '/etc/nsswitch.conf', '/etc/gai.conf']) mounts.push('--ro-bind-try', file, file);
  // An interpreter installed outside /usr (a node of nvm, say) is shown at its own path.
  const program = command[0];
  if (path.isAbsolute(program) && !program.startsWith('/usr/')) mounts.push('--ro-bind', program, program);
  return mounts;
}

function bwrapArgs(request: SandboxRequest): string[] {
  return [
    '--unshare-all',
    ...(request.network ? ['--share-net'] : []),
    '--die-with-parent',
    '--new-session',
    '--cap-drop',
    'ALL',
    ...systemMounts(request.command, request.network),
    '--proc',
    '/proc',
    '--dev',
    '/dev',
    '--tmpfs',
    '/tmp',
    '--bind',
    request.folder,
    SANDBOX_WORK,
    '--chdir',
    SANDBOX_WORK,
    '--uid',
    INSIDE_ID,
    '--gid',
    INSIDE_ID,
    '--',
    ...request.command,
  ];
}

/** Hands the task folder and what is in it to the task's uid, so the script can write there (root can still remove it). */
async function giveFolder(folder: string, uid: number) {
  await chown(folder, uid, uid);
  for (const entry of await readdir(folder)) await chown(path.join(folder, entry), uid, uid);
}

/**
 * The command that runs a script confined: as root, under a uid of its own (setpriv) with
 * per-task limits (prlimit); otherwise as the server's user, without the process limit, which
 * would count the server's own processes. Throws with a Chinese reason when it cannot be confined.
 */
export async function sandboxCommand(request: SandboxRequest): Promise<SandboxCommand> {
  const { config } = request;
  try {
    await access(config.bwrapPath, constants.X_OK);
  } catch {
    throw new Error(BWRAP_MISSING(config.bwrapPath));
  }
  if (request.network) {
    const refused = await installNetworkGuard(config.uidBase, request.databaseUrl);
    if (refused) throw new Error(refused);
  }
  const limits = [
    `--as=${config.memoryMb * MB}`,
    `--fsize=${config.maxFileMb * MB}`,
    `--nofile=${config.maxOpenFiles}`,
    `--cpu=${Math.max(1, Math.ceil(request.cpuSeconds))}`,
  ];
  const bwrap = [config.bwrapPath, ...bwrapArgs(request)];
  if (!asRoot()) return { command: 'prlimit', args: [...limits, '--', ...bwrap], release: () => undefined };

  const { uid, release } = await takeTaskUid(config.uidBase);
  try {
    await giveFolder(request.folder, uid);
  } catch (error) {
    release();
    throw error;
  }
  const user = [`--reuid=${uid}`, `--regid=${uid}`, '--clear-groups'];
  return { command: 'setpriv', args: [...user, '--', 'prlimit', ...limits, `--nproc=${config.maxProcesses}`, '--', ...bwrap], release };
}

/** Says at start how scripts will run, and what is missing. */
export async function logSandboxMode(log: FastifyBaseLogger, config: ScriptSandboxConfig): Promise<void> {
  if (!config.enabled) {
    log.warn('SCRIPT_SANDBOX=off：工作流脚本不在沙箱中运行，能读到服务器的文件、环境变量和网络，仅限开发使用');
    return;
  }
  const installed = await access(config.bwrapPath, constants.X_OK).then(
    () => true,
    () => false,
  );
  if (!installed) log.warn(BWRAP_MISSING(config.bwrapPath));
  else if (!asRoot()) {
    log.warn('服务器不是以 root 用户运行：脚本在 bubblewrap 沙箱中以服务器的用户运行，进程数限制（SCRIPT_MAX_PROCESSES）无法按任务设置，未启用；允许访问网络的脚本不能运行');
  } else log.info(`工作流脚本在 bubblewrap 沙箱中运行，每个任务一个用户编号（${config.uidBase} 起）`);
}
