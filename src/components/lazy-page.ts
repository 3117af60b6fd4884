import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A lazy component whose chunk can be fetched ahead of its first render. */
export type PreloadableComponent<P extends object> = LazyExoticComponent<ComponentType<P>> & {
  /** Fetches and runs the chunk (once); resolves when the component is ready to render. */
  preload: () => Promise<unknown>;
};

/**
 * React.lazy that can be preloaded. Once preloaded, its first render does not suspend: React
 * reads a thenable that calls back at once, so no fallback flashes and no Suspense retry waits.
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>): PreloadableComponent<P> {
  let loaded: { default: ComponentType<P> } | undefined;
  let loading: Promise<unknown> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => {
        loaded = { default: component };
      },
      (error: unknown) => {
        // A failed fetch (a new deploy, a lost connection) may be tried again by the next render.
        loading = undefined;
        throw error;
      },
    ));
  const component = lazy(() =>
    loaded
      ? // A synchronous thenable: React resolves the lazy component within this render.
        ({ then: (resolve: (value: { default: ComponentType<P> }) => void) => resolve(loaded!) } as unknown as Promise<{ default: ComponentType<P> }>)
      : preload().then(() => loaded!),
  );
  return Object.assign(component, { preload });
}

/** A preloadable React.lazy for a named export, so one area file can hold several small screens. */
export function lazyPage<K extends string, P extends object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
): PreloadableComponent<P> {
  return preloadable(async () => (await load())[name]);
}

/** Preloads what a route will render, if it is a preloadable component; a failure is left to the render. */
export function preloadComponent(component: unknown): void {
  const preload = (component as Partial<PreloadableComponent<object>> | undefined)?.preload;
  if (typeof preload === 'function') preload().catch(() => undefined);
}
