/** Chinese word segmentation with jieba, and the tsvector / tsquery literals built from it (docs/design/content-search.md). */
import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict';

let jieba: Jieba | undefined;
const segmenter = () => (jieba ??= Jieba.withDict(dict));

/** Longest lexeme kept: PostgreSQL refuses lexemes over 2046 bytes, and longer runs are no words anyone searches. */
const LEXEME_MAX = 60;
/** Positions a tsvector can hold (PostgreSQL caps them at 16383). */
const POSITION_MAX = 16_383;
const WORDLIKE = /[\p{L}\p{N}]/u;

const wordsOf = (tokens: string[]) => tokens.map((token) => token.trim().toLowerCase()).filter((token) => token.length <= LEXEME_MAX && WORDLIKE.test(token));

/** The words of a text as indexed: jieba's search mode, which adds the shorter words inside long ones. */
export const indexedWords = (text: string): string[] => wordsOf(segmenter().cutForSearch(text, true));

/** The words of a query: jieba's precise mode (each must appear on a page). */
export const queryWords = (text: string): string[] => [...new Set(wordsOf(segmenter().cut(text, true)))];

const quoted = (lexeme: string) => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/** A tsvector literal of the text's words with their positions; cast with ::tsvector, no text search parser involved (it does not know Chinese). */
export function tsvectorLiteral(text: string): string {
  const positions = new Map<string, number[]>();
  indexedWords(text).forEach((word, i) => {
    const at = positions.get(word) ?? [];
    // PostgreSQL keeps 256 positions of a lexeme; more only cost bytes.
    if (at.length < 256) at.push(Math.min(i + 1, POSITION_MAX));
    positions.set(word, at);
  });
  return [...positions].map(([word, at]) => `${quoted(word)}:${[...new Set(at)].join(',')}`).join(' ');
}

/** A tsquery literal that every word of the query matches, or null when the query has no word. */
export function tsqueryLiteral(text: string): string | null {
  const words = queryWords(text);
  return words.length === 0 ? null : words.map(quoted).join(' & ');
}

/** A tsquery literal that any word of the query matches (the page with the most of them ranks first), or null when the query has no word. */
export function anyWordTsqueryLiteral(text: string): string | null {
  const words = queryWords(text);
  return words.length === 0 ? null : words.map(quoted).join(' | ');
}
