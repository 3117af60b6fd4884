import type { FastifyInstance } from 'fastify';
import { defaultResultDeps, type ResultDeps } from '../../results/deps';
import { runQueryTask } from './operators/query-operator';
import { runReportTask } from './operators/report-operator';
import { runScriptTask } from './operators/script-operator';
import { TaskFailed, type TaskRunner } from '../types';

/**
 * Runs one try of a task by its operator (docs/design/workflows.md, "Operators"). A failed try throws
 * TaskFailed with its Chinese reason and log; an unexpected error becomes one too, so the run
 * engine only ever sees TaskFailed. `results`: what 成果 generation checks regions with (the
 * app's, so the runner and the generation queue agree; tests give fakes).
 */
export function createTaskRunner(app: FastifyInstance, results: Partial<ResultDeps> = {}): TaskRunner {
  const deps: ResultDeps = { ...defaultResultDeps, ...results };
  return async (request) => {
    try {
      switch (request.task.operator) {
        case 'ScriptOperator':
          return await runScriptTask(app, request);
        case 'QueryOperator':
          return await runQueryTask(app, request);
        case 'ReportOperator':
          return await runReportTask(app, deps, request);
        default:
          throw new TaskFailed(`不支持的算子 ${String(request.task.operator)}`, '');
      }
    } catch (error) {
      if (error instanceof TaskFailed) throw error;
      app.log.error({ err: error, task: request.task.name, dagRunId: request.dagRunId }, 'task try failed unexpectedly');
      throw new TaskFailed(`任务运行出错：${(error as Error).message}`, '');
    }
  };
}
