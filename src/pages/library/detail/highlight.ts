/** Where a detail opens when it comes from a content search hit: the page, and the words searched. */
export interface OpenAt {
  page?: number;
  highlight?: string;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A text layer run of a PDF page as HTML, with the searched words in <mark>. The search splits
 * on spaces and punctuation only: a word the server's segmenter matched is a substring here too.
 */
export function highlightRun(text: string, search: string | undefined): string {
  const words = (search ?? '').split(/[\s,，。;；、]+/).filter(Boolean);
  if (words.length === 0) return escapeHtml(text);
  const pattern = new RegExp(words.sort((a, b) => b.length - a.length).map(escapeRegExp).join('|'), 'giu');
  let html = '';
  let at = 0;
  for (const hit of text.matchAll(pattern)) {
    html += `${escapeHtml(text.slice(at, hit.index))}<mark class="pdf-viewer__hit">${escapeHtml(hit[0])}</mark>`;
    at = hit.index + hit[0].length;
  }
  return html + escapeHtml(text.slice(at));
}
