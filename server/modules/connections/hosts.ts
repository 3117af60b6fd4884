import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { badRequest } from '../../lib/errors';

/** Link-local ranges, where cloud metadata services answer, and the metadata addresses of the big clouds. */
const NEVER = new BlockList();
NEVER.addSubnet('169.254.0.0', 16, 'ipv4');
NEVER.addSubnet('fe80::', 10, 'ipv6');
NEVER.addAddress('100.100.100.200', 'ipv4');
NEVER.addAddress('fd00:ec2::254', 'ipv6');

function allowList(allowed: string[]) {
  const list = new BlockList();
  const names = new Set<string>();
  for (const entry of allowed) {
    const [address, bits] = entry.split('/');
    const family = isIP(address);
    if (family === 0) names.add(entry.toLowerCase());
    else if (bits === undefined) list.addAddress(address, family === 4 ? 'ipv4' : 'ipv6');
    else list.addSubnet(address, Number(bits), family === 4 ? 'ipv4' : 'ipv6');
  }
  return { names, list };
}

/**
 * The address to connect to, once the host name is resolved and every address it has is allowed:
 * never link-local or metadata addresses, and only the configured hosts when a list is set.
 * Connecting to the checked address, not the name, keeps a second lookup from answering otherwise.
 */
export async function checkedAddress(host: string, allowed: string[] | undefined): Promise<string> {
  let addresses: Array<{ address: string; family: number }>;
  try {
    addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true });
  } catch {
    throw badRequest(`无法解析主机名 ${host}`);
  }
  const allow = allowed && allowList(allowed);
  for (const { address, family } of addresses) {
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (NEVER.check(address, type)) throw badRequest(`不允许连接到地址 ${address}`);
    if (allow && !allow.names.has(host.toLowerCase()) && !allow.list.check(address, type)) throw badRequest(`主机 ${host} 不在允许连接的范围内`);
  }
  return addresses[0].address;
}
