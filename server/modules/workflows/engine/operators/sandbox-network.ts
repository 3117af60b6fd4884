import { execFile } from 'node:child_process';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { promisify } from 'node:util';
import { UID_RANGE } from './sandbox-uid';

const run = promisify(execFile);
export const FIREWALL_CHAIN = 'REPORT_SANDBOX';
const TOOL_PATH = '/usr/sbin:/sbin:/usr/bin:/bin';

interface Family {
  tool: 'iptables' | 'ip6tables';
  blocked: string[];
}

const FAMILIES: Family[] = [
  // Loopback, link-local (where most clouds' metadata service answers) and the metadata addresses outside it.
  { tool: 'iptables', blocked: ['127.0.0.0/8', '169.254.0.0/16', '100.100.100.200/32'] },
  { tool: 'ip6tables', blocked: ['::1/128', 'fe80::/10', 'fd00:ec2::254/128'] },
];

/** The platform database's addresses and port: a script with network must not reach it even on another host. */
async function databaseTargets(databaseUrl: string | undefined): Promise<{ address: string; port: string }[]> {
  if (!databaseUrl) return [];
  const url = new URL(databaseUrl);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!host) return [];
  const port = url.port || '5432';
  const addresses = isIP(host) ? [{ address: host }] : await lookup(host, { all: true });
  return addresses.map(({ address }) => ({ address, port }));
}

async function tool(name: Family['tool'], args: string[]) {
  await run(name, ['-w', ...args], { env: { PATH: TOOL_PATH } });
}

/** Adds a rule unless it is there: several server processes may install the same rules. */
async function ensure(name: Family['tool'], chain: string, rule: string[], position: 'append' | 'first' = 'append') {
  try {
    await tool(name, ['-C', chain, ...rule]);
  } catch {
    await tool(name, position === 'first' ? ['-I', chain, '1', ...rule] : ['-A', chain, ...rule]);
  }
}

async function installFamily(family: Family, owner: string[], database: { address: string; port: string }[]) {
  await tool(family.tool, ['-N', FIREWALL_CHAIN]).catch(() => undefined);
  const reject = ['-j', 'REJECT'];
  // Every address of this machine, whatever interface carries it: the server, its database and other local services listen there.
  await ensure(family.tool, FIREWALL_CHAIN, [...owner, '-m', 'addrtype', '--dst-type', 'LOCAL', ...reject]);
  for (const range of family.blocked) await ensure(family.tool, FIREWALL_CHAIN, [...owner, '-d', range, ...reject]);
  for (const { address, port } of database) await ensure(family.tool, FIREWALL_CHAIN, [...owner, '-d', address, '-p', 'tcp', '--dport', port, ...reject]);
  // The jump last, so the chain is complete before it takes effect.
  await ensure(family.tool, 'OUTPUT', ['-j', FIREWALL_CHAIN], 'first');
}

let installing: Promise<string | null> | null = null;

/**
 * Installs, once per process, the firewall rules that keep the sandbox's uids (base to base+65535)
 * off loopback, link-local, this machine's own addresses and the platform database. Answers null
 * when they are in place, else why not (in Chinese): a script that asks for network must not run then.
 */
export function installNetworkGuard(uidBase: number, databaseUrl: string | undefined): Promise<string | null> {
  installing ??= (async () => {
    if (process.getuid?.() !== 0) return '服务器不是以 root 用户运行，无法为脚本设置防火墙规则，允许访问网络的脚本不能运行';
    const owner = ['-m', 'owner', '--uid-owner', `${uidBase}-${uidBase + UID_RANGE - 1}`];
    try {
      const targets = await databaseTargets(databaseUrl);
      for (const family of FAMILIES) {
        const database = targets.filter(({ address }) => (isIP(address) === 6) === (family.tool === 'ip6tables'));
        await installFamily(family, owner, database);
      }
      return null;
    } catch (error) {
      const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
      return missing
        ? '本机没有安装 iptables，无法为脚本设置防火墙规则，允许访问网络的脚本不能运行：请执行 apt-get install iptables'
        : `无法为脚本设置防火墙规则，允许访问网络的脚本不能运行：${(error as Error).message}`;
    }
  })();
  const attempt = installing;
  // A failure is tried again by the next network script (iptables may have been installed meanwhile).
  void attempt.then((reason) => {
    if (reason && installing === attempt) installing = null;
  });
  return attempt;
}
