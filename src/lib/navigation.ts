import { currentPlacement } from './placement';

/** Helpers for the hash URL: `#/path?query`, or `#{routerBase}/path?query` under a host shell. */

const publicPaths = ['/login', '/register', '/resetcode'];

/** The app's route inside the hash, with its query, e.g. `/main/p1/reportList?groupId=2`. */
export function currentHashPath(): string {
  const hash = window.location.hash.replace(/^#/, '') || '/';
  const base = currentPlacement().routerBase;
  if (!base) return hash;
  const rest = hash.slice(base.length);
  return hash.startsWith(base) && (rest === '' || /^[/?]/.test(rest)) ? (rest.startsWith('/') ? rest : `/${rest}`) : '/';
}

/** The link of an app route: `#/list`, or `#/report/list` under a host whose router base is /report. */
export function hashHref(path: string): string {
  return `#${currentPlacement().routerBase}${path}`;
}

export function isPublicPath(path: string): boolean {
  const pathname = path.split('?')[0].toLowerCase();
  return publicPaths.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

/** The login route that comes back to `from` after signing in. */
export function loginPath(from: string = currentHashPath()): string {
  if (isPublicPath(from) || from === '/') return '/login';
  return `/login?redirect=${encodeURIComponent(from)}`;
}

/** Only in-app paths are followed after login; anything else goes to the project list. */
export function safeRedirect(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || isPublicPath(value)) {
    return '/list';
  }
  return value;
}

/** Query parameters from both the real query string and the one inside the hash. */
export function urlParams(hashSearch: string = window.location.hash.split('?')[1] ?? ''): URLSearchParams {
  const params = new URLSearchParams(window.location.search);
  new URLSearchParams(hashSearch).forEach((value, key) => params.set(key, value));
  return params;
}

/** The router numbers its history entries; idx 0 means this screen was opened directly, with nothing to go back to. */
export function canGoBack(): boolean {
  return ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
}
