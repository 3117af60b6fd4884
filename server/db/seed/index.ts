import type { Storage } from '../../lib/storage';
import type { Db } from '../client';
import { seedDemoAccounts } from './demo-accounts';
import { seedDemoLabels } from './demo-labels';
import { seedDemoLibrary, type SeedContext } from './demo-library';
import { seedDemoWarehouse } from './demo-warehouse';
import { seedDemoWorkflow } from './demo-workflow';
import { seedOrganizationRoles } from './organization-roles';
import { seedProjectRoles } from './project-roles';

/**
 * Seed steps in order. Each one is idempotent (fixed keys, insert-if-absent), so seeding
 * an already seeded database changes nothing. Later features append their own step here.
 */
const steps: Array<(tx: Db, context: SeedContext) => Promise<void>> = [
  seedDemoAccounts,
  seedOrganizationRoles,
  seedProjectRoles,
  seedDemoLabels,
  seedDemoLibrary,
  seedDemoWarehouse,
  seedDemoWorkflow,
];

export interface SeedOptions {
  /** Storage for the demo reports, materials and the demo workflow's script; without it they are left out (most tests). */
  storage?: Storage;
}

export async function seed(db: Db, options: SeedOptions = {}): Promise<void> {
  const context: SeedContext = { storage: options.storage, written: [] };
  try {
    await db.transaction(async (tx) => {
      for (const step of steps) await step(tx as unknown as Db, context);
    });
  } catch (error) {
    // The rows are rolled back; the files written for them go too (what the store keeps now, the sweep takes later).
    await Promise.allSettled(context.written.map((key) => options.storage?.delete(key)));
    throw error;
  }
}
