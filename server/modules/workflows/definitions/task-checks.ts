import type { Static } from '@sinclair/typebox';
import { and, eq } from 'drizzle-orm';
import { OPERATORS, type Operator } from '../../../../contract/workflows';
import type { Db } from '../../../db/client';
import { scripts } from '../../../db/schema';
import { badRequest } from '../../../lib/errors';
import { requiredText } from '../../scripts/checks';
import { paramsOfScripts } from '../../scripts/queries';
import type { TaskWrite } from './schemas';
import { ioOf, type TaskIo } from './task-io';
import type { TaskRow, TaskValues } from './task-queries';
import { paramProblems, type ParamValue } from './validity';

export type TaskBody = Static<typeof TaskWrite>;

const TASK_NAME = /^[A-Za-z0-9_-]+$/;
const IDENTIFIER = /^[A-Za-z0-9_.-]+$/;

function integerIn(value: number, min: number, max: number, message: string): number {
  if (!Number.isInteger(value) || value < min || value > max) throw badRequest(message);
  return value;
}

function identifier(value: string | undefined, fallback: string, message: string): string {
  const text = value?.trim() || fallback;
  if (!IDENTIFIER.test(text)) throw badRequest(message);
  return text;
}

/** The script a ScriptOperator runs: one of this project's, locked (FOR SHARE) so it cannot be deleted before the task is saved. */
async function scriptOf(tx: Db, projectUuid: string, id: number | null) {
  if (id === null) throw badRequest('运行脚本的任务请选择脚本');
  const [script] = await tx
    .select({ id: scripts.id })
    .from(scripts)
    .where(and(eq(scripts.projectUuid, projectUuid), eq(scripts.id, id)))
    .for('share');
  if (!script) throw badRequest('所选脚本不存在，请重新选择');
  return script.id;
}

/** A task as a whole: the body over the stored task where it leaves fields out, every rule checked on the result. */
export async function taskValues(tx: Db, projectUuid: string, body: TaskBody, base?: TaskRow): Promise<{ values: TaskValues; io: TaskIo }> {
  const name = requiredText(body.name ?? base?.name, '请输入任务名称');
  if (!TASK_NAME.test(name)) throw badRequest('任务名称只能由字母、数字、_ 和 - 组成，如 load_data');
  const operator = requiredText(body.operator ?? base?.operator, `请选择算子（${OPERATORS.join('、')}）`) as Operator;
  if (!OPERATORS.includes(operator)) throw badRequest(`算子只能是 ${OPERATORS.join('、')}`);

  let scriptId: number | null = null;
  if (operator === 'ScriptOperator') scriptId = await scriptOf(tx, projectUuid, body.script_id === undefined ? (base?.scriptId ?? null) : body.script_id);
  else if (body.script_id !== undefined && body.script_id !== null) throw badRequest('只有运行脚本的任务可以选择脚本');
  const io = ioOf(operator, scriptId === null ? [] : await paramsOfScripts(tx, [scriptId]));

  const params: Record<string, ParamValue> = {};
  for (const [key, value] of Object.entries(body.params ?? base?.params ?? {})) if (value !== null) params[key] = value;
  const runInputs = [...new Set((body.run_inputs ?? base?.runInputs ?? []).map((field) => field.trim()))];
  const [problem] = paramProblems(name, io.inputs, params, runInputs);
  if (problem) throw badRequest(problem);

  const retries = body.retries === undefined ? (base?.retries ?? null) : body.retries;
  if (retries !== null) integerIn(retries, 0, 100, '任务重试次数须为 0 到 100 的整数；null 为沿用工作流的');
  const values: TaskValues = {
    name,
    description: (body.description ?? base?.description ?? '').trim(),
    operator,
    scriptId,
    params,
    runInputs,
    retries,
    timeout: integerIn(body.timeout ?? base?.timeout ?? 3600, 1, 86400, '超时须为 1 到 86400 秒'),
    pool: identifier(body.pool ?? base?.pool, 'default_pool', '资源池只能由字母、数字和 _ . - 组成，如 default_pool'),
    queue: identifier(body.queue ?? base?.queue, 'default', '队列只能由字母、数字和 _ . - 组成，如 default'),
  };
  return { values, io };
}
