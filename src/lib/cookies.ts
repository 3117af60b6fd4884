import { cookieName } from './placement';

/** The cookies the app reads and writes; all live at path=/, named with a prefix under a host (cookieName). */
export const sessionCookies = ['token', 'username', 'organization_uuid'] as const;
export const linkCookies = ['orgtoken', 'protoken', 'stafftoken', 'orgname', 'orguuid'] as const;

export function getCookie(name: string): string | undefined {
  const prefix = `${encodeURIComponent(cookieName(name))}=`;
  const item = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return item === undefined ? undefined : decodeURIComponent(item.slice(prefix.length));
}

export function setCookie(name: string, value: string): void {
  document.cookie = `${encodeURIComponent(cookieName(name))}=${encodeURIComponent(value)}; path=/; SameSite=Lax`;
}

export function removeCookie(name: string): void {
  document.cookie = `${encodeURIComponent(cookieName(name))}=; path=/; max-age=0`;
}

export function clearCookies(names: readonly string[] = [...sessionCookies, ...linkCookies]): void {
  names.forEach(removeCookie);
}
