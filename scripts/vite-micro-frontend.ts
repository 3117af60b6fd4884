import type { Plugin as PostcssPlugin, Rule } from 'postcss';
import type { Plugin, ResolvedConfig } from 'vite';
import qiankun from 'vite-plugin-qiankun';

/** What vite-plugin-qiankun's plugin object does, used here on the built page only. */
interface QiankunHtml {
  configResolved(config: ResolvedConfig): void;
  transformIndexHtml(html: string): string | undefined;
}

/**
 * Writes `embed.html` beside `index.html` for qiankun hosts: vite-plugin-qiankun turns the
 * page's module script into a classic script that `import()`s it and hands the lifecycle to
 * the host. index.html stays as it was, so the standalone page needs no inline script (its
 * Content-Security-Policy allows none).
 */
export function qiankunEntry(appName: string, fileName = 'embed.html'): Plugin {
  const html = qiankun(appName) as unknown as QiankunHtml;
  return {
    name: 'qiankun-entry',
    apply: 'build',
    configResolved: (config) => html.configResolved(config),
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const index = bundle['index.html'];
        if (index?.type !== 'asset') return;
        const source = html.transformIndexHtml(String(index.source));
        if (!source) this.error('vite-plugin-qiankun found no module script in index.html');
        this.emitFile({ type: 'asset', fileName, source });
      },
    },
  };
}

const scopeRoot = ':root';

/**
 * Puts every rule of the app's CSS under `scope` (a class on the page's <html> standalone, on
 * the mount root under a host), so the app never restyles a host page; `:root` rules land on
 * the scope itself, rules already written for it (`.ezreport…`, `html.ezreport…`) stay, and a
 * rule about antd's `ant-` classes is also written for the `prefix` the app uses under a host.
 */
export function scopeStyles(scope: string, prefix: string): PostcssPlugin {
  const own = new RegExp(`^(html)?${scope.replace('.', '\\.')}(?![\\w-])`);
  const scoped = (selector: string): string => {
    if (own.test(selector)) return selector;
    if (selector.startsWith(scopeRoot)) return `${scope}${selector.slice(scopeRoot.length)}`;
    return `${scope} ${selector}`;
  };
  const inKeyframes = (rule: Rule) => rule.parent?.type === 'atrule' && /keyframes$/i.test((rule.parent as { name: string }).name);
  return {
    postcssPlugin: 'scope-styles',
    Rule(rule) {
      if (inKeyframes(rule) || rule.selectors.every((s) => own.test(s))) return;
      const selectors = rule.selectors.flatMap((s) => (s.includes('.ant-') ? [s, s.replaceAll('.ant-', `.${prefix}-`)] : [s]));
      rule.selectors = selectors.map(scoped);
    },
  };
}
