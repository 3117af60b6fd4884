import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import type { AllowedHost, Config } from '../../config';
import { badRequest } from '../../lib/errors';

/**
 * The one answer for every connection that cannot be made: a closed port, an unreachable host, a name
 * that does not resolve and an address this policy refuses look the same, so connections are no port scanner.
 */
export const UNREACHABLE = '无法连接到数据库服务器，请检查主机、端口和网络设置';
export const unreachable = () => badRequest(UNREACHABLE);
const outsideList = (host: string) => badRequest(`主机 ${host} 不在允许连接的范围内`);

type Family = 'ipv4' | 'ipv6';
const familyOf = (address: string): Family => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

/** Never dialled, whatever CONNECTION_ALLOWED_HOSTS says: unspecified, link-local (where metadata services answer) and cloud metadata addresses. */
const NEVER = new BlockList();
NEVER.addSubnet('0.0.0.0', 8, 'ipv4');
NEVER.addAddress('::', 'ipv6');
NEVER.addSubnet('169.254.0.0', 16, 'ipv4');
NEVER.addSubnet('fe80::', 10, 'ipv6');
NEVER.addAddress('100.100.100.200', 'ipv4');
NEVER.addAddress('fd00:ec2::254', 'ipv6');

/** Dialled only when CONNECTION_ALLOWED_HOSTS names them. */
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** The 16 bytes of an IPv6 address (a dotted IPv4 tail included). */
function bytesOf(address: string): number[] {
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  const hex = dotted ? `${address.slice(0, dotted.index)}${((+dotted[1] << 8) | +dotted[2]).toString(16)}:${((+dotted[3] << 8) | +dotted[4]).toString(16)}` : address;
  const [head, tail] = hex.split('::');
  const words = (part: string | undefined) => (part ? part.split(':').map((word) => parseInt(word, 16)) : []);
  const front = words(head);
  const back = words(tail);
  const all = tail === undefined ? front : [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
  return all.flatMap((word) => [word >> 8, word & 0xff]);
}

/**
 * The IPv4 address an IPv6 address carries, which is where it ends up: IPv4-mapped (::ffff:0:0/96),
 * IPv4-compatible (::/96), NAT64 (64:ff9b::/96) and 6to4 (2002::/16).
 */
export function embeddedIpv4(address: string): string | undefined {
  if (isIP(address) !== 6) return undefined;
  const b = bytesOf(address);
  const zeros = (from: number, to: number) => b.slice(from, to).every((byte) => byte === 0);
  let v4: number[] | undefined;
  if (zeros(0, 10) && b[10] === 0xff && b[11] === 0xff) v4 = b.slice(12);
  else if (zeros(0, 12) && b[12] !== 0) v4 = b.slice(12); // not :: or ::1
  else if (b[0] === 0 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zeros(4, 12)) v4 = b.slice(12);
  else if (b[0] === 0x20 && b[1] === 0x02) v4 = b.slice(2, 6);
  return v4?.join('.');
}

/** An address and the IPv4 address it carries: a check must hold for both. */
function formsOf(address: string): string[] {
  const bare = address.replace(/%.*$/, ''); // no zone id (fe80::1%eth0)
  const inner = embeddedIpv4(bare);
  return inner ? [bare, inner] : [bare];
}

/** How a host name is compared: lower case, no brackets, no trailing dot (`LOCALHOST.` is `localhost`). */
const normalized = (host: string) => host.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');

const insideLoopback = (entry: AllowedHost) =>
  LOOPBACK.check(entry.host, familyOf(entry.host)) && (entry.bits ?? 128) >= (familyOf(entry.host) === 'ipv4' ? 8 : 128);

const entryList = (entry: AllowedHost) => {
  const list = new BlockList();
  if (entry.bits === undefined) list.addAddress(entry.host, familyOf(entry.host));
  else list.addSubnet(entry.host, entry.bits, familyOf(entry.host));
  return list;
};

/** An entry of CONNECTION_ALLOWED_HOSTS; `list` holds its address or range (none for a name). */
type Entry = AllowedHost & { list?: BlockList };

interface Policy {
  entries: Entry[] | undefined;
  /** The platform's own database server: its port and every address that reaches it; undefined on PGlite. */
  server: Promise<{ port: number; addresses: BlockList } | undefined> | undefined;
}

/**
 * Where the server of DATABASE_URL answers: its addresses; when that is this machine, every loopback
 * and local interface address, as all of them may reach it. A failed lookup is tried again next time.
 */
async function databaseServer(url: string, lookup: typeof dnsLookup): Promise<{ port: number; addresses: BlockList }> {
  const parsed = new URL(url);
  const host = normalized(parsed.hostname) || 'localhost'; // no host: a local socket, the same server on loopback
  const found = isIP(host) ? [host] : (await lookup(host, { all: true })).map((entry) => entry.address);
  const local = Object.values(networkInterfaces()).flatMap((list) => list ?? []).map((entry) => entry.address);
  const addresses = new BlockList();
  for (const address of found) addresses.addAddress(address, familyOf(address));
  if (found.some((address) => LOOPBACK.check(address, familyOf(address)) || local.includes(address))) {
    addresses.addSubnet('127.0.0.0', 8, 'ipv4');
    for (const address of ['::1', ...local]) addresses.addAddress(address, familyOf(address));
  }
  return { port: Number(parsed.port || 5432), addresses };
}

const policies = new WeakMap<Config, Policy>();
function policyOf(config: Config, lookup: typeof dnsLookup): Policy {
  const policy = policies.get(config) ?? { entries: config.connectionAllowedHosts?.map((entry) => ({ ...entry, list: isIP(entry.host) ? entryList(entry) : undefined })), server: undefined };
  policies.set(config, policy);
  if (config.databaseUrl && !policy.server) {
    const pending = databaseServer(config.databaseUrl, lookup);
    policy.server = pending;
    pending.catch(() => {
      if (policy.server === pending) policy.server = undefined;
    });
  }
  return policy;
}

/**
 * The address to dial for `host`:`port`, decided on that very address: the name is resolved once,
 * every address it has is checked, and the caller connects to the one answered (never to the name,
 * so a second lookup cannot answer otherwise).
 * - Never: unspecified, link-local, cloud metadata addresses, or an IPv6 address carrying one.
 * - With CONNECTION_ALLOWED_HOSTS: only what it lists; a name is looked up only when listed
 *   (or when the list has no names at all, only addresses and ranges).
 * - Loopback only when an entry names it: the name typed (`localhost`), or an address or range inside
 *   127.0.0.0/8 or ::1 (`127.0.0.1`, `127.0.0.0/8`); a wider range (`0.0.0.0/0`) does not.
 * - This server's own database server (host and port of DATABASE_URL, resolved; on this machine, any
 *   local address at that port) only when an entry with that port names it (`127.0.0.1:5432`, `db.internal:5432`).
 * Refusals by the built-in rules answer UNREACHABLE, like a closed port; the list's refusals say so.
 */
export async function checkedAddress(config: Config, host: string, port: number, lookup: typeof dnsLookup = dnsLookup): Promise<string> {
  const name = normalized(host);
  const { entries, server } = policyOf(config, lookup);
  const atPort = (entry: Entry) => entry.port === undefined || entry.port === port;
  const named = (entry: Entry) => !entry.list && entry.host === name && atPort(entry);
  if (entries && !isIP(name) && entries.some((entry) => !entry.list) && !entries.some(named)) throw outsideList(host);

  let addresses: string[];
  try {
    addresses = isIP(name) ? [name] : (await lookup(name, { all: true })).map((entry) => entry.address);
  } catch {
    throw unreachable();
  }
  const ownDatabase = await server?.catch(() => undefined);
  // An IPv6 entry never covers an IPv4 address (BlockList would let ::/0 match them all); an IPv4 one covers its mapped forms.
  const covers = (entry: Entry, address: string) =>
    entry.list ? atPort(entry) && !(familyOf(entry.host) === 'ipv6' && familyOf(address) === 'ipv4') && entry.list.check(address, familyOf(address)) : named(entry);
  const listed = (address: string) => entries?.some((entry) => covers(entry, address));
  /** Loopback is named by a name entry or an address or range inside loopback, not by a wider range (0.0.0.0/0). */
  const namesLoopback = (address: string) => entries?.some((entry) => covers(entry, address) && (!entry.list || insideLoopback(entry)));
  /** The database server is named by an entry that gives its port. */
  const namesDatabase = (address: string) => entries?.some((entry) => covers(entry, address) && entry.port === port);
  for (const address of addresses) {
    const forms = formsOf(address);
    if (forms.some((form) => NEVER.check(form, familyOf(form)))) throw unreachable();
    if (entries && !forms.some(listed)) throw outsideList(host);
    if (forms.some((form) => LOOPBACK.check(form, familyOf(form)) && !namesLoopback(form))) throw unreachable();
    if (ownDatabase?.port === port && forms.some((form) => ownDatabase.addresses.check(form, familyOf(form)) && !namesDatabase(form))) throw unreachable();
  }
  if (addresses.length === 0) throw unreachable();
  return addresses[0];
}
