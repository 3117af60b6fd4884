/**
 * Content search at scale (docs/benchmarks.md, "Content search"), `BENCH_ONLY=content-search`:
 * BENCH_CONTENT_REPORTS reports (default 100,000) of ten pages of generated Chinese text in the
 * demo project, a third with the label 生态宜居; a two-word search of mid-frequency words with
 * that label (first page and exact total) against a primary-key fetch of a report, on
 * PostgreSQL: as the route answers it (HTTP, like the activity bench) and as the statements read
 * it, beside the least the exact total alone costs on the GIN index. Then extraction throughput on this machine: text layer, and OCR one page at a time
 * and CONTENT_OCR_PARALLEL pages side by side, in pages/s.
 */
import os from 'node:os';
import fontkit from '@pdf-lib/fontkit';
import { dict } from '@node-rs/jieba/dict';
import { sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { LIBRARY } from '../contract/library';
import type { Database, Db } from '../server/db/client';
import { seed } from '../server/db/seed';
import { DEMO } from '../server/db/seed/demo-accounts';
import { presentedItem, type ListFilter } from '../server/modules/library/items';
import { searchContent } from '../server/modules/library/content-search';
import { reportFont } from '../server/modules/results/report-font';
import { findTesseract } from '../server/lib/ocr';
import { readPdfText } from '../server/modules/contents/extract';
import { queryWords } from '../server/lib/segment';
import { textArray } from '../server/lib/sql';
import { alternate, DEFAULT_POSTGRES_URL, median, positiveInteger, probe, withPostgres, withServer, type LoadSettings } from './harness';

const PAGES = 10;
const WORDS_PER_PAGE = 80;
const RUNS = 30;
/** Words of the generated text: jieba's own dictionary words of two and three characters, most frequent first. */
const VOCABULARY = 4000;
/** Distinct generated pages; each report's ten pages are drawn from them. */
const POOL = 30_000;
/** The query's words are taken from this rank on (in a report's 800 words, each such word is in about a fifth of the reports). */
const QUERY_RANK = 300;
const TEXT_PAGES = 10;
const TEXT_ROUNDS = 3;
const OCR_PAGES = 4;

export const readContentReports = (env: NodeJS.ProcessEnv) => positiveInteger(env, 'BENCH_CONTENT_REPORTS', 100_000);
/** Seeding about 1 ms a report at worst, the measurements, and the extraction samples (OCR at several seconds a page). */
export const contentSearchBudgetMs = (settings: LoadSettings, reports: number) => reports + (settings.warmupSeconds + settings.seconds) * 1000 + 300_000;

const rowsOf = async <T>(db: Db, statement: ReturnType<typeof sql>) => ((await db.execute(statement)) as unknown as { rows: T[] }).rows;

/** Jieba's words of two and three Chinese characters by its frequency: their ranks give a Zipf-like spread. */
export function vocabulary(): string[] {
  return Buffer.from(dict)
    .toString('utf8')
    .split('\n')
    .map((line) => line.split(' '))
    .filter(([word]) => /^[\u4e00-\u9fa5]{2,3}$/u.test(word ?? ''))
    .sort((a, b) => Number(b[1]) - Number(a[1]))
    .slice(0, VOCABULARY)
    .map(([word]) => word);
}

/** Two words from QUERY_RANK on that the search segments as themselves. */
export function queryOf(words: string[]): string {
  for (let i = QUERY_RANK; i < words.length - 20; i++) {
    const query = `${words[i]} ${words[i + 17]}`;
    if (queryWords(query).join(' ') === query) return query;
  }
  throw new Error('no two-word query found in the vocabulary');
}

/**
 * In the database, triggers off: POOL pages of WORDS_PER_PAGE words drawn with probability
 * 1/rank (Zipf), their terms with positions; `count` reports, each of PAGES pool pages, a third
 * with the label; their documents joined as the extraction joins them; the GIN indexes built
 * after the load; ANALYZE.
 */
export async function seedContent(db: Db, count: number, words: string[]) {
  const [{ id: label }] = await rowsOf<{ id: number }>(db, sql`select id from labels where project_uuid = ${DEMO.projectUuid} and name = '生态宜居' and origin = '报告'`);
  const weights = words.map((_, rank) => 1 / (rank + 1));
  const sum = weights.reduce((a, b) => a + b, 0);
  let running = 0;
  const thresholds = weights.map((weight) => ((running += weight) - weight) / sum);
  await db.execute(sql`drop index library_item_pages_terms_idx`);
  await db.execute(sql`drop index library_item_documents_search_idx`);
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`create temporary table content_pool (n int primary key, text text, terms tsvector) on commit drop`);
    await tx.execute(sql`insert into content_pool
      select n, string_agg(w, '' order by g), string_agg(quote_literal(w) || ':' || g, ' ')::tsvector
      from generate_series(0, ${POOL - 1}) n cross join generate_series(1, ${WORDS_PER_PAGE}) g
      cross join lateral (select (${`{${words.join(',')}}`}::text[])[width_bucket(random() + 0 * n * g, ${`{${thresholds.join(',')}}`}::float8[])] as w) as drawn
      group by n`);
    await tx.execute(sql`insert into library_items (project_uuid, kind, name, create_user, terms, created_at, updated_at)
      select ${DEMO.projectUuid}, 'report', '内容基准报告' || n, '基准', case when n % 3 = 0 then array['label:' || ${label}] else '{}'::text[] end,
        now() - make_interval(secs => n), now() from generate_series(1, ${count}) n`);
    await tx.execute(sql`insert into library_item_labels (item_id, label_id, created_at)
      select id, ${label}, created_at from library_items where name like '内容基准报告%' and terms <> '{}'`);
    await tx.execute(sql`insert into library_item_contents (item_id, state, pages) select id, 'indexed', ${PAGES} from library_items where name like '内容基准报告%'`);
    await tx.execute(sql`insert into library_item_pages (item_id, page, text, terms)
      select i.id, p, pool.text, pool.terms from library_items i cross join generate_series(1, ${PAGES}) p
      join content_pool pool on pool.n = abs(hashint8(i.id::int8 * 64 + p)) % ${POOL}
      where i.name like '内容基准报告%'`);
    // Triggers off: the documents' copies of their items' keys written here.
    await tx.execute(sql`insert into library_item_documents (item_id, terms, keys, created_at)
      select i.id, d.terms, library_document_keys(i.project_uuid, i.kind, i.group_id, i.terms), i.created_at
      from (select item_id, library_tsvector_agg(terms order by page) as terms from library_item_pages group by item_id) as d
      join library_items i on i.id = d.item_id`);
  });
  await db.execute(sql`create index library_item_pages_terms_idx on library_item_pages using gin (terms)`);
  await db.execute(sql`create index library_item_documents_search_idx on library_item_documents using gin (terms, keys)`);
  await db.execute(sql`vacuum analyze library_items, library_item_labels, library_item_pages, library_item_documents`);
  // The load's writes flushed before measuring, not during.
  await db.execute(sql`checkpoint`);
  return label;
}

const WARMUP = 3;
/** The fetch and the search in turn, each timed, after a warm-up: both see the same load on a shared machine. */
async function alternated(fetch: () => Promise<unknown>, search: () => Promise<unknown>) {
  const fetchTimes: number[] = [];
  const searchTimes: number[] = [];
  for (let i = 0; i < WARMUP + RUNS; i++) {
    let started = performance.now();
    await fetch();
    const fetchMs = performance.now() - started;
    started = performance.now();
    await search();
    const searchMs = performance.now() - started;
    if (i >= WARMUP) {
      fetchTimes.push(fetchMs);
      searchTimes.push(searchMs);
    }
  }
  return { fetchMs: median(fetchTimes), searchMs: median(searchTimes) };
}

const BASE = `/studio/report/api/report/projects/${DEMO.projectUuid}`;

async function searchVersusFetch(database: Database, settings: LoadSettings, count: number) {
  const { db } = database;
  await seed(db);
  const words = vocabulary();
  const query = queryOf(words);
  const seeding = performance.now();
  const label = await seedContent(db, count, words);
  const seedMs = performance.now() - seeding;
  const [{ id }] = await rowsOf<{ id: number }>(db, sql`select id from library_items where name = ${`内容基准报告${Math.floor(count / 2)}`}`);
  const tsquery = queryWords(query).map((word) => `'${word}'`).join(' & ');
  const [{ reports }] = await rowsOf<{ reports: number }>(db, sql`select count(*)::int as reports from library_item_documents where terms @@ ${tsquery}::tsquery`);
  const filter: ListFilter = { pageNo: 1, pageSize: 10, descending: true, labelIds: [label], labelNames: [] };
  const loadBefore = os.loadavg()[0];
  let total = 0;
  const fetch = () => presentedItem(db, DEMO.projectUuid, 'report', id, 'Asia/Shanghai');
  const statements = await alternated(fetch, async () => (total = (await searchContent(db, DEMO.projectUuid, LIBRARY.report, filter, query, 'Asia/Shanghai', 0)).total));
  // The least an exact total costs on the GIN index: the matches counted, nothing ranked or read.
  const keys = [`in:${DEMO.projectUuid}/report`, `label:${label}`];
  const counted = await alternated(fetch, () => db.execute(sql`select count(*) from library_item_documents where terms @@ ${tsquery}::tsquery and keys @> ${textArray(keys)}::text[]`));
  const routes = await withServer(database, { LIST_ANSWERS_REMEMBERED: '0' }, async (origin, headers) => {
    const byId = `${origin}${BASE}/report/${id}/`;
    const search = `${origin}${BASE}/report/report_list/?${new URLSearchParams({ pageNo: '1', pageSize: '10', content: query, label_ids: String(label) })}`;
    await probe(search, headers, (body) => {
      if ((body as { result?: { total?: number } }).result?.total !== total) throw new Error(`the route's total is not ${total}: ${JSON.stringify(body).slice(0, 200)}`);
    });
    const [fetched, searched] = await alternate([byId, search], headers, { ...settings, connections: 1 });
    return { fetchMs: 1000 / fetched.requestsPerSecond, searchMs: 1000 / searched.requestsPerSecond };
  });
  return { seedMs, statements, countMs: counted.searchMs, countFetchMs: counted.fetchMs, routes, total, reports, query, load: [loadBefore, os.loadavg()[0]] };
}

async function extractionThroughput(words: string[]) {
  const line = (n: number) => words.slice(40 + ((n * 7) % 200), 40 + ((n * 7) % 200) + 10).join('');
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont(reportFont('regular').bytes, { subset: true });
  for (let n = 0; n < TEXT_PAGES; n++) {
    const page = doc.addPage([595, 842]);
    for (let row = 0; row < 30; row++) page.drawText(line(n + row), { x: 40, y: 800 - row * 24, size: 14, font });
  }
  const bytes = await doc.save();
  const parallel = Math.min(os.availableParallelism(), 16);
  /** Pages/s of TEXT_ROUNDS × `readers` reads of the text PDF, `readers` at a time, as the job's readers take reports (CONTENT_EXTRACT_PARALLEL). */
  const textPagesPerSecond = async (readers: number) => {
    const started = performance.now();
    for (let i = 0; i < TEXT_ROUNDS; i++) await Promise.all(Array.from({ length: readers }, () => readPdfText(bytes, null, 1)));
    return (TEXT_ROUNDS * readers * TEXT_PAGES) / ((performance.now() - started) / 1000);
  };
  const text = { oneAtATime: await textPagesPerSecond(1), parallel, side: await textPagesPerSecond(parallel) };
  const tesseract = await findTesseract();
  if (!tesseract) return { text, ocr: undefined };
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1654" height="2339"><rect width="100%" height="100%" fill="#fff"/>${Array.from({ length: 30 }, (_, row) =>
    `<text x="120" y="${160 + row * 70}" font-family="WenQuanYi Micro Hei" font-size="40">${line(row)}</text>`).join('')}</svg>`;
  const scanned = await PDFDocument.create();
  const scan = await scanned.embedPng(await sharp(Buffer.from(svg)).png().toBuffer());
  for (let n = 0; n < OCR_PAGES; n++) scanned.addPage([595, 842]).drawImage(scan, { x: 0, y: 0, width: 595, height: 842 });
  const scannedBytes = await scanned.save();
  /** Pages/s of the scanned PDF read as the extraction reads it, `parallel` pages at a time. */
  const ocrPagesPerSecond = async (parallel: number) => {
    const ocrStarted = performance.now();
    await readPdfText(scannedBytes, tesseract, parallel);
    return OCR_PAGES / ((performance.now() - ocrStarted) / 1000);
  };
  return { text, ocr: { oneAtATime: await ocrPagesPerSecond(1), parallel, side: await ocrPagesPerSecond(parallel) } };
}

export async function contentSearchBench(settings: LoadSettings, postgresUrl: string = DEFAULT_POSTGRES_URL, count: number = readContentReports(process.env)): Promise<string> {
  const lines = [`Content search  (PostgreSQL, ${count} reports × ${PAGES} pages of ${WORDS_PER_PAGE} words drawn by Zipf from ${VOCABULARY}, a third labelled 生态宜居)`];
  const outcome = await withPostgres(postgresUrl, (database) => searchVersusFetch(database, settings, count));
  if (outcome.ran) {
    const { seedMs, statements, countMs, countFetchMs, routes, total, reports, query, load } = outcome.value;
    const versus = (search: number, fetch: number) => `${fetch.toFixed(2)} ms against ${search.toFixed(2)} ms: ${(search / fetch).toFixed(1)}×`;
    lines.push(
      `  seeded in ${(seedMs / 1000).toFixed(0)} s; query 「${query}」 is in ${reports} reports (${((100 * reports) / count).toFixed(1)} %), ${total} of them labelled`,
      `  two words + label, first page of 10 and exact total (goal ≤ 3× a primary-key fetch):`,
      `    routes, GET report/{id}/ and GET report/report_list/?content=…&label_ids=… in turn by one client, mean of ${settings.seconds} s, nothing remembered: ${versus(routes.searchMs, routes.fetchMs)}`,
      `    statements, presentedItem and searchContent in turn, medians of ${RUNS}: ${versus(statements.searchMs, statements.fetchMs)}`,
      `    the exact total's least cost, count(*) of the matches on the GIN index alone: ${versus(countMs, countFetchMs)}`,
      `  load average ${load[0].toFixed(1)} → ${load[1].toFixed(1)}`,
    );
  } else {
    lines.push(`  PostgreSQL not reached (${outcome.reason})`);
  }
  const { text, ocr } = await extractionThroughput(vocabulary());
  lines.push(
    `  extraction on ${os.cpus().length} cores: text layer (a ${TEXT_PAGES}-page PDF) ${text.side.toFixed(1)} pages/s with CONTENT_EXTRACT_PARALLEL=${text.parallel} reports at once ` +
      `against ${text.oneAtATime.toFixed(1)} one at a time: ${(text.side / text.oneAtATime).toFixed(1)}×; ` +
      (ocr === undefined
        ? 'OCR — (no tesseract)'
        : `OCR of a ${OCR_PAGES}-page scanned PDF (A4 at 200 dpi) ${ocr.side.toFixed(2)} pages/s with CONTENT_OCR_PARALLEL=${ocr.parallel} against ${ocr.oneAtATime.toFixed(2)} one page at a time: ${(ocr.side / ocr.oneAtATime).toFixed(1)}×`) +
      `; load average ${os.loadavg()[0].toFixed(1)}`,
  );
  return lines.join('\n');
}
