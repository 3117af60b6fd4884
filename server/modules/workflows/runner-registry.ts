import { TaskFailed, type TaskRunner } from './types';

/** The runner of task tries when the app is given none (the real one is task-runner.ts's runTask). */
export const defaultTaskRunner: TaskRunner = async () => {
  throw new TaskFailed('任务执行器尚未配置', '');
};
