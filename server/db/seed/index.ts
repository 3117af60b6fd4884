import type { Db } from '../client';
import { seedDemoAccounts } from './demo-accounts';
import { seedOrganizationRoles } from './organization-roles';
import { seedProjectRoles } from './project-roles';
import { seedDemoLabels } from './demo-labels';

/**
 * Seed steps in order. Each one is idempotent (fixed keys, insert-if-absent), so seeding
 * an already seeded database changes nothing. Later features append their own step here.
 */
const steps: Array<(tx: Db) => Promise<void>> = [
  seedDemoAccounts,
  seedOrganizationRoles,
  seedProjectRoles,
  seedDemoLabels,
];

export async function seed(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    for (const step of steps) await step(tx as unknown as Db);
  });
}
