import type { FastifyInstance } from 'fastify';
import { deleteActivitiesBefore } from './queries';

export const ACTIVITY_SWEEP_QUEUE = 'activity-sweep';

/** Deletes the activity rows older than ACTIVITY_RETENTION_DAYS, of every project. */
export async function sweepActivities(app: FastifyInstance): Promise<void> {
  const before = new Date(Date.now() - app.config.activityRetentionDays * 86_400_000);
  const deleted = await deleteActivitiesBefore(app.db, before);
  if (deleted > 0) app.log.info({ deleted }, 'old activity rows deleted');
}
