import { eq, inArray, max } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { scripts, storedFiles, workflows, workflowVersions } from '../../../db/schema';
import { badRequest } from '../../../lib/errors';
import { dagLink, loadDag, refreshNextDagrun } from './dag';
import { lockWorkflow, workflowNotFound } from './queries';
import type { WorkflowDefinition } from '../types';
import { dagValidity } from './validity';

/** The workflow's current definition as a version keeps it: tasks with their script files, inputs and outputs; links by task names. */
export async function buildDefinition(db: Db, workflowId: number): Promise<WorkflowDefinition> {
  const [workflow] = await db.select().from(workflows).where(eq(workflows.id, workflowId));
  if (!workflow) throw workflowNotFound();
  const dag = await loadDag(db, workflowId);
  const scriptIds = [...new Set(dag.rows.map((row) => row.scriptId).filter((id): id is number => id !== null))];
  const files =
    scriptIds.length === 0
      ? []
      : await db
          .select({ id: scripts.id, name: scripts.name, fileId: scripts.fileId, fileName: storedFiles.name, dockerName: scripts.dockerName, dockerTag: scripts.dockerTag })
          .from(scripts)
          .innerJoin(storedFiles, eq(storedFiles.id, scripts.fileId))
          .where(inArray(scripts.id, scriptIds));
  const nameOf = new Map(dag.rows.map((row) => [row.id, row.name]));
  return {
    maxActiveTasks: workflow.maxActiveTasks,
    maxActiveRuns: workflow.maxActiveRuns,
    dependsOnPast: workflow.dependsOnPast,
    tasks: dag.rows.map((row, index) => ({
      name: row.name,
      operator: row.operator,
      script: files.find((file) => file.id === row.scriptId) ?? null,
      inputs: dag.tasks[index].inputs,
      outputs: dag.tasks[index].outputs,
      params: row.params,
      runInputs: row.runInputs,
      retries: row.retries ?? workflow.retries,
      retryDelay: workflow.retryDelay,
      timeout: row.timeout,
      pool: row.pool,
      queue: row.queue,
    })),
    links: dag.links.map((link) => ({ source: nameOf.get(link.sourceTaskId)!, target: nameOf.get(link.targetTaskId)!, sourceParam: link.sourceParam, targetParam: link.targetParam })),
  };
}

export interface Publication {
  versionId: number;
  version: number;
  /** False when the revision was already published: its version is answered, no row added. */
  created: boolean;
}

/**
 * Publishes the locked workflow's current revision as a new version that new runs execute;
 * a revision published already answers its version. An invalid DAG is refused with its errors.
 */
export async function publishLocked(tx: Db, workflowId: number, userUuid: string | null, timeZone: string): Promise<Publication> {
  const [workflow] = await tx.select().from(workflows).where(eq(workflows.id, workflowId));
  const dag = await loadDag(tx, workflowId);
  const { errors } = dagValidity(dag.tasks, dag.links.map(dagLink));
  if (errors.length > 0) throw badRequest(`工作流不能发布：${errors.join('；')}`);
  // Rows written without the routes (the demo seed) learn their validity here.
  if (!workflow.isValidDag) await tx.update(workflows).set({ isValidDag: true }).where(eq(workflows.id, workflowId));
  if (workflow.versionId !== null) {
    const [current] = await tx.select().from(workflowVersions).where(eq(workflowVersions.id, workflow.versionId));
    if (current?.revision === workflow.revision) return { versionId: current.id, version: current.version, created: false };
  }
  const definition = await buildDefinition(tx, workflowId);
  const [{ latest }] = await tx.select({ latest: max(workflowVersions.version) }).from(workflowVersions).where(eq(workflowVersions.workflowId, workflowId));
  const [row] = await tx
    .insert(workflowVersions)
    .values({ workflowId, version: (latest ?? 0) + 1, revision: workflow.revision, definition, createdBy: userUuid })
    .returning();
  await tx.update(workflows).set({ versionId: row.id }).where(eq(workflows.id, workflowId));
  await refreshNextDagrun(tx, workflowId, timeZone);
  return { versionId: row.id, version: row.version, created: true };
}

/** update_airflow_dag without a body, for the demo seed and other callers: the workflow locked, its revision published. */
export function publishWorkflow(db: Db, workflowId: number, userUuid: string | null, timeZone: string): Promise<Publication> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await lockWorkflow(tx, null, workflowId);
    return publishLocked(tx, workflowId, userUuid, timeZone);
  });
}
