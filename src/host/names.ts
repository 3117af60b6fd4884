/** The names the app uses to stay apart from a host page; the build (vite.config.ts) reads them too. */
export const embedding = {
  /** The element the app mounts into; the qiankun app name of embed.html. */
  mountId: 'ezreport',
  /** Every rule of the app's own CSS sits under this class (see scripts/vite-micro-frontend.ts). */
  scopeClass: 'ezreport',
  /** Ant Design's class prefix under a host (standalone keeps `ant`). */
  antPrefix: 'ezr',
  /** Storage keys and cookies under a host start with these. */
  storagePrefix: 'ezreport:',
  cookiePrefix: 'ezreport_',
} as const;
