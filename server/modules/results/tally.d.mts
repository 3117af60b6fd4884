export type Verdict = 'met' | 'unmet' | 'missing';
export interface Rated {
  value: number | string | null | undefined;
  standard: number | string;
  direction: string;
}
export interface Tally {
  met: number;
  unmet: number;
  missing: number;
  total: number;
}
export function verdictOf(indicator: Rated): Verdict;
export function tally(indicators: Rated[]): Tally;
export function formatPercent(part: number, whole: number): string;
export function metLine(met: number, total: number): string;
export function tallyLine(counts: Tally): string;
