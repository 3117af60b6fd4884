/**
 * The auth provider and the HTTP layer, fetched on first use. The sign-in screens need them only
 * once the user submits or asks for a code, and they bring axios and the generated operation
 * table, a tenth of the login screen's JavaScript; the workspace imports them as usual (its
 * chunks, auth's among them, are preloaded while the sign-in screen is idle: src/root.tsx).
 */
export const loadAuth = () => import('./auth');
export const loadHttp = () => import('./http');
