import { and, count, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { GeneratePayload, GenerationJob, GenerationRegion, GenerationState, RegionLevel } from '../../../contract/results';
import type { Db } from '../../db/client';
import { generationJobs, generationRegions } from '../../db/schema';
import { formatDateTime } from '../../lib/dates';
import { badRequest, tooManyRequests } from '../../lib/errors';
import type { CheckedGeneration } from './generation-checks';

export const GENERATE_QUEUE = 'results-generate';
export interface RegionJobData {
  regionId: number;
}

/**
 * Refuses a generation beyond the configured bounds: the requester's requests in the last
 * minute, and the project's regions still pending with this one's. Inside the transaction that
 * records it, after locks on the project and the requester, so racing requests count each other.
 */
async function checkBounds(app: FastifyInstance, tx: Db, projectUuid: string, requester: string, regions: number) {
  const { maxPendingPerProject, maxPerUserMinute } = app.config.generationLimits;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`generate-project:${projectUuid}`}))`);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`generate-user:${requester}`}))`);
  const [{ recent }] = await tx
    .select({ recent: count() })
    .from(generationJobs)
    .where(and(eq(generationJobs.requestedBy, requester), gt(generationJobs.createdAt, sql`now() - interval '1 minute'`)));
  if (recent >= maxPerUserMinute) throw tooManyRequests(`生成请求过于频繁（每分钟最多 ${maxPerUserMinute} 次），请一分钟后再试`);
  const [{ pending }] = await tx
    .select({ pending: count() })
    .from(generationRegions)
    .innerJoin(generationJobs, eq(generationJobs.id, generationRegions.jobId))
    .where(and(eq(generationJobs.projectUuid, projectUuid), isNull(generationJobs.finishedAt), eq(generationRegions.state, 'pending')));
  if (pending + regions > maxPendingPerProject) {
    throw badRequest(`本项目待生成的成果已达上限 ${maxPendingPerProject} 个（待生成 ${pending} 个，本次 ${regions} 个），请等待生成完成后再试`);
  }
}

/**
 * Records a generation and queues one job per region, in one transaction: the rows and their
 * jobs exist together or not at all.
 */
export async function createGeneration(
  app: FastifyInstance,
  projectUuid: string,
  payload: GeneratePayload,
  checked: CheckedGeneration,
  requester: { uuid: string; name: string },
): Promise<number> {
  const jobId = await app.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await checkBounds(app, tx, projectUuid, requester.uuid, checked.regions.length);
    const [job] = await tx
      .insert(generationJobs)
      .values({
        projectUuid,
        payload,
        level: checked.level,
        dimensionLabelId: checked.dimension.id,
        dimensionName: checked.dimension.name,
        reportTypeLabelId: checked.reportType.id,
        reportTypeName: checked.reportType.name,
        reportGroupId: checked.reportGroupId,
        requestedBy: requester.uuid,
        createUser: requester.name,
      })
      .returning({ id: generationJobs.id });
    const regions = await tx
      .insert(generationRegions)
      .values(checked.regions.map((path, position) => ({ jobId: job.id, position, path })))
      .returning({ id: generationRegions.id });
    await app.jobs.sendMany<RegionJobData>(GENERATE_QUEUE, regions.map((region) => ({ regionId: region.id })), { tx });
    return job.id;
  });
  app.jobs.wake(GENERATE_QUEUE);
  return jobId;
}

export function generationState(job: { startedAt: Date | null; finishedAt: Date | null }, done: number): GenerationState {
  if (job.finishedAt) return done > 0 ? 'completed' : 'failed';
  return job.startedAt ? 'running' : 'queued';
}

/** A page of the project's generations, newest first, each with its regions. */
export async function listGenerations(db: Db, projectUuid: string, page: { pageNo: number; pageSize: number }, timeZone: string) {
  const [jobs, [{ total }]] = await Promise.all([
    db
      .select()
      .from(generationJobs)
      .where(eq(generationJobs.projectUuid, projectUuid))
      .orderBy(desc(generationJobs.createdAt), desc(generationJobs.id))
      .limit(page.pageSize)
      .offset((page.pageNo - 1) * page.pageSize),
    db.select({ total: count() }).from(generationJobs).where(eq(generationJobs.projectUuid, projectUuid)),
  ]);
  const regions = jobs.length
    ? await db
        .select()
        .from(generationRegions)
        .where(inArray(generationRegions.jobId, jobs.map((job) => job.id)))
        .orderBy(generationRegions.jobId, generationRegions.position)
    : [];
  const data = jobs.map((job): GenerationJob => {
    const own: GenerationRegion[] = regions
      .filter((region) => region.jobId === job.id)
      .map((region) => ({ path: region.path, state: region.state, error: region.error, report_id: region.reportId }));
    const done = own.filter((region) => region.state === 'done').length;
    return {
      job_id: job.id,
      state: generationState(job, done),
      dimension: { id: job.dimensionLabelId ?? job.payload.level_label, name: job.dimensionName },
      report_type: { id: job.reportTypeLabelId ?? job.payload.report_type, name: job.reportTypeName },
      level: job.level as RegionLevel,
      report_group_id: job.reportGroupId ?? job.payload.report_group_id,
      total: own.length,
      done,
      failed: own.filter((region) => region.state === 'failed').length,
      regions: own,
      create_user: job.createUser,
      created_at: formatDateTime(job.createdAt, timeZone)!,
      started_at: formatDateTime(job.startedAt, timeZone),
      finished_at: formatDateTime(job.finishedAt, timeZone),
    };
  });
  return { data, total };
}

/** Inside a region's transaction, after its row changed: the job is finished once no region is pending. */
export async function finishIfSettled(tx: Db, jobId: number) {
  await tx
    .update(generationJobs)
    .set({ finishedAt: sql`now()` })
    .where(
      and(
        eq(generationJobs.id, jobId),
        sql`${generationJobs.finishedAt} is null`,
        sql`not exists (select 1 from ${generationRegions} where ${generationRegions.jobId} = ${jobId} and ${generationRegions.state} = 'pending')`,
      ),
    );
}
