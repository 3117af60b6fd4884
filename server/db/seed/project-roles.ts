import { ensureBuiltinRoles } from '../../modules/projects/builtin-roles';
import type { Db } from '../client';
import { projects } from '../schema';

/** Every project has its built-in roles; members from before roles existed become administrators. */
export async function seedProjectRoles(tx: Db): Promise<void> {
  for (const project of await tx.select().from(projects)) await ensureBuiltinRoles(tx, project);
}
