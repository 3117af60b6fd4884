import { Readable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { REGION_LEVEL_NAMES, type RegionLevel, type RegionPath } from '../../../contract/results';
import { REPORT } from '../../../contract/library';
import type { Db } from '../../db/client';
import { generationJobs, generationRegions, labelGroups, labels, projects, regionKeysOf, resultReports, storedFiles } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { MIME } from '../../lib/file-types';
import { discardObjects, newStorageKey } from '../../lib/storage';
import { makeThumbnail } from '../../lib/thumbnails';
import { Interrupted, type JobContext } from '../../jobs/queue';
import { insertItems } from '../library/item-writes';
import { fileUrl } from '../uploads/access';
import type { ResultDeps } from './deps';
import { finishIfSettled, type RegionJobData } from './generation-queries';
import type { IndicatorValue, RenderedResultReport } from './types';

/** The label group of the generated reports' regions (origin 报告), made on first use. */
export const REGION_LABEL_GROUP = '区域';
const LABEL_NAME_MAX = 50;

/** A region's label: its path below the city (the project's own), joined by '/'; a long one keeps its tail. */
export function regionLabelName(path: RegionPath): string {
  const name = path.slice(2).join('/') || path.join('/');
  return name.length <= LABEL_NAME_MAX ? name : `…${name.slice(name.length - LABEL_NAME_MAX + 1)}`;
}

/** The region's label, made when missing; a concurrent maker of the same label is waited for, not duplicated. */
async function regionLabel(tx: Db, projectUuid: string, path: RegionPath): Promise<number> {
  await tx.insert(labelGroups).values({ projectUuid, name: REGION_LABEL_GROUP, order: 1000 }).onConflictDoNothing();
  const [group] = await tx.select({ id: labelGroups.id }).from(labelGroups).where(and(eq(labelGroups.projectUuid, projectUuid), eq(labelGroups.name, REGION_LABEL_GROUP)));
  const name = regionLabelName(path);
  const [made] = await tx
    .insert(labels)
    .values({ projectUuid, name, origin: REPORT.entity, labelGroupId: group.id, extraInfo: { level: path.length, path } })
    .onConflictDoNothing()
    .returning({ id: labels.id });
  if (made) return made.id;
  const [found] = await tx
    .select({ id: labels.id })
    .from(labels)
    .where(and(eq(labels.projectUuid, projectUuid), eq(labels.labelGroupId, group.id), eq(labels.origin, REPORT.entity), eq(labels.name, name)));
  return found.id;
}

/** Why a region cannot have a report, in Chinese, or null when its data is enough. */
function shortfall(indicators: IndicatorValue[], dimension: string, region: RegionPath): string | null {
  const where = region.slice(2).join('') || region.join('');
  if (indicators.length === 0) return `${where}没有「${dimension}」维度的体检指标`;
  if (indicators.every((indicator) => indicator.value === null)) return `数据仓库中没有${where}「${dimension}」维度的指标数据`;
  return null;
}

type RegionRow = typeof generationRegions.$inferSelect;
type JobRow = typeof generationJobs.$inferSelect;

async function markFailed(app: FastifyInstance, region: RegionRow, reason: string) {
  await app.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await tx.select({ id: generationJobs.id }).from(generationJobs).where(eq(generationJobs.id, region.jobId)).for('update');
    await tx
      .update(generationRegions)
      .set({ state: 'failed', error: reason, updatedAt: new Date() })
      .where(and(eq(generationRegions.id, region.id), eq(generationRegions.state, 'pending')));
    await finishIfSettled(tx, region.jobId);
  });
}

/** Stores the report's files before its transaction; they are deleted again when it does not commit. */
async function putFiles(app: FastifyInstance, rendered: RenderedResultReport) {
  const thumbnail = await makeThumbnail(rendered.cover);
  const written: string[] = [];
  const put = async (bytes: Uint8Array) => {
    const key = newStorageKey();
    written.push(key);
    return { key, ...(await app.storage.put(key, Readable.from([Buffer.from(bytes)]))) };
  };
  try {
    return { pdf: await put(rendered.pdf), cover: await put(rendered.cover), thumb: await put(thumbnail), written };
  } catch (error) {
    await discardObjects(app.storage, written, app.log);
    throw error;
  }
}

/**
 * The report of one region of a generation: read its indicators, render, store the files,
 * then in one transaction add the library report (labels: dimension, report type, region),
 * its results row, and mark the region done. Idempotent: a region that is no longer pending
 * is skipped, checked again under its job's lock in the transaction, so a job run twice (a
 * retry after a crash between the commit and the queue's acknowledgement, or two processes)
 * never makes two reports; the files of a transaction that does not commit are deleted.
 * A region whose data cannot make a report is marked failed with the reason, for good.
 */
export async function generateRegion(app: FastifyInstance, deps: ResultDeps, data: RegionJobData, context: JobContext): Promise<void> {
  const [found] = await app.db
    .select({ region: generationRegions, job: generationJobs, projectName: projects.name, organizationUuid: projects.organizationUuid })
    .from(generationRegions)
    .innerJoin(generationJobs, eq(generationJobs.id, generationRegions.jobId))
    .innerJoin(projects, eq(projects.uuid, generationJobs.projectUuid))
    .where(eq(generationRegions.id, data.regionId));
  if (!found || found.region.state !== 'pending') return;
  const { region, job } = found;
  await app.db.update(generationJobs).set({ startedAt: sql`now()` }).where(and(eq(generationJobs.id, job.id), sql`${generationJobs.startedAt} is null`));

  let rendered: RenderedResultReport;
  try {
    rendered = await renderRegion(app, deps, job, region.path, found.projectName);
  } catch (error) {
    if (error instanceof AppError) return markFailed(app, region, error.message);
    if (context.lastAttempt && !(error instanceof Interrupted)) return markFailed(app, region, `生成失败：${(error as Error).message}`);
    throw error;
  }
  if (context.stopping.aborted) throw new Interrupted();

  const files = await putFiles(app, rendered);
  let committed = false;
  try {
    committed = await saveReport(app.db, { job, region, organizationUuid: found.organizationUuid, rendered, files });
  } catch (error) {
    // The report group or a label was deleted meanwhile: the region cannot have its report.
    if (error instanceof AppError) await markFailed(app, region, error.message);
    else throw error;
  } finally {
    if (!committed) await discardObjects(app.storage, files.written, app.log);
  }
}

async function renderRegion(app: FastifyInstance, deps: ResultDeps, job: JobRow, path: RegionPath, projectName: string) {
  const level = job.level as RegionLevel;
  const source = { connectionId: job.payload.connection_id, databaseName: job.payload.database_name, schemaName: job.payload.schema_name };
  const indicators = await deps.indicatorsOf(app, job.projectUuid, source, path, job.dimensionName, level);
  const reason = shortfall(indicators, job.dimensionName, path);
  if (reason) throw new AppError(400, 40000, reason);
  return deps.render({
    projectName,
    region: path,
    levelName: REGION_LEVEL_NAMES[level],
    dimension: job.dimensionName,
    reportType: job.reportTypeName,
    date: new Date(),
    indicators,
  });
}

/** The report's name: the region below the province, then the dimension, e.g. 示例市东城区-生态宜居体检报告. */
export const reportName = (path: RegionPath, dimension: string) => `${path.slice(1).join('')}-${dimension}体检报告`.slice(0, REPORT.nameMax);

interface Saving {
  job: JobRow;
  region: RegionRow;
  organizationUuid: string;
  rendered: RenderedResultReport;
  files: Awaited<ReturnType<typeof putFiles>>;
}

async function saveReport(db: Db, { job, region, organizationUuid, rendered, files }: Saving): Promise<boolean> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    // The job first, then the region: every writer of a job's regions locks in this order.
    await tx.select({ id: generationJobs.id }).from(generationJobs).where(eq(generationJobs.id, job.id)).for('update');
    const [locked] = await tx.select({ state: generationRegions.state }).from(generationRegions).where(eq(generationRegions.id, region.id)).for('update');
    if (locked?.state !== 'pending') return false;
    const name = reportName(region.path, job.dimensionName);
    const stored = { organizationUuid, projectUuid: job.projectUuid, createdBy: job.requestedBy };
    const [pdf] = await tx
      .insert(storedFiles)
      .values({ ...stored, storageKey: files.pdf.key, name: `${name}.pdf`, size: files.pdf.size, mime: MIME.pdf, sha256: files.pdf.sha256 })
      .returning();
    const [cover] = await tx
      .insert(storedFiles)
      .values({ ...stored, storageKey: files.cover.key, name: `${name}.jpg`, size: files.cover.size, mime: MIME.jpeg, sha256: files.cover.sha256, thumbKey: files.thumb.key, thumbSize: files.thumb.size })
      .returning();
    const labelIds = [job.dimensionLabelId, job.reportTypeLabelId, await regionLabel(tx, job.projectUuid, region.path)].filter((id): id is number => id !== null);
    const [itemId] = await insertItems(tx, { projectUuid: job.projectUuid, kind: 'report', createdBy: job.requestedBy ?? undefined }, [
      {
        values: { name, createUser: job.createUser, file: fileUrl(pdf), fileId: pdf.id, realFileName: pdf.name, cover: fileUrl(cover), coverFileId: cover.id, groupId: job.reportGroupId },
        labelIds,
      },
    ]);
    await tx.insert(resultReports).values({
      itemId,
      projectUuid: job.projectUuid,
      region: region.path,
      regionKeys: regionKeysOf(region.path),
      level: job.level,
      dimensionLabelId: job.dimensionLabelId,
      indicatorsMet: rendered.met,
      indicatorsTotal: rendered.total,
      // created_at: now(), the transaction's time, as the library row's.
    });
    await tx.update(generationRegions).set({ state: 'done', reportId: itemId, error: null, updatedAt: new Date() }).where(eq(generationRegions.id, region.id));
    await finishIfSettled(tx, job.id);
    return true;
  });
}
