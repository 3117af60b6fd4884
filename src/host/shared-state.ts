import { removeCookie, setCookie } from '../lib/cookies';
import { setTheme } from '../lib/settings';

/**
 * The data a host shell shares with the app, in its mount props and in qiankun's global state
 * (`initGlobalState` in the host; `onGlobalStateChange` / `setGlobalState` in the props).
 * Named after the spec's client state (workspace section 3). Every key is optional.
 */
export interface SharedState {
  /** The platform session token, sent as `Authorization: Token …`; empty or null signs the app out. */
  token?: string | null;
  /** The signed-in user: username (shown until the app's own /user/info/ answers), organization_uuid. */
  userInfo?: { uuid?: string; username?: string; nickname?: string; organization_uuid?: string | null } | null;
  /** The organization, sent as the `Organization` header. */
  orgInfo?: { uuid: string; name?: string } | null;
  /** darkblue, dark or light. */
  theme?: string | null;
  /** The current project: the app opens it, and follows when it changes; the app reports a switch back. */
  projectInfo?: { uuid: string; name?: string } | null;
  /** The caller's permission details in projectInfo's project, shown until the server's answer. */
  projectPermissionDetail?: string[] | null;
}

export const sharedKeys = ['token', 'userInfo', 'orgInfo', 'theme', 'projectInfo', 'projectPermissionDetail'] as const;

/** What a host passes besides the container: its global-state actions and a route callback. */
export interface HostConnection {
  /** Called with the app's route (`/main/{id}/reportList?…`) after each navigation inside it. */
  onRouteChange?: (route: string) => void;
  setGlobalState?: (state: Record<string, unknown>) => boolean;
}

let state: SharedState = {};
let connection: HostConnection = {};
const listeners = new Set<(state: SharedState, previous: SharedState) => void>();

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The shared keys of a props object or a global state, nothing else. */
export function pickShared(source: Record<string, unknown>): SharedState {
  return Object.fromEntries(sharedKeys.filter((key) => key in source).map((key) => [key, source[key]])) as SharedState;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Applies what changed: cookies (namespaced under a host) and the theme here, the rest in HostBridge. */
export function takeShared(next: SharedState): void {
  const previous = state;
  state = { ...state, ...next };
  const changed = (key: keyof SharedState) => key in next && !same(next[key], previous[key]);
  if (changed('token')) {
    if (typeof state.token === 'string' && state.token) setCookie('token', state.token);
    else removeCookie('token');
  }
  if (changed('userInfo') && isRecord(state.userInfo)) {
    if (state.userInfo.username) setCookie('username', state.userInfo.username);
    if (state.userInfo.organization_uuid && !state.orgInfo) setCookie('organization_uuid', state.userInfo.organization_uuid);
  }
  if (changed('orgInfo') && isRecord(state.orgInfo) && state.orgInfo.uuid) setCookie('organization_uuid', state.orgInfo.uuid);
  if (changed('theme') && typeof state.theme === 'string') setTheme(state.theme);
  if (sharedKeys.some(changed)) listeners.forEach((listener) => listener(state, previous));
}

export function sharedState(): SharedState {
  return state;
}

export function subscribeShared(listener: (state: SharedState, previous: SharedState) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function connectHost(next: HostConnection): void {
  connection = next;
}

/** Forgets the host: its data and its callbacks (the lifecycle's unmount). */
export function disconnectHost(): void {
  connection = {};
  state = {};
}

export function tellRoute(route: string): void {
  connection.onRouteChange?.(route);
}

/** Tells the host what the app changed (for now the project it opened), only when it differs. */
export function tellHost(next: SharedState): void {
  if (!connection.setGlobalState) return;
  const changed = Object.fromEntries(Object.entries(next).filter(([key, value]) => !same(value, state[key as keyof SharedState])));
  if (!Object.keys(changed).length) return;
  state = { ...state, ...changed };
  connection.setGlobalState?.(changed);
}
