import { useCreate } from '@refinedev/core';
import { App } from 'antd';
import { pathBetween, type WorkflowLink, type WorkflowTask } from '../../../contract/workflows';

/**
 * Why a dragged link from `source` to `target` cannot be added, in the server's words (link-checks.ts),
 * or null. The server checks again; this spares a request and says it at once.
 */
export function connectProblem(tasks: WorkflowTask[], links: WorkflowLink[], sourceId: number, targetId: number): string | null {
  const source = tasks.find((task) => task.id === sourceId);
  const target = tasks.find((task) => task.id === targetId);
  if (!source || !target) return '任务不存在或已被删除，请刷新后重试';
  if (source === target) return `任务 ${source.name} 不能连接到自身`;
  if (links.some((link) => link.source_task === source.id && link.target_task === target.id && !link.source_param && !link.target_param)) {
    return `任务 ${source.name} 到 ${target.name} 的连线已存在`;
  }
  const back = pathBetween(links.map((link) => [link.source_task, link.target_task] as const), target.id, source.id);
  if (back) {
    const names = [...back, target.id].map((id) => tasks.find((task) => task.id === id)?.name ?? String(id));
    return `连线 ${source.name} → ${target.name} 会形成循环依赖：${names.join(' → ')}`;
  }
  return null;
}

/**
 * What dropping a task's output handle on another task's input handle does: an order-only link
 * (仅依赖) through the link route, which the 连线 tab can then give an output and an input.
 * A link the checks refuse is said in Chinese and nothing is sent.
 */
export function useConnectTasks(projectId: string, workflowId: string, tasks: WorkflowTask[], links: WorkflowLink[]) {
  const { message } = App.useApp();
  const { mutateAsync: create } = useCreate<WorkflowLink>();
  return (sourceId: number, targetId: number) => {
    const problem = connectProblem(tasks, links, sourceId, targetId);
    if (problem) {
      void message.error(problem);
      return;
    }
    const names = [sourceId, targetId].map((id) => tasks.find((task) => task.id === id)!.name);
    // The HTTP layer says why the server refused, if it does.
    create({
      resource: 'workflowLinks',
      values: { source_task: sourceId, target_task: targetId },
      meta: { projectId, workflowId },
      successNotification: { message: `已新增连线 ${names[0]} → ${names[1]}（仅依赖，可在“连线”中选择输出与输入参数）`, type: 'success' },
    }).catch(() => undefined);
  };
}
