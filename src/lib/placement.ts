import { embedding } from '../host/names';

/** Where the app runs: alone on its page, or in the container a host shell gives. */
export interface Placement {
  embedded: boolean;
  /** The app's routes sit under this prefix in the URL hash: '/report' puts /list at #/report/list. */
  routerBase: string;
  /** The element carrying the theme class: <body> standalone, the mount root under a host. */
  themeTarget: () => HTMLElement;
}

const standalone: Placement = { embedded: false, routerBase: '', themeTarget: () => document.body };
let placement = standalone;

export function currentPlacement(): Placement {
  return placement;
}

/** Set by the lifecycle before the app renders; `undefined` goes back to standalone. */
export function setPlacement(next: Placement | undefined): void {
  placement = next ?? standalone;
}

/** A storage key or cookie name of the app: namespaced under a host, as it always was standalone. */
export function storageKey(name: string): string {
  return placement.embedded ? `${embedding.storagePrefix}${name}` : name;
}

export function cookieName(name: string): string {
  return placement.embedded ? `${embedding.cookiePrefix}${name}` : name;
}

type StorageKind = 'localStorage' | 'sessionStorage';

/** The app's keys in browser storage, namespaced by `storageKey`; storage can be unavailable (a sandboxed host frame), and the app then just forgets. */
export const appStorage = {
  get(kind: StorageKind, key: string): string | null {
    try {
      return window[kind].getItem(storageKey(key));
    } catch {
      return null;
    }
  },
  set(kind: StorageKind, key: string, value: string): void {
    try {
      window[kind].setItem(storageKey(key), value);
    } catch {
      // Nothing to keep it in.
    }
  },
  remove(kind: StorageKind, key: string): void {
    try {
      window[kind].removeItem(storageKey(key));
    } catch {
      // Nothing was kept.
    }
  },
};

/** Forgets what the app kept: every key standalone (the page is the app's), only its own under a host. */
export function clearAppStorage(): void {
  (['localStorage', 'sessionStorage'] as StorageKind[]).forEach((kind) => {
    try {
      const storage = window[kind];
      if (!placement.embedded) return storage.clear();
      Object.keys(storage)
        .filter((key) => key.startsWith(embedding.storagePrefix))
        .forEach((key) => storage.removeItem(key));
    } catch {
      // Storage is unavailable in a sandboxed host frame; there is nothing to clear.
    }
  });
}
