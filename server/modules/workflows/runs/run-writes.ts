import type { DagRunType } from '../../../../contract/workflows';
import type { Db } from '../../../db/client';
import { dagRuns, taskInstances } from '../../../db/schema';
import { inBatches } from '../../../lib/sql';
import { sendAdvance, type Engine } from '../engine/engine';
import { isoDateTime } from '../../../lib/dates';
import type { WorkflowDefinition } from '../types';

export interface NewRun {
  workflowId: number;
  versionId: number;
  definition: WorkflowDefinition;
  runType: DagRunType;
  logicalDate: Date;
  dataIntervalStart: Date;
  dataIntervalEnd: Date;
  conf: Record<string, unknown>;
  triggeredBy: string | null;
  note: string;
}

/** Airflow's run id: the run type and the logical date, e.g. manual__2026-11-25T10:00:00+08:00. */
export const dagRunIdOf = (runType: DagRunType, logicalDate: Date, timeZone: string) => `${runType}__${isoDateTime(logicalDate, timeZone)}`;

/**
 * A queued run with a task instance (state none) for every task of its version, and the advance
 * job that starts it, all in the caller's transaction. Null when the workflow already has a run
 * of that type at that logical date (two schedulers, or two triggers at once).
 */
export async function insertRun(engine: Engine, tx: Db, run: NewRun): Promise<number | null> {
  const [made] = await tx
    .insert(dagRuns)
    .values({
      workflowId: run.workflowId,
      versionId: run.versionId,
      dagRunId: dagRunIdOf(run.runType, run.logicalDate, engine.app.config.timeZone),
      runType: run.runType,
      state: 'queued',
      externalTrigger: run.runType !== 'scheduled',
      conf: run.conf,
      logicalDate: run.logicalDate,
      dataIntervalStart: run.dataIntervalStart,
      dataIntervalEnd: run.dataIntervalEnd,
      triggeredBy: run.triggeredBy,
      note: run.note,
    })
    .onConflictDoNothing()
    .returning({ id: dagRuns.id });
  if (!made) return null;
  await inBatches(
    run.definition.tasks.map((task) => ({
      dagRunId: made.id,
      workflowId: run.workflowId,
      taskId: task.name,
      state: 'none' as const,
      maxTries: task.retries + 1,
      operator: task.operator,
      pool: task.pool,
      queue: task.queue,
      executionDate: run.logicalDate,
    })),
    (batch) => tx.insert(taskInstances).values(batch),
  );
  await sendAdvance(engine, tx, run.workflowId);
  return made.id;
}
