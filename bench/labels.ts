import { seed } from '../server/db/seed';
import { DEMO } from '../server/db/seed/demo-accounts';
import { alignColumns, formatLatencyTable, load, withPglite, withServer, type LoadSettings } from './harness';

const BASE = `/studio/report/api/report/projects/${DEMO.projectUuid}/label`;
const LABELS = 10_000;
/** The server's request body limit (server/app.ts). */
const BODY_LIMIT = 1024 * 1024;
const CATEGORIES = ['人口', '用地', '住房', '交通', '市政', '公服', '绿地', '水系', '安全', '风貌'];
const WORDS = ['指标', '监测', '评估', '设施', '空间', '服务', '环境', '治理', '更新', '保障'];
/** In one label name of ten, and in none of the demo labels. */
const NAME = '监测';

/** Time the labels benchmark may take: two measured requests plus the import and setup. */
export const labelsBudgetMs = (settings: LoadSettings) => 2 * (settings.warmupSeconds + settings.seconds) * 1000 + 90_000;

/** A sheet of 序号, 标签名称, 标签类别, 实体 as the import worker hands it over: one object a row. */
const sheetRows = () =>
  Array.from({ length: LABELS }, (_, i) => {
    const category = CATEGORIES[Math.floor(i / WORDS.length) % CATEGORIES.length];
    return {
      id: i + 1,
      name: `${category}${WORDS[i % WORDS.length]}${String(i + 1).padStart(5, '0')}`,
      group: `${category}类`,
      origin: i % 5 === 4 ? '素材' : '报告',
    };
  });

interface Imported {
  bodyBytes: number;
  serialiseMs: number;
  dryRunMs: number;
  writeMs: number;
}

/** POST label/import/ with dry_run true, then false; each timed from serialising the rows to the parsed answer. */
async function importRows(origin: string, headers: Record<string, string>, rows: ReturnType<typeof sheetRows>): Promise<Imported> {
  const post = async (dryRun: boolean) => {
    const started = performance.now();
    const body = JSON.stringify({ dry_run: dryRun, rows });
    const serialised = performance.now();
    const response = await fetch(`${origin}${BASE}/import/`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body });
    const answer = (await response.json()) as { code?: number; data?: { created?: number } };
    const ms = performance.now() - started;
    if (!response.ok || answer.data?.created !== LABELS) {
      throw new Error(`label/import/ (dry_run ${dryRun}) answered ${response.status}: ${JSON.stringify(answer).slice(0, 200)}`);
    }
    return { ms, serialiseMs: serialised - started, bodyBytes: Buffer.byteLength(body) };
  };
  const dryRun = await post(true);
  const write = await post(false);
  return { bodyBytes: write.bodyBytes, serialiseMs: write.serialiseMs, dryRunMs: dryRun.ms, writeMs: write.ms };
}

const checkPage = (count: number) => (body: unknown) => {
  const page = body as { count?: number; results?: unknown[] };
  if (page.count !== count || page.results?.length !== 10) {
    throw new Error(`label/ listed count=${page.count} with ${page.results?.length} results, expected count=${count} and 10`);
  }
};

/** Import of 10,000 labels and the label list by name at that size, on PGlite. */
export async function labelsBench(settings: LoadSettings): Promise<string> {
  const rows = sheetRows();
  const matching = rows.filter((row) => row.name.includes(NAME)).length;
  const { imported, all, byName, total } = await withPglite(async (database) => {
    await seed(database.db);
    return withServer(database, {}, async (origin, headers) => {
      const done = await importRows(origin, headers, rows);
      let count = 0;
      const every = await load(`${origin}${BASE}/?limit=10`, headers, settings, (body) => {
        count = (body as { count?: number }).count ?? 0;
        checkPage(count)(body);
      });
      const named = await load(`${origin}${BASE}/?name=${encodeURIComponent(NAME)}&limit=10`, headers, settings, checkPage(matching));
      return { imported: done, all: every, byName: named, total: count };
    });
  });

  const seconds = (ms: number) => (ms / 1000).toFixed(2);
  const rate = (ms: number) => String(Math.round(LABELS / (ms / 1000)));
  const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;
  return [
    `Label import of ${LABELS.toLocaleString('en-US')} rows  (PGlite only; rows as the sheet worker hands them over, ` +
      `JSON-serialised and POSTed with fetch on 127.0.0.1 in the same process, timed to the parsed answer)`,
    alignColumns([
      ['POST label/import/', 'seconds', 'rows/s', 'ratio'],
      ['dry_run: true (baseline)', seconds(imported.dryRunMs), rate(imported.dryRunMs), '1.00'],
      ['dry_run: false (writes)', seconds(imported.writeMs), rate(imported.writeMs), (imported.writeMs / imported.dryRunMs).toFixed(2)],
    ]),
    `ratio = seconds / the dry run's (this run's baseline); body ${kb(imported.bodyBytes)} of the server's ${kb(BODY_LIMIT)} limit, ` +
      `serialised in ${imported.serialiseMs.toFixed(0)} ms`,
    '',
    `GET label/ at ${total.toLocaleString('en-US')} labels  (PGlite only; ${settings.seconds} s after ${settings.warmupSeconds} s warm-up, ` +
      `${settings.connections} connections, first page of 10)`,
    formatLatencyTable(['GET label/'], [
      { label: ['?limit=10 (baseline)'], result: all },
      { label: [`?name=${NAME}&limit=10 (${matching} match)`], result: byName, baseline: all },
    ]),
    'ratio = by name / without a name, in the same run (the list without a name is the baseline)',
  ].join('\n');
}
