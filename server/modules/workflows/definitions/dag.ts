import { and, eq, max, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { dagRuns, workflows, workflowTasks } from '../../../db/schema';
import { linksOf, type LinkRow } from './link-queries';
import { lockWorkflow, type WorkflowRow } from './queries';
import { nextDagrun } from './schedule';
import { ioOfTasks } from './task-io';
import { tasksOf, type TaskRow } from './task-queries';
import { dagValidity, type DagLink, type DagTask } from './validity';

export interface Dag {
  rows: TaskRow[];
  tasks: DagTask[];
  links: LinkRow[];
}

export const dagLink = (link: LinkRow): DagLink => ({ sourceTaskId: link.sourceTaskId, targetTaskId: link.targetTaskId, sourceParam: link.sourceParam, targetParam: link.targetParam });

/** A workflow's current definition: its tasks with their inputs and outputs as they stand now, and its links. */
export async function loadDag(db: Db, workflowId: number): Promise<Dag> {
  const [rows, links] = await Promise.all([tasksOf(db, workflowId), linksOf(db, workflowId)]);
  const io = await ioOfTasks(db, rows);
  const tasks = rows.map((row, index) => ({
    id: row.id,
    name: row.name,
    operator: row.operator,
    scriptId: row.scriptId,
    inputs: io[index].inputs,
    outputs: io[index].outputs,
    params: row.params,
    runInputs: row.runInputs,
  }));
  return { rows, tasks, links };
}

/** The logical date of the next scheduled run: none while paused or before the first publication. */
export async function refreshNextDagrun(tx: Db, workflowId: number, timeZone: string, now = new Date()): Promise<void> {
  const [workflow] = await tx.select().from(workflows).where(eq(workflows.id, workflowId));
  let next: Date | null = null;
  if (!workflow.isPaused && workflow.versionId !== null) {
    const [{ last }] = await tx
      .select({ last: max(dagRuns.logicalDate) })
      .from(dagRuns)
      .where(and(eq(dagRuns.workflowId, workflowId), eq(dagRuns.runType, 'scheduled')));
    const settings = { schedule: workflow.schedule, startDate: workflow.startDate, endDate: workflow.endDate, catchup: workflow.catchup };
    next = nextDagrun(settings, last ? new Date(last) : null, now, timeZone);
  }
  await tx.update(workflows).set({ nextDagrun: next }).where(eq(workflows.id, workflowId));
}

/** After a change: its validity kept, the time of the change, and a new revision when the definition changed. */
async function touchWorkflow(tx: Db, workflowId: number, revise = true): Promise<void> {
  const dag = await loadDag(tx, workflowId);
  const { is_valid_dag } = dagValidity(dag.tasks, dag.links.map(dagLink));
  await tx
    .update(workflows)
    .set({ ...(revise ? { revision: sql`${workflows.revision} + 1` } : {}), isValidDag: is_valid_dag, updatedAt: new Date() })
    .where(eq(workflows.id, workflowId));
}

/**
 * The caller's change of a workflow, its tasks or links inside the caller's transaction: the
 * workflow row locked first, touched after. `revises` tells from the change's result whether it
 * changed the definition (settings such as the schedule or the pause are not part of a version).
 */
export async function changeWorkflowIn<T>(
  tx: Db,
  projectUuid: string,
  workflowId: number,
  change: (tx: Db, workflow: WorkflowRow) => Promise<T>,
  revises: (result: T) => boolean = () => true,
): Promise<T> {
  const workflow = await lockWorkflow(tx, projectUuid, workflowId);
  const result = await change(tx, workflow);
  await touchWorkflow(tx, workflowId, revises(result));
  return result;
}

/** The same in a transaction of its own. */
export const changeWorkflow = <T>(db: Db, projectUuid: string, workflowId: number, change: (tx: Db, workflow: WorkflowRow) => Promise<T>, revises?: (result: T) => boolean): Promise<T> =>
  db.transaction((transaction) => changeWorkflowIn(transaction as unknown as Db, projectUuid, workflowId, change, revises));

/**
 * After a change of a script (its parameters, its file): each workflow whose tasks run it gets a
 * new revision and its validity again, as its tasks' inputs and outputs may have changed.
 */
export async function touchWorkflowsOfScript(db: Db, scriptId: number): Promise<void> {
  const users = await db.selectDistinct({ id: workflowTasks.workflowId }).from(workflowTasks).where(eq(workflowTasks.scriptId, scriptId));
  for (const { id } of users) {
    await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const [locked] = await tx.select({ id: workflows.id }).from(workflows).where(eq(workflows.id, id)).for('update');
      if (locked) await touchWorkflow(tx, id);
    });
  }
}
