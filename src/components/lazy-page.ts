import { lazy, type ComponentType } from 'react';

/** React.lazy for a named export, so one area file can hold several small screens. */
export function lazyPage<K extends string, P extends object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
) {
  return lazy(async () => ({ default: (await load())[name] }));
}
