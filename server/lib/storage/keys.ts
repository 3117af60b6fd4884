import { randomUUID } from 'node:crypto';
import { dayjs } from '../dates';

/** The shape of every key newStorageKey() makes (`fYYYY/MM/<uuid>`); anything else is refused. */
export const STORAGE_KEY = /^[a-z0-9]+(\/[a-z0-9-]+)+$/;

/** A fresh key, never derived from a client-supplied name. */
export const newStorageKey = () => `${dayjs.utc().format('[f]YYYY/MM')}/${randomUUID()}`;

export function checkedKey(key: string): string {
  if (!STORAGE_KEY.test(key)) throw new Error(`invalid storage key ${key}`);
  return key;
}
