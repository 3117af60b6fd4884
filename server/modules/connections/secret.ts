import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config';
import { badRequest } from '../../lib/errors';

const KEY_FILE = 'connection-secret.key';

/**
 * The key that seals connection passwords: CONNECTION_SECRET, or for the embedded default one
 * made at first start and kept (owner-readable only) in the data folder.
 */
export function connectionKey(config: Config): Buffer {
  if (config.connectionSecret) return config.connectionSecret;
  const file = path.join(config.dataDir, KEY_FILE);
  const read = () => Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
  try {
    return read();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(config.dataDir, { recursive: true });
  const key = randomBytes(32);
  try {
    writeFileSync(file, key.toString('hex'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another process of the same data folder made it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return read();
    throw error;
  }
  return key;
}

/** AES-256-GCM: iv, tag and ciphertext, base64, joined by dots. */
export function seal(key: Buffer, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64')).join('.');
}

/** The password, or a 400 when this server's key did not seal it (CONNECTION_SECRET changed). */
export function unseal(key: Buffer, sealed: string): string {
  try {
    const [iv, tag, data] = sealed.split('.').map((part) => Buffer.from(part, 'base64'));
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
  } catch {
    throw badRequest('无法解密该连接保存的密码（服务器的 CONNECTION_SECRET 已更换），请编辑连接重新填写密码');
  }
}
