import type { FastifyInstance } from 'fastify';
import { isApiPath } from './errors';

/**
 * What the built app needs and nothing more: its own scripts (pdf.js compiles WebAssembly),
 * antd's inline styles, images from this origin, data: and blob: (thumbnails, canvas), pdf.js
 * fonts and workers, requests to this origin only. The host shell allowed to frame the app
 * comes from FRAME_ANCESTORS.
 */
export function contentSecurityPolicy(frameAncestors: string): string {
  return [
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');
}

/** Headers of the app page and its static files. X-Frame-Options for browsers without frame-ancestors. */
export function appPageHeaders(frameAncestors: string): Record<string, string> {
  const frameOptions = frameAncestors === "'self'" ? 'SAMEORIGIN' : frameAncestors === "'none'" ? 'DENY' : undefined;
  return {
    'Content-Security-Policy': contentSecurityPolicy(frameAncestors),
    ...(frameOptions ? { 'X-Frame-Options': frameOptions } : {}),
    'X-Content-Type-Options': 'nosniff',
  };
}

/**
 * API answers carry tokens, personal data and per-user permissions: no cache may keep them
 * (a shared proxy, the browser's back button on a shared computer). File downloads set their
 * own Cache-Control (private, immutable) and keep it.
 */
export function installApiNoStore(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    if (isApiPath(request.url.split('?')[0]) && !reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
  });
}
