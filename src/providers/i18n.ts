import type { I18nProvider } from '@refinedev/core';
import { zhCN } from '../i18n/zh-CN';

type Dictionary = { [key: string]: string | Dictionary };

function lookup(key: string): string | undefined {
  let node: string | Dictionary | undefined = zhCN as Dictionary;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

function fill(template: string, params?: Record<string, unknown>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params?.[name] ?? ''));
}

/**
 * Refine calls translate(key, params?, default?) or translate(key, default).
 * Keys outside the dictionary (resource labels and titles) fall back to the
 * default Refine passes, which is the resource's Chinese label.
 */
export const i18nProvider: I18nProvider = {
  translate: (key: string, options?: unknown, defaultMessage?: string) => {
    const params = typeof options === 'object' && options !== null ? (options as Record<string, unknown>) : undefined;
    const fallback = typeof options === 'string' ? options : defaultMessage;
    const template = lookup(key);
    return template === undefined ? (fallback ?? key) : fill(template, params);
  },
  changeLocale: async () => undefined,
  getLocale: () => 'zh-CN',
};
