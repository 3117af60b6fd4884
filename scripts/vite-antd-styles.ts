import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';

/**
 * Ant Design computes each component's CSS in the browser at its first render on every page load.
 * This renders antd's components once at build time in the app's default theme and ships their CSS
 * as a file, with the map antd's runtime reads (`.data-ant-cssinjs-cache-path`): a component whose
 * styles are in the file neither computes nor inserts them. Other themes are computed as before.
 */
export function antdStaticStyles(): Plugin {
  let href: string | undefined;
  return {
    name: 'antd-static-styles',
    apply: 'build',
    async buildStart() {
      const css = await defaultThemeStyles();
      // Outside a production build antd names its classes `css-dev-only-…`: the file would match nothing.
      if (css.includes('css-dev-only')) return this.warn('NODE_ENV is not production: antd computes its styles in the browser');
      const fileName = `assets/antd-${createHash('sha256').update(css).digest('hex').slice(0, 8)}.css`;
      this.emitFile({ type: 'asset', fileName, source: css });
      href = `/${fileName}`;
    },
    transformIndexHtml: {
      order: 'post',
      // The standalone page only (before the app's own CSS, which may override it): under a host
      // (embed.html) antd's classes carry another prefix.
      handler: (_html, { filename }) =>
        href && filename.endsWith('index.html') ? [{ tag: 'link', attrs: { rel: 'stylesheet', href }, injectTo: 'head-prepend' }] : [],
    },
  };
}

/** Not rendered: no styles of their own, or popups whose styles a page asks for when it opens one. */
const skipped = new Set(['App', 'ConfigProvider', 'Drawer', 'Grid', 'Modal', 'Popconfirm', 'Popover', 'Tooltip', 'Tour']);

async function defaultThemeStyles(): Promise<string> {
  const [{ createElement }, { renderToString }, { createCache, extractStyle, StyleProvider }, antd, { defaultTheme, themes }] = await Promise.all([
    import('react'),
    import('react-dom/server'),
    import('@ant-design/cssinjs'),
    import('antd'),
    import('../src/theme'),
  ]);
  const cache = createCache();
  for (const [name, component] of Object.entries(antd)) {
    if (!/^[A-Z]/.test(name) || skipped.has(name)) continue;
    try {
      renderToString(createElement(StyleProvider, { cache }, createElement(antd.ConfigProvider, { theme: themes[defaultTheme] }, createElement(component as never))));
    } catch {
      // A component that cannot render without its props keeps computing its styles in the browser.
    }
  }
  return extractStyle(cache, true);
}
