import { useSyncExternalStore } from 'react';
import { linkCookies, setCookie } from './cookies';

const themeNames = ['darkblue', 'dark', 'light'] as const;
export type ThemeName = (typeof themeNames)[number];

/** 0 shows everything; 1 hides the header; 2 also the side menu; 3 also the group panel. */
type Mode = 0 | 1 | 2 | 3;

interface Settings {
  theme: ThemeName;
  mode: Mode;
}

const defaultTheme: ThemeName = 'darkblue';
const storedDefaultTheme: ThemeName = 'dark';

function asTheme(value: string | null | undefined): ThemeName | undefined {
  return themeNames.find((name) => name === value);
}

function asMode(value: string | null | undefined): Mode | undefined {
  return value === '1' || value === '2' || value === '3' ? (Number(value) as Mode) : undefined;
}

/** Storage can be unavailable (a sandboxed host frame); the app then just forgets. */
const store = {
  get(kind: 'localStorage' | 'sessionStorage', key: string): string | null {
    try {
      return window[kind].getItem(key);
    } catch {
      return null;
    }
  },
  set(kind: 'localStorage' | 'sessionStorage', key: string, value: string): void {
    try {
      window[kind].setItem(key, value);
    } catch {
      // Nothing to keep it in.
    }
  },
};

let settings: Settings = {
  theme: asTheme(store.get('localStorage', 'theme')) ?? storedDefaultTheme,
  mode: asMode(store.get('sessionStorage', 'mode')) ?? 0,
};
let started = false;
const listeners = new Set<() => void>();

function applyTheme(theme: ThemeName): void {
  themeNames.forEach((name) => document.body.classList.toggle(`theme-${name}`, name === theme));
  store.set('localStorage', 'theme', theme);
}

/**
 * Reads the URL's query parameters: link tokens go to cookies, theme and mode to storage.
 * The first read falls back to the darkblue theme; later ones keep the current theme.
 */
export function applyUrlParams(params: URLSearchParams): void {
  linkCookies.forEach((name) => {
    const value = params.get(name);
    if (value) setCookie(name, value);
  });
  const theme = asTheme(params.get('theme')) ?? (started ? settings.theme : defaultTheme);
  const mode = asMode(params.get('mode')) ?? settings.mode;
  started = true;
  if (mode !== settings.mode) store.set('sessionStorage', 'mode', String(mode));
  applyTheme(theme);
  if (theme !== settings.theme || mode !== settings.mode) {
    settings = { theme, mode };
    listeners.forEach((listener) => listener());
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSettings(): Settings {
  return useSyncExternalStore(subscribe, () => settings);
}
