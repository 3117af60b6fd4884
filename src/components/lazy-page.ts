import { lazy, type ComponentType } from 'react';

/**
 * React.lazy for a named export, so one area file can hold several small screens. Resource
 * declarations keep such screens in `meta`, which Refine puts in every query key: the lazy
 * object's loading state must not change the key (it did, and the members list loaded twice).
 */
export function lazyPage<K extends string, P extends object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
) {
  return Object.assign(lazy(async () => ({ default: (await load())[name] })), { toJSON: () => name });
}
