/** The text around a page's hits for a result list: HTML-escaped, each hit in <em>. */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const BEFORE = 30;
const LENGTH = 120;

/** A window of the text starting a little before its first hit, with every hit of `words` (any case) marked. */
export function snippetOf(text: string, words: string[]): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const wanted = [...new Set(words.filter(Boolean))].sort((a, b) => b.length - a.length);
  const pattern = wanted.length > 0 ? new RegExp(wanted.map(escapeRegExp).join('|'), 'giu') : null;
  const first = pattern ? flat.search(pattern) : -1;
  const start = Math.max(0, first - BEFORE);
  const window = [...flat.slice(start)].slice(0, LENGTH).join('');
  const end = start + window.length;
  let marked = '';
  let at = 0;
  for (const hit of pattern ? window.matchAll(pattern) : []) {
    marked += escapeHtml(window.slice(at, hit.index)) + `<em>${escapeHtml(hit[0])}</em>`;
    at = hit.index + hit[0].length;
  }
  marked += escapeHtml(window.slice(at));
  return `${start > 0 ? '…' : ''}${marked}${end < flat.length ? '…' : ''}`;
}
