import { and, count, eq, getTableColumns, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client';
import type { DagRunState } from '../../../../contract/workflows';
import { dagRuns, workflows, workflowTasks, workflowVersions } from '../../../db/schema';
import { notFound } from '../../../lib/errors';
import { withTotal } from '../../../lib/list-page';
import { containing, orderOf } from '../../../lib/sql';

export type WorkflowRow = typeof workflows.$inferSelect;
/** A workflow with what its answer tells of its published version. */
export type WorkflowView = WorkflowRow & { publishedVersion: number | null; publishedRevision: number | null; hasTasks: boolean; lastRunState: DagRunState | null };

export const workflowNotFound = () => notFound('工作流不存在');

const WORKFLOW_ORDER: Record<string, PgColumn> = {
  id: workflows.id,
  name: workflows.name,
  owner: workflows.owner,
  schedule: workflows.schedule,
  is_paused: workflows.isPaused,
  next_dagrun: workflows.nextDagrun,
  created_at: workflows.createdAt,
  updated_at: workflows.updatedAt,
};

const viewColumns = {
  ...getTableColumns(workflows),
  publishedVersion: workflowVersions.version,
  publishedRevision: workflowVersions.revision,
  hasTasks: sql<boolean>`exists (select 1 from ${workflowTasks} where ${workflowTasks.workflowId} = ${workflows.id})`,
  // The latest run by logical date (Airflow's 上次运行), in the same query as the page: one index probe per row (dag_runs_workflow_logical_idx).
  lastRunState: sql<DagRunState | null>`(select ${dagRuns.state} from ${dagRuns} where ${dagRuns.workflowId} = ${workflows.id} order by ${dagRuns.logicalDate} desc, ${dagRuns.id} desc limit 1)`,
};
const views = (db: Db) => db.select(viewColumns).from(workflows).leftJoin(workflowVersions, eq(workflowVersions.id, workflows.versionId));

export function listWorkflows(db: Db, projectUuid: string, query: { limit: number; offset: number; search?: string; ordering?: string }) {
  const where: SQL[] = [eq(workflows.projectUuid, projectUuid)];
  if (query.search) {
    const pattern = containing(query.search);
    where.push(or(ilike(workflows.name, pattern), ilike(workflows.description, pattern), ilike(workflows.owner, pattern))!);
  }
  return withTotal(
    views(db)
      .where(and(...where))
      .orderBy(...orderOf(query.ordering, WORKFLOW_ORDER, workflows.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(workflows).where(and(...where)),
  );
}

/** The workflow of the path in the project of the path: another project's answers 404 like a missing one. */
export async function findWorkflow(db: Db, projectUuid: string, id: number): Promise<WorkflowView> {
  const [row] = await views(db).where(and(eq(workflows.projectUuid, projectUuid), eq(workflows.id, id)));
  if (!row) throw workflowNotFound();
  return row;
}

/** Locks the workflow row for a write (FOR UPDATE): writes to one workflow, its tasks and links take turns. Null project: any. */
export async function lockWorkflow(tx: Db, projectUuid: string | null, id: number): Promise<WorkflowRow> {
  const where = projectUuid === null ? eq(workflows.id, id) : and(eq(workflows.projectUuid, projectUuid), eq(workflows.id, id));
  const [row] = await tx.select().from(workflows).where(where).for('update');
  if (!row) throw workflowNotFound();
  return row;
}

export async function insertWorkflow(db: Db, projectUuid: string, values: Omit<typeof workflows.$inferInsert, 'projectUuid'>): Promise<number> {
  const [row] = await db.insert(workflows).values({ ...values, projectUuid, revision: 1 }).returning({ id: workflows.id });
  return row.id;
}
