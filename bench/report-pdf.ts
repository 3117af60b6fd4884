import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { alignColumns, positiveInteger } from './harness';

const WORKER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'report-pdf-worker.ts');

/** BENCH_REPORT_PDFS (default 100): reports rendered per row, after 3 untimed. */
export const readReportPdfCount = (env: NodeJS.ProcessEnv) => positiveInteger(env, 'BENCH_REPORT_PDFS', 100);

/** Time the benchmark may take: three rows at no less than 5 reports a second, plus start-up. */
export const reportPdfBudgetMs = (count: number) => 60_000 + 3 * count * 200;

interface Row {
  ms: number;
  meanMs: number;
  meanBytes: number;
  peakRssMb: number;
}

/** One row in a fresh process (under tsx, as this one runs), so each peak RSS is that row's alone. */
async function row(args: string[]): Promise<Row> {
  const { stdout } = await promisify(execFile)(process.execPath, [...process.execArgv, WORKER, ...args], { maxBuffer: 1 << 20 });
  return JSON.parse(stdout.trim().split('\n').pop()!) as Row;
}

/**
 * Generated 城市体检 reports (PDF with subset Noto Sans SC, chart, table, shortfalls, plus the
 * JPEG cover) rendered one after another, beside the seed's demo PDF writer (12 pages, small
 * committed font subset, no cover) in the same run.
 */
export async function reportPdfBench(count: number): Promise<string> {
  const baseline = await row(['baseline', '0', String(count)]);
  const rows: Array<[string, Row]> = [
    ['demo PDF of the seed (baseline)', baseline],
    ['result report, 8 indicators', await row(['result', '8', String(count)])],
    ['result report, 40 indicators', await row(['result', '40', String(count)])],
  ];
  const ratio = (value: number, base: number) => (value / base).toFixed(2);
  return [
    `Result report PDF rendering  (${count} reports a row after 3 untimed, one process a row, one after another)`,
    alignColumns([
      ['renderer', 'reports/s', 'mean ms', 'peak RSS MB', 'PDF KB', 'reports/s ratio', 'mean ratio', 'RSS ratio', 'size ratio'],
      ...rows.map(([label, r]) => [
        label,
        (1000 / r.meanMs).toFixed(1),
        r.meanMs.toFixed(1),
        r.peakRssMb.toFixed(0),
        (r.meanBytes / 1024).toFixed(1),
        ratio(baseline.meanMs / r.meanMs, 1),
        ratio(r.meanMs, baseline.meanMs),
        ratio(r.peakRssMb, baseline.peakRssMb),
        ratio(r.meanBytes, baseline.meanBytes),
      ]),
    ]),
    'ratio = row / baseline in the same run (reports/s ratio: row rate / baseline rate); the result rows include the JPEG cover',
  ].join('\n');
}
