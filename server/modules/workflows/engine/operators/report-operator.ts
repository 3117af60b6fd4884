import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { REPORT } from '../../../../../contract/library';
import { REGION_LEVEL_LABELS, REGION_PAYLOAD_KEYS, type GeneratePayload, type RegionLevel, type RegionPath } from '../../../../../contract/results';
import type { Db } from '../../../../db/client';
import { generationJobs, generationRegions, labelGroups, labels, libraryGroups, projects, users, workflows } from '../../../../db/schema';
import { AppError } from '../../../../lib/errors';
import type { ResultDeps } from '../../../results/deps';
import { checkGeneration, dimensionLabelIds, REPORT_TYPE_GROUP } from '../../../results/generation-checks';
import { createGeneration, finishIfSettled } from '../../../results/generation-queries';
import { demandSome, userProjectAccess } from '../../../../access/project';
import { projectWarehouse } from '../../../results/regions';
import { TaskLog } from '../task-log';
import { TaskFailed, type TaskRunRequest, type TaskRunResult } from '../../types';
import { displayName } from '../../../../../contract/users';

/** The report group workflow generations fill, made on first use. */
export const WORKFLOW_REPORT_GROUP = '工作流成果';
const POLL_MS = 1000;

/** Thrown inside the operator with the reason; the log is attached where it is caught. */
class Refused extends Error {}

function regionPaths(raw: unknown): RegionPath[] {
  let parsed: unknown;
  try {
    parsed = typeof raw === 'string' ? JSON.parse(raw) : raw;
  } catch {
    throw new Refused('输入 regions 不是合法的 JSON，应为区域路径的数组，如 [["示例省","示例市","东湖区"]]');
  }
  if (!Array.isArray(parsed) || parsed.length === 0) throw new Refused('输入 regions 应为非空的区域路径数组，如 [["示例省","示例市","东湖区"]]');
  return parsed.map((path, index) => {
    if (!Array.isArray(path) || path.length === 0 || !path.every((name) => typeof name === 'string' && name.trim())) {
      throw new Refused(`输入 regions 第 ${index + 1} 项应为从省开始的名称路径（字符串数组），实际是 ${JSON.stringify(path)}`);
    }
    return path.map((name: string) => name.trim());
  });
}

async function dimensionLabel(app: FastifyInstance, projectUuid: string, name: string) {
  const ids = await dimensionLabelIds(app, projectUuid);
  const [label] = ids.length ? await app.db.select().from(labels).where(and(inArray(labels.id, ids), eq(labels.name, name))) : [];
  if (!label) throw new Refused(`输入 dimension「${name}」不是本项目的体检维度标签`);
  const level = Number(label.extraInfo?.level);
  if (!(level >= 3 && level <= 7)) throw new Refused(`体检维度「${name}」没有设置区县到楼栋（3 到 7）之间的区域层级`);
  return { id: label.id, level: level as RegionLevel };
}

async function reportTypeLabel(app: FastifyInstance, projectUuid: string, name: string) {
  const rows = await app.db
    .select({ id: labels.id, name: labels.name })
    .from(labels)
    .innerJoin(labelGroups, eq(labelGroups.id, labels.labelGroupId))
    .where(and(eq(labels.projectUuid, projectUuid), eq(labels.origin, REPORT.entity), eq(labelGroups.name, REPORT_TYPE_GROUP), ...(name ? [eq(labels.name, name)] : [])))
    .orderBy(asc(labels.id))
    .limit(1);
  if (!rows[0]) throw new Refused(name ? `输入 report_type「${name}」不是本项目「${REPORT_TYPE_GROUP}」分组中的标签` : `本项目没有「${REPORT_TYPE_GROUP}」分组的标签，请先添加报告类型`);
  return rows[0];
}

/**
 * Who the generation is made for: the user who triggered the run, or for a scheduled run the
 * workflow's creator; refused unless that user may still generate 成果 in the project, as the
 * 成果 route checks it.
 */
async function requesterOf(app: FastifyInstance, request: TaskRunRequest) {
  let uuid = request.userUuid;
  if (!uuid && request.dagRunId.startsWith('scheduled__')) {
    const [workflow] = await app.db.select({ createdBy: workflows.createdBy }).from(workflows).where(eq(workflows.id, request.workflowId));
    uuid = workflow?.createdBy ?? null;
  }
  const [user] = uuid ? await app.db.select().from(users).where(eq(users.uuid, uuid)) : [];
  if (!user) throw new Refused('找不到代表本次运行生成成果的用户（运行的触发者，定时运行时为工作流的创建者），报告任务无法运行');
  const name = displayName(user);
  const [project] = await app.db.select().from(projects).where(eq(projects.uuid, request.projectUuid));
  try {
    demandSome(await userProjectAccess(app.db, user.uuid, project), REPORT.permissions.create);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    throw new Refused(error.statusCode === 404 ? `用户「${name}」已不是本项目的成员，报告任务无法运行` : `用户「${name}」没有在本项目生成成果的权限，报告任务无法运行`);
  }
  return { uuid: user.uuid, name };
}

async function reportGroup(app: FastifyInstance, projectUuid: string, userUuid: string) {
  await app.db.insert(libraryGroups).values({ projectUuid, kind: REPORT.kind, name: WORKFLOW_REPORT_GROUP, sorted: 200, userUuid }).onConflictDoNothing();
  const [group] = await app.db
    .select({ id: libraryGroups.id })
    .from(libraryGroups)
    .where(and(eq(libraryGroups.projectUuid, projectUuid), eq(libraryGroups.kind, REPORT.kind), eq(libraryGroups.name, WORKFLOW_REPORT_GROUP)));
  return group.id;
}

/** Regions still pending are given up (the queue skips them), so a stopped task leaves no work behind. */
async function cancelPending(app: FastifyInstance, jobId: number, reason: string) {
  await app.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await tx.select({ id: generationJobs.id }).from(generationJobs).where(eq(generationJobs.id, jobId)).for('update');
    await tx
      .update(generationRegions)
      .set({ state: 'failed', error: reason, updatedAt: new Date() })
      .where(and(eq(generationRegions.jobId, jobId), eq(generationRegions.state, 'pending')));
    await finishIfSettled(tx, jobId);
  });
}

/** Polls the generation every second until it has finished, or the task is stopped or out of time. */
async function settle(app: FastifyInstance, jobId: number, signal: AbortSignal, deadline: number) {
  for (;;) {
    const [job] = await app.db.select({ finishedAt: generationJobs.finishedAt }).from(generationJobs).where(eq(generationJobs.id, jobId));
    if (!job || job.finishedAt) return 'settled' as const;
    if (signal.aborted) return 'aborted' as const;
    if (Date.now() >= deadline) return 'timeout' as const;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, Math.min(POLL_MS, Math.max(deadline - Date.now(), 0)));
      signal.addEventListener('abort', done, { once: true });
      function done() {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      }
    });
  }
}

/**
 * A ReportOperator try: one 成果 generation (a PDF report per region) as the 成果 area makes it,
 * checked by the same rules, into the project's 工作流成果 report group; waits until every region
 * is done or failed. A region that failed fails the task, its reason in the log.
 */
export async function runReportTask(app: FastifyInstance, deps: ResultDeps, request: TaskRunRequest): Promise<TaskRunResult> {
  const log = new TaskLog();
  const { projectUuid, inputs, task } = request;
  const deadline = Date.now() + Math.max(task.timeout, 1) * 1000;
  let jobId: number;
  let regions: RegionPath[];
  try {
    const requester = await requesterOf(app, request);
    const dimensionName = typeof inputs.dimension === 'string' ? inputs.dimension.trim() : '';
    if (!dimensionName) throw new Refused('请填写输入 dimension（体检维度标签名称）');
    regions = regionPaths(inputs.regions);
    const dimension = await dimensionLabel(app, projectUuid, dimensionName);
    const reportType = await reportTypeLabel(app, projectUuid, typeof inputs.report_type === 'string' ? inputs.report_type.trim() : '');
    regions.forEach((path, index) => {
      if (path.length !== dimension.level) {
        throw new Refused(`输入 regions 第 ${index + 1} 项「${path.join('/')}」应为从省到${REGION_LEVEL_LABELS[dimension.level]}（第 ${dimension.level} 级）的名称路径，体检维度「${dimensionName}」按这一级生成`);
      }
    });
    const source = await projectWarehouse(app, projectUuid);
    const payload: GeneratePayload = {
      data_list: regions.map((path) => Object.fromEntries(path.slice(2).map((name, i) => [REGION_PAYLOAD_KEYS[i], name]))),
      report_type: reportType.id,
      level: dimension.level,
      level_label: dimension.id,
      report_project_uuid: projectUuid,
      connection_id: source.connectionId,
      schema_name: source.schemaName,
      database_name: source.databaseName,
      report_group_id: await reportGroup(app, projectUuid, requester.uuid),
    };
    const checked = await checkGeneration(app, deps, projectUuid, payload);
    checked.regions.forEach((found, index) => {
      if (found.join('/') !== regions[index].join('/')) throw new Refused(`输入 regions 第 ${index + 1} 项「${regions[index].join('/')}」不在项目的调查范围中`);
    });
    if (request.signal.aborted) throw new Refused('任务已被停止');
    jobId = await createGeneration(app, projectUuid, payload, checked, requester);
    log.note(`已提交成果生成任务 ${jobId}：体检维度「${dimensionName}」，报告类型「${reportType.name}」，${regions.length} 个区域，报告放入「${WORKFLOW_REPORT_GROUP}」分组`);
  } catch (error) {
    // The 成果 checks name the generation's fields; data_list is this task's regions.
    if (error instanceof Refused || error instanceof AppError) throw new TaskFailed(error.message.replace(/^所选的/, '输入 regions '), log.toString());
    throw error;
  }

  const outcome = await settle(app, jobId, request.signal, deadline);
  if (outcome !== 'settled') {
    await cancelPending(app, jobId, outcome === 'aborted' ? '工作流任务已被停止，未生成' : '工作流任务超过时限，未生成');
  }
  const rows = await app.db.select().from(generationRegions).where(eq(generationRegions.jobId, jobId)).orderBy(asc(generationRegions.position));
  for (const row of rows) log.note(`${row.path.join('/')}：${row.state === 'done' ? `已生成报告（id ${row.reportId}）` : `未生成，${row.error ?? '原因不明'}`}`);
  if (outcome === 'aborted') throw new TaskFailed('任务已被停止', log.toString());
  if (outcome === 'timeout') throw new TaskFailed(`任务运行超过时限 ${task.timeout} 秒，已停止`, log.toString());
  const done = rows.filter((row) => row.state === 'done').length;
  if (done < rows.length) throw new TaskFailed(`${rows.length - done} 个区域未能生成报告（共 ${rows.length} 个），原因见日志`, log.toString());
  return { outputs: { generation_id: jobId, report_count: done }, log: log.toString() };
}
