import { useSyncExternalStore } from 'react';
import { appStorage, storageKey } from './placement';

/**
 * What the app remembers, per signed-in user and in localStorage, about the 成果 generations that
 * user started here: the jobs still to be followed (so a reload keeps following them) and the
 * last notices of finished ones (the header's bell). Nothing is asked of the server here; the
 * watcher (components/generation-watcher.tsx) polls only while `watched` is not empty.
 */

/** A generation this user started and has not heard the end of. */
export interface WatchedGeneration {
  projectId: string;
  jobId: number;
  /** When it was started (ms): a job unheard of for a day is given up. */
  since: number;
}

export interface GenerationNotice {
  projectId: string;
  jobId: number;
  state: 'completed' | 'failed';
  /** 成果生成完成 / 成果生成失败 */
  title: string;
  /** 生态宜居 · 社区体检报告：已完成 2 / 失败 0 / 共 2 */
  detail: string;
  dimensionId: number;
  /** When the app learnt it finished (ms). */
  at: number;
  read: boolean;
}

/** The bell keeps this many notices, newest first. */
export const NOTICE_LIMIT = 20;
/** A watched job not seen finishing within this long is dropped (it fell off the jobs list, or the project went away). */
export const WATCH_LIMIT_MS = 24 * 60 * 60 * 1000;

const watchKey = (user: string) => `generationWatch:${user}`;
const noticeKey = (user: string) => `generationNotices:${user}`;

function read<T>(key: string): T[] {
  try {
    const value: unknown = JSON.parse(appStorage.get('localStorage', key) ?? '[]');
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}

const listeners = new Set<() => void>();
/** Snapshots by key, so useSyncExternalStore sees the same array until the stored text changes. */
const snapshots = new Map<string, { text: string | null; value: unknown[] }>();

function snapshot<T>(key: string): T[] {
  const text = appStorage.get('localStorage', key);
  const kept = snapshots.get(key);
  if (kept && kept.text === text) return kept.value as T[];
  const value = read<T>(key);
  snapshots.set(key, { text, value });
  return value;
}

function write(key: string, value: unknown[]): void {
  if (value.length === 0) appStorage.remove('localStorage', key);
  else appStorage.set('localStorage', key, JSON.stringify(value));
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab of the same user: its changes show here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith(storageKey('generation'))) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Follow a generation the user just started (the 成果生成 dialog's answer). */
export function watchGeneration(user: string, projectId: string, jobId: number): void {
  const rest = read<WatchedGeneration>(watchKey(user)).filter((entry) => !(entry.projectId === projectId && entry.jobId === jobId));
  write(watchKey(user), [...rest, { projectId, jobId, since: Date.now() }]);
}

/** Stop following a generation without a notice (it is gone, or too old). */
export function unwatchGeneration(user: string, projectId: string, jobId: number): void {
  const all = read<WatchedGeneration>(watchKey(user));
  const rest = all.filter((entry) => !(entry.projectId === projectId && entry.jobId === jobId));
  if (rest.length !== all.length) write(watchKey(user), rest);
}

/**
 * A followed generation finished: it is no longer followed and its notice leads the bell's list.
 * Answers false when it was not followed any more (another tab of the user got there first), so
 * the notice pops up once.
 */
export function settleGeneration(user: string, notice: Omit<GenerationNotice, 'at' | 'read'>): boolean {
  const all = read<WatchedGeneration>(watchKey(user));
  const rest = all.filter((entry) => !(entry.projectId === notice.projectId && entry.jobId === notice.jobId));
  if (rest.length === all.length) return false;
  write(watchKey(user), rest);
  const kept = read<GenerationNotice>(noticeKey(user)).filter((entry) => !(entry.projectId === notice.projectId && entry.jobId === notice.jobId));
  write(noticeKey(user), [{ ...notice, at: Date.now(), read: false }, ...kept].slice(0, NOTICE_LIMIT));
  return true;
}

export function markNoticesRead(user: string): void {
  const all = read<GenerationNotice>(noticeKey(user));
  if (all.some((entry) => !entry.read)) write(noticeKey(user), all.map((entry) => ({ ...entry, read: true })));
}

export function clearNotices(user: string): void {
  write(noticeKey(user), []);
}

const none: never[] = [];

/** The user's followed generations and notices; re-renders when either changes (in this tab or another). */
export function useGenerationNotices(user: string | undefined) {
  const watched = useSyncExternalStore(subscribe, () => (user ? snapshot<WatchedGeneration>(watchKey(user)) : none));
  const notices = useSyncExternalStore(subscribe, () => (user ? snapshot<GenerationNotice>(noticeKey(user)) : none));
  return { watched, notices, unread: notices.filter((entry) => !entry.read).length };
}
