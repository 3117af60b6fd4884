import type { AuthActionResponse, AuthProvider } from '@refinedev/core';
import { clearCookies, getCookie, setCookie } from '../lib/cookies';
import { feedback } from '../lib/feedback';
import { currentHashPath, isPublicPath, loginPath, safeRedirect } from '../lib/navigation';
import { clearAppStorage } from '../lib/placement';
import { api } from '../api/client';
import { toHttpError } from './http';

const sessionExpiredText = '您的登录状态失效，请重新登录';

export interface UserInfo {
  uuid: string;
  username: string;
  nickname: string;
  mobile: string | null;
  organization_uuid: string | null;
  is_superuser?: boolean;
  is_staff?: boolean;
}

/** What the `action` of an SMS code is for; `bind` is sent with the token. */
export type SmsAction = 'login' | 'reset' | 'bind';

type Credentials = { username: string; password: string } | { mobile: string; code: string };
export type LoginParams = Credentials & { redirect?: string | null };
export interface RegisterParams {
  mobile: string;
  code: string;
  username?: string;
  password: string;
}
export interface ResetParams {
  mobile: string;
  code: string;
  password: string;
}

export function hasToken(): boolean {
  return Boolean(getCookie('token'));
}

/**
 * Says 您的登录状态失效 when the token is gone but the session left its trace (the username
 * cookie, kept from sign-in until sign-out or a 401 clears it): a visitor who never signed in
 * just lands on the sign-in page.
 */
export function announceSessionExpired(): void {
  if (getCookie('username')) feedback.warning(sessionExpiredText);
}

export async function fetchUserInfo(): Promise<UserInfo> {
  const data: UserInfo = await api.call('getUserInfo');
  if (data.organization_uuid) setCookie('organization_uuid', data.organization_uuid);
  return data;
}

/** A user info request sent ahead of the first getIdentity, which takes its answer (if under 10 s old). */
let early: { sent: Promise<UserInfo>; at: number } | undefined;

/**
 * Sends the user info request now, as the workspace starts to render, instead of once its
 * header and shell have rendered and ask for the identity; the first getIdentity takes the answer.
 */
export function requestUserInfoEarly(): void {
  if (early || !hasToken()) return;
  early = { sent: fetchUserInfo(), at: Date.now() };
  // A failure has been told by the HTTP layer; getIdentity handles it as its own.
  early.sent.catch(() => undefined);
}

/** Drops an early user info answer not read yet: an invitation link is about to change the user's organization. */
export function dropEarlyUserInfo(): void {
  early = undefined;
}

export function requestSmsCode(mobile: string, action: SmsAction = 'login'): Promise<unknown> {
  return api.call('postUserSmsCode', { body: { mobile, action, application: 'report' } });
}

/** Changes the nickname, or the password (`old_password` and `password`); answers the user info. */
export async function updateUserInfo(
  body: { nickname: string } | { old_password: string; password: string },
): Promise<UserInfo> {
  return api.call('postUserInfo', { body });
}

/** Moves the account to a new mobile, proven by a code requested with action `bind`. */
export async function bindMobile(mobile: string, code: string): Promise<{ mobile: string }> {
  return api.call('postUserSmsBind', { body: { mobile, code, action: 'bind' } });
}

function signIn(params: LoginParams) {
  return 'code' in params
    ? api.call('postUserSmsLogin', { body: { mobile: params.mobile, code: params.code } })
    : api.call('postUserAccountLogin', { body: { username: params.username, password: params.password } });
}

/** Runs a sign-in call; a failure has been shown by the HTTP layer and becomes `success: false`. */
async function attempt(action: () => Promise<AuthActionResponse>): Promise<AuthActionResponse> {
  try {
    return await action();
  } catch (error) {
    return { success: false, error: toHttpError(error) };
  }
}

export const authProvider = {
  login: (params: LoginParams) =>
    attempt(async () => {
      const { username, token } = await signIn(params);
      setCookie('token', token);
      setCookie('username', username);
      // A missing profile only costs the Organization header; the catalogue has told the user.
      await fetchUserInfo().catch(() => undefined);
      return { success: true, redirectTo: safeRedirect(params.redirect) };
    }),

  register: (params: RegisterParams) =>
    attempt(async () => {
      const username = params.username?.trim();
      await api.call('postUserAccountRegister', { body: { ...params, username: username || undefined } });
      return { success: true, redirectTo: '/login', successNotification: { message: '注册成功，请登录' } };
    }),

  forgotPassword: (params: ResetParams) =>
    attempt(async () => {
      await api.call('postUserSmsReset', { body: params });
      return { success: true, redirectTo: '/login', successNotification: { message: '密码已重置，请登录' } };
    }),

  check: async () => {
    if (hasToken()) return { authenticated: true };
    announceSessionExpired();
    return { authenticated: false, logout: true, redirectTo: loginPath() };
  },

  logout: async () => {
    if (hasToken()) await api.call('postUserAccountLogout', { options: { silent: true } }).catch(() => undefined);
    clearAppStorage();
    clearCookies();
    return { success: true, redirectTo: '/login' };
  },

  getIdentity: async () => {
    if (!hasToken()) return null;
    const sent = early && Date.now() - early.at < 10_000 ? early.sent : undefined;
    early = undefined;
    return (sent ?? fetchUserInfo()).catch(() => ({ username: getCookie('username') ?? '' }));
  },

  onError: async (error: { statusCode?: number }) => {
    if (error?.statusCode !== 401) return {};
    // The HTTP layer has already sent the user to the login route; keep its redirect.
    const here = currentHashPath();
    return { logout: true, redirectTo: isPublicPath(here) ? here : loginPath(here) };
  },
} satisfies AuthProvider;
