import { utils, write } from 'xlsx';
import { seed } from '../server/db/seed';
import { DEMO } from '../server/db/seed/demo-accounts';
import { labelImportRows, LABEL_SHEET, type LabelImportRow } from '../src/lib/spreadsheet/label-sheet';
import { parseSheet } from '../src/lib/spreadsheet/parse';
import { alignColumns, withPglite, withServer } from './harness';

const BASE = `/studio/report/api/report/projects/${DEMO.projectUuid}`;
const LABELS = 10_000;
const GROUPS = ['人口', '用地', '住房', '交通', '市政', '公服', '绿地', '水系', '安全', '风貌'].map((name) => `${name}指标`);

/** Time the benchmark may take: two embedded databases seeded, 10,000 labels written twice. */
export const labelsImportBudgetMs = () => 180_000;

/** 标签导出.xlsx as a user would send it back: 序号, 标签名称, 标签类别, 实体. */
function sheetBytes(count: number): Uint8Array {
  const rows = Array.from({ length: count }, (_, i) => [i + 1, `导入指标${String(i + 1).padStart(5, '0')}`, GROUPS[i % GROUPS.length], '报告']);
  const book = utils.book_new();
  utils.book_append_sheet(book, utils.aoa_to_sheet([[...LABEL_SHEET.header], ...rows]), 'Sheet1');
  return new Uint8Array(write(book, { type: 'array', bookType: 'xlsx', compression: true }) as ArrayBuffer);
}

const timed = async <T>(work: () => Promise<T> | T): Promise<{ ms: number; value: T }> => {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
};

async function post<T>(origin: string, headers: Record<string, string>, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${origin}${BASE}/${path}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as T;
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(answer).slice(0, 200)}`);
  return answer;
}

interface ImportAnswer {
  data: { created: number };
}

/** The dry run, then the write, as the tag screen sends them; each checked to create every row. */
async function importSheet(rows: LabelImportRow[]) {
  return withPglite(async (database) => {
    await seed(database.db);
    return withServer(database, {}, async (origin, headers) => {
      const send = async (dryRun: boolean) => {
        const { ms, value } = await timed(() => post<ImportAnswer>(origin, headers, 'label/import/', { dry_run: dryRun, rows }));
        if (value.data.created !== rows.length) throw new Error(`label/import/ (dry_run ${dryRun}) planned ${value.data.created} new labels`);
        return ms;
      };
      return { dryRunMs: await send(true), writeMs: await send(false) };
    });
  });
}

/** The baseline: the same names into the same groups (made beforehand, untimed) with label/bulk_create/. */
async function bulkCreate(rows: LabelImportRow[]) {
  return withPglite(async (database) => {
    await seed(database.db);
    return withServer(database, {}, async (origin, headers) => {
      const ids = new Map<string, number>();
      for (const name of GROUPS) {
        const { id } = await post<{ id?: number }>(origin, headers, 'label_group/', { name });
        if (!id) throw new Error(`label_group/ answered no id for ${name}`);
        ids.set(name, id);
      }
      const labels = rows.map((row) => ({ name: row.name, origin: row.origin, type: '原子标签', label_group: ids.get(row.group) }));
      return (await timed(() => post(origin, headers, 'label/bulk_create/', labels))).ms;
    });
  });
}

/** Importing 10,000 labels from a spreadsheet end to end, against bulk_create of the same labels. */
export async function labelsImport(count = LABELS): Promise<string> {
  const bytes = sheetBytes(count);
  const parsed = await timed(() => {
    const read = labelImportRows(parseSheet(bytes));
    if (!read.ok || read.rows.length !== count) throw new Error(`the sheet read as ${read.ok ? read.rows.length : read.message}`);
    return read.rows;
  });
  const rows = parsed.value;
  const { dryRunMs, writeMs } = await importSheet(rows);
  const baselineMs = await bulkCreate(rows);

  const totalMs = parsed.ms + dryRunMs + writeMs;
  const line = (phase: string, ms: number) => [
    phase,
    (ms / 1000).toFixed(2),
    String(Math.round(count / (ms / 1000))),
    (ms / baselineMs).toFixed(2),
  ];
  return [
    `Label spreadsheet import of ${count.toLocaleString('en-US')} rows end to end  (PGlite; xlsx of ${Math.round(bytes.byteLength / 1024)} KB ` +
      'parsed by the import worker\'s function, then POST label/import/ dry run and write on 127.0.0.1, each timed to the parsed answer)',
    alignColumns([
      ['phase', 'seconds', 'rows/s', 'ratio'],
      line('label/bulk_create/ (baseline)', baselineMs),
      line('parse the sheet', parsed.ms),
      line('label/import/ dry run (preview)', dryRunMs),
      line('label/import/ write', writeMs),
      line('import total', totalMs),
    ]),
    'ratio = seconds / bulk_create of the same names into the same groups on a fresh database (this run\'s baseline)',
  ].join('\n');
}
