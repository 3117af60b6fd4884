import { lazyPage } from '../components/lazy-page';

/**
 * `lazyPage` for a screen kept in a resource's `meta`. Refine puts `meta` in every query key, so
 * the lazy object's loading state must not change the key (it did, and the members list loaded
 * twice). Kept apart from `lazyPage` so the login screen's JavaScript does not carry it.
 */
export const lazyScreen: typeof lazyPage = (load, name) => Object.assign(lazyPage(load, name), { toJSON: () => name });
