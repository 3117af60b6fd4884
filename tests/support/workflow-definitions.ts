import type { LinkDefinition, TaskDefinition } from '../../server/modules/workflows/types';

/** A published task as the run engine reads it: a script task with no script, no params and no retries, unless `extra` says otherwise. */
export const definitionTask = (name: string, extra: Partial<TaskDefinition> = {}): TaskDefinition => ({
  name,
  operator: 'ScriptOperator',
  script: null,
  inputs: [],
  outputs: [],
  params: {},
  runInputs: [],
  retries: 0,
  retryDelay: 0,
  timeout: 600,
  pool: 'default_pool',
  queue: 'default',
  ...extra,
});

/** An order-only link. */
export const orderLink = (source: string, target: string): LinkDefinition => ({ source, target, sourceParam: '', targetParam: '' });
