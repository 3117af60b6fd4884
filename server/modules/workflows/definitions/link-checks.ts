import type { Static } from '@sinclair/typebox';
import { pathBetween } from '../../../../contract/workflows';
import { badRequest } from '../../../lib/errors';
import type { LinkRow, LinkValues } from './link-queries';
import type { LinkWrite } from './schemas';
import { linkParamProblem, type DagTask } from './validity';

export type LinkBody = Static<typeof LinkWrite>;

function taskOf(tasks: DagTask[], id: number | undefined, label: string): DagTask {
  if (id === undefined) throw badRequest(`请选择${label}`);
  const task = tasks.find((candidate) => candidate.id === id);
  if (!task) throw badRequest(`${label}不是本工作流的任务（id ${id}）`);
  return task;
}

/**
 * A link as a whole, the body over the stored link, checked against the workflow's tasks and
 * its other links: both ends in this workflow, not itself, params that exist with compatible
 * types, not twice the same link, not a second feed of one input, not closing a cycle.
 */
export function linkValues(tasks: DagTask[], others: LinkRow[], body: LinkBody, base?: LinkRow): LinkValues {
  const source = taskOf(tasks, body.source_task ?? base?.sourceTaskId, '上游任务');
  const target = taskOf(tasks, body.target_task ?? base?.targetTaskId, '下游任务');
  if (source === target) throw badRequest(`任务 ${source.name} 不能连接到自身`);
  const sourceParam = (body.source_param ?? base?.sourceParam ?? '').trim();
  const targetParam = (body.target_param ?? base?.targetParam ?? '').trim();
  const problem = linkParamProblem(source, target, sourceParam, targetParam);
  if (problem) throw badRequest(problem);

  const rest = others.filter((link) => link.id !== base?.id);
  if (rest.some((link) => link.sourceTaskId === source.id && link.targetTaskId === target.id && link.sourceParam === sourceParam && link.targetParam === targetParam)) {
    throw badRequest(sourceParam ? `连线 ${source.name}.${sourceParam} → ${target.name}.${targetParam} 已存在` : `任务 ${source.name} 到 ${target.name} 的连线已存在`);
  }
  const feeder = targetParam && rest.find((link) => link.targetTaskId === target.id && link.targetParam === targetParam);
  if (feeder) {
    const from = tasks.find((task) => task.id === feeder.sourceTaskId)?.name ?? feeder.sourceTaskId;
    throw badRequest(`任务 ${target.name} 的输入 ${targetParam} 已由 ${from}.${feeder.sourceParam} 提供`);
  }
  const back = pathBetween(rest.map((link) => [link.sourceTaskId, link.targetTaskId] as const), target.id, source.id);
  if (back) {
    const names = [...back, target.id].map((id) => tasks.find((task) => task.id === id)?.name ?? id);
    throw badRequest(`连线 ${source.name} → ${target.name} 会形成循环依赖：${names.join(' → ')}`);
  }
  return { sourceTaskId: source.id, targetTaskId: target.id, sourceParam, targetParam };
}
