import { useSyncExternalStore } from 'react';
import { linkCookies, setCookie } from './cookies';
import { appStorage, currentPlacement } from './placement';
import { defaultTheme } from '../theme';

export const themeNames = ['darkblue', 'dark', 'light'] as const;
export type ThemeName = (typeof themeNames)[number];

/** 0 shows everything; 1 hides the header; 2 also the side menu; 3 also the group panel. */
type Mode = 0 | 1 | 2 | 3;

interface Settings {
  theme: ThemeName;
  mode: Mode;
}

const storedDefaultTheme: ThemeName = 'dark';

function asTheme(value: string | null | undefined): ThemeName | undefined {
  return themeNames.find((name) => name === value);
}

function asMode(value: string | null | undefined): Mode | undefined {
  return value === '0' || value === '1' || value === '2' || value === '3' ? (Number(value) as Mode) : undefined;
}

/** The theme the user chose in the header's menu: it wins over the project's skin. */
const userTheme = (): ThemeName | undefined => asTheme(appStorage.get('localStorage', 'userTheme'));

/** The mode is not stored: a load or mount without the parameter shows header and menu. */
const storedSettings = (): Settings => ({
  theme: userTheme() ?? asTheme(appStorage.get('localStorage', 'theme')) ?? storedDefaultTheme,
  mode: 0,
});

let settings: Settings = storedSettings();
let started = false;
/** A theme was given by the URL or a host shell: the project's skin does not override it. */
let themeGiven = false;
const listeners = new Set<() => void>();

function applyTheme(theme: ThemeName): void {
  const target = currentPlacement().themeTarget();
  themeNames.forEach((name) => target.classList.toggle(`theme-${name}`, name === theme));
  appStorage.set('localStorage', 'theme', theme);
}

function publish(next: Settings): void {
  if (next.theme === settings.theme && next.mode === settings.mode) return;
  settings = next;
  listeners.forEach((listener) => listener());
}

/**
 * Starts over from storage, for a mount: under a host the keys are namespaced, so what was
 * read when the module loaded (before the lifecycle said where it runs) does not count.
 */
export function reloadSettings(): void {
  started = false;
  themeGiven = false;
  publish(storedSettings());
}

/** Takes the theme a host shell shares; the URL's `theme` parameter can still change it later. */
export function setTheme(value: string | undefined): void {
  const theme = asTheme(value);
  if (!theme) return;
  started = true;
  themeGiven = true;
  applyTheme(theme);
  publish({ ...settings, theme });
}

/** Takes the theme class off the element the app was given (the lifecycle's unmount). */
export function removeThemeClass(): void {
  const target = currentPlacement().themeTarget();
  themeNames.forEach((name) => target.classList.remove(`theme-${name}`));
}

/**
 * Reads the URL's query parameters: link tokens go to cookies, the theme to storage.
 * The first read of a load or mount falls back to the darkblue theme and mode 0; later ones
 * (routes inside the app, whose links drop the query) keep the current theme and mode, and an
 * explicit mode, 0 included, always wins.
 */
export function applyUrlParams(params: URLSearchParams): void {
  linkCookies.forEach((name) => {
    const value = params.get(name);
    if (value) setCookie(name, value);
  });
  const asked = asTheme(params.get('theme'));
  if (asked) themeGiven = true;
  const theme = asked ?? (started ? settings.theme : (userTheme() ?? defaultTheme));
  const mode = asMode(params.get('mode')) ?? (started ? settings.mode : 0);
  started = true;
  applyTheme(theme);
  publish({ theme, mode });
}

/**
 * The theme the user picks in the header's menu (kept for next time); undefined follows the
 * project's skin again.
 */
export function chooseTheme(value: ThemeName | undefined, projectSkin?: string | null): void {
  if (value) appStorage.set('localStorage', 'userTheme', value);
  else appStorage.remove('localStorage', 'userTheme');
  const theme = value ?? asTheme(projectSkin) ?? (themeGiven ? settings.theme : defaultTheme);
  applyTheme(theme);
  // Told even when the theme stays: the menu shows which choice holds.
  settings = { ...settings, theme };
  listeners.forEach((listener) => listener());
}

/** The user's own choice in the header's menu, if any. */
export const chosenTheme = (): ThemeName | undefined => userTheme();

/** The project's skin (项目皮肤) is its theme, unless the URL, a host shell or the user chose one. */
export function applyProjectSkin(skin: string | null | undefined): void {
  const theme = asTheme(skin);
  if (!theme || themeGiven || userTheme() || theme === settings.theme) return;
  applyTheme(theme);
  publish({ ...settings, theme });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSettings(): Settings {
  return useSyncExternalStore(subscribe, () => settings);
}
