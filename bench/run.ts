import { activityBench, activityBudgetMs, readActivityCount } from './activity';
import { bulkImportBench, bulkImportBudgetMs, readImportCount } from './bulk-import';
import { chunkedUpload, readUploadMegabytes } from './chunked-upload';
import { connectionsBench, connectionsBudgetMs } from './connections';
import { contentSearchBench, contentSearchBudgetMs, readContentReports } from './content-search';
import { DEFAULT_POSTGRES_URL, describeError, readSettings, type LoadSettings } from './harness';
import { labelsBench, labelsBudgetMs } from './labels';
import { labelsImport, labelsImportBudgetMs } from './labels-import';
import { loadBench, loadBudgetMs, readLoadSeconds } from './load';
import { oneDayBench, oneDayBudgetMs, readOneDaySizes } from './one-day';
import { materialThumbnails, materialThumbnailsBudgetMs } from './material-thumbnails';
import { projectsList } from './projects-list';
import { readReportPdfCount, reportPdfBench, reportPdfBudgetMs } from './report-pdf';
import { regionTreeBench, regionTreeBudgetMs } from './region-tree';
import { readReportCount, reportList, reportListBudgetMs } from './report-list';
import { requestCost, requestCostBudgetMs } from './request-cost';
import { startBench, startBudgetMs } from './start';
import { readResultSettings, resultsBench, resultsBudgetMs } from './results';
import { screensBench, screensBudgetMs } from './screens';
import { storageBench, storageBudgetMs } from './storage';
import { workflowsBench, workflowsBudgetMs } from './workflows';

let settings: LoadSettings;
let uploadMegabytes: number;
let reports: number;
let loadSeconds: number;
let results: ReturnType<typeof readResultSettings>;
let reportPdfs: number;
let importReports: number;
let activityRows: number;
let contentReports: number;
let oneDaySizes: number[];
try {
  results = readResultSettings(process.env);
  settings = readSettings(process.env);
  uploadMegabytes = readUploadMegabytes(process.env);
  reports = readReportCount(process.env);
  loadSeconds = readLoadSeconds(process.env);
  reportPdfs = readReportPdfCount(process.env);
  importReports = readImportCount(process.env);
  activityRows = readActivityCount(process.env);
  contentReports = readContentReports(process.env);
  oneDaySizes = readOneDaySizes(process.env);
} catch (error) {
  console.error(`bench: ${describeError(error)}`);
  process.exit(1);
}
const postgresUrl = process.env.BENCH_DATABASE_URL || DEFAULT_POSTGRES_URL;

// Safety net: the projects list on two databases, each with warm-up and measurement, plus
// generous setup time; the upload at no slower than 1 MB/s; the report list and the labels
// with their own budgets (seeding scales with BENCH_REPORTS).
const limitMs =
  2 * (settings.warmupSeconds + settings.seconds) * 1000 +
  120_000 +
  uploadMegabytes * 1000 +
  reportListBudgetMs(settings, reports) +
  labelsBudgetMs(settings) +
  labelsImportBudgetMs() +
  materialThumbnailsBudgetMs() +
  loadBudgetMs(settings, loadSeconds) +
  requestCostBudgetMs(settings) +
  connectionsBudgetMs(settings) +
  resultsBudgetMs(settings, results.reports, results.regions) +
  reportPdfBudgetMs(reportPdfs) +
  storageBudgetMs() +
  regionTreeBudgetMs(settings) +
  workflowsBudgetMs() +
  startBudgetMs() +
  bulkImportBudgetMs(importReports) +
  activityBudgetMs(settings, activityRows) +
  contentSearchBudgetMs(settings, contentReports) +
  oneDayBudgetMs(oneDaySizes) +
  screensBudgetMs();
setTimeout(() => {
  console.error(`bench: still running after ${limitMs / 1000} s, giving up`);
  process.exit(2);
}, limitMs).unref();

/** BENCH_ONLY=report-list (or another section's name): that section alone. */
const only = process.env.BENCH_ONLY;
try {
  if (only === 'report-list') {
    console.log(await reportList(settings, postgresUrl, reports));
    process.exit(0);
  }
  if (only === 'activity') {
    console.log(await activityBench(settings, postgresUrl, activityRows));
    process.exit(0);
  }
  if (only === 'results') {
    console.log(await resultsBench(settings, postgresUrl, results));
    process.exit(0);
  }
  if (only === 'report-pdf') {
    console.log(await reportPdfBench(reportPdfs));
    process.exit(0);
  }
  if (only === 'workflows') {
    console.log(await workflowsBench(postgresUrl));
    process.exit(0);
  }
  if (only === 'storage') {
    console.log(await storageBench());
    process.exit(0);
  }
  if (only === 'one-day') {
    console.log(await oneDayBench(postgresUrl, oneDaySizes));
    process.exit(0);
  }
  if (only === 'bulk-import') {
    console.log(await bulkImportBench(postgresUrl, importReports));
    process.exit(0);
  }
  if (only === 'load') {
    console.log(await loadBench(settings, loadSeconds, postgresUrl));
    process.exit(0);
  }
  if (only === 'start') {
    console.log(await startBench());
    process.exit(0);
  }
  if (only === 'screens') {
    console.log(await screensBench());
    process.exit(0);
  }
  if (only === 'content-search') {
    console.log(await contentSearchBench(settings, postgresUrl, contentReports));
    process.exit(0);
  }
  if (only === 'region-tree') {
    console.log(await regionTreeBench(settings, postgresUrl));
    process.exit(0);
  }
  console.log(await projectsList(settings, postgresUrl));
  console.log();
  console.log(await requestCost(settings, postgresUrl));
  console.log();
  console.log(await chunkedUpload(uploadMegabytes));
  console.log();
  console.log(await storageBench());
  console.log();
  console.log(await reportList(settings, postgresUrl, reports));
  console.log();
  console.log(await labelsBench(settings));
  console.log();
  console.log(await labelsImport());
  console.log();
  console.log(await materialThumbnails());
  console.log();
  console.log(await connectionsBench(settings));
  console.log();
  console.log(await regionTreeBench(settings, postgresUrl));
  console.log();
  console.log(await loadBench(settings, loadSeconds, postgresUrl));
  console.log();
  console.log(await resultsBench(settings, postgresUrl, results));
  console.log();
  console.log(await reportPdfBench(reportPdfs));
  console.log();
  console.log(await workflowsBench(postgresUrl));
  console.log();
  console.log(await startBench());
  console.log();
  console.log(await bulkImportBench(postgresUrl, importReports));
  console.log();
  console.log(await contentSearchBench(settings, postgresUrl, contentReports));
  console.log();
  console.log(await oneDayBench(postgresUrl, oneDaySizes));
  console.log();
  console.log(await screensBench());
  console.log();
  console.log(await activityBench(settings, postgresUrl, activityRows));
} catch (error) {
  console.error('bench failed:', error);
  process.exitCode = 1;
}
