import type { FastifyInstance } from 'fastify';
import { deleteUnusedObjects } from '../uploads/storage-gc';
import { sweepBin } from './bin-writes';

/** The recycle bin's sweep (at start and hourly, one process at a time): entries past RECYCLE_BIN_DAYS are purged and their files freed. */
export const RECYCLE_BIN_SWEEP_QUEUE = 'recycle-bin-sweep';
export async function sweepRecycleBin(app: FastifyInstance, now = new Date()): Promise<number> {
  const purged = await sweepBin(app.db, app.config.recycleBinDays, now);
  if (purged > 0) {
    app.log.info({ purged }, 'recycle bin: purged entries past their retention');
    await deleteUnusedObjects(app);
  }
  return purged;
}
