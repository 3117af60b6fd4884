import { and, asc, count, desc, eq, exists, ilike, sql, type SQL } from 'drizzle-orm';
import { withTotal } from '../../lib/list-page';
import type { Db } from '../../db/client';
import { projectMembers, projectProfiles, projects } from '../../db/schema';
import { ensureBuiltinRoles } from './builtin-roles';
import type { PROJECT_ORDERINGS } from './schemas';
import { containing } from '../../lib/sql';
import { projectWarehouseSchema } from '../connections/drivers/builtin';

type ProjectRow = typeof projects.$inferSelect;
type ProjectChanges = Partial<typeof projects.$inferInsert>;

const orderColumns = { name: projects.name, created_at: projects.createdAt, updated_at: projects.updatedAt };

/** Projects of the organization that the user is a member of, or all of them for an organization admin. */
export async function listMemberProjects(
  db: Db,
  /** Organization admins see every project of the organization. */
  filter: { organizationUuid: string; userUuid: string; everyProject: boolean },
  params: { search?: string; ordering: (typeof PROJECT_ORDERINGS)[number]; limit: number; offset: number },
) {
  const conditions: SQL[] = [eq(projects.organizationUuid, filter.organizationUuid)];
  if (!filter.everyProject) {
    conditions.push(
      exists(
        db
          .select({ one: projectMembers.id })
          .from(projectMembers)
          .where(and(eq(projectMembers.projectUuid, projects.uuid), eq(projectMembers.userUuid, filter.userUuid))),
      ),
    );
  }
  if (params.search) conditions.push(ilike(projects.name, containing(params.search)));
  const where = and(...conditions);
  const descending = params.ordering.startsWith('-');
  const column = orderColumns[params.ordering.replace('-', '') as keyof typeof orderColumns];
  return withTotal(
    db
      .select()
      .from(projects)
      .where(where)
      .orderBy(descending ? desc(column) : asc(column), asc(projects.uuid))
      .limit(params.limit)
      .offset(params.offset),
    db.select({ total: count() }).from(projects).where(where),
  );
}

/** Creates a project with its built-in roles; its creator becomes its 项目管理员. */
export async function createProject(db: Db, values: typeof projects.$inferInsert, creatorUuid: string, profile?: Record<string, unknown>): Promise<ProjectRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(projects).values(values).returning();
    await tx.insert(projectMembers).values({ projectUuid: row.uuid, userUuid: creatorUuid });
    await ensureBuiltinRoles(tx as never, row);
    if (profile) await tx.insert(projectProfiles).values({ projectUuid: row.uuid, profile });
    return row;
  });
}

export async function updateProject(db: Db, uuid: string, changes: ProjectChanges): Promise<ProjectRow> {
  const [row] = await db.update(projects).set({ ...changes, updatedAt: new Date() }).where(eq(projects.uuid, uuid)).returning();
  return row;
}

/** Members, roles, invitations, profile and everything else of the project go by ON DELETE CASCADE. */
/** The project's rows go by cascade; its imported warehouse (a schema of its own) goes with them. */
export async function deleteProject(db: Db, uuid: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(projects).where(eq(projects.uuid, uuid));
    await tx.execute(sql`drop schema if exists ${sql.identifier(projectWarehouseSchema(uuid))} cascade`);
  });
}

export async function readProfile(db: Db, projectUuid: string): Promise<Record<string, unknown>> {
  const [row] = await db.select().from(projectProfiles).where(eq(projectProfiles.projectUuid, projectUuid));
  return row?.profile ?? {};
}

export async function saveProfile(db: Db, projectUuid: string, profile: Record<string, unknown>): Promise<void> {
  await db
    .insert(projectProfiles)
    .values({ projectUuid, profile })
    .onConflictDoUpdate({ target: projectProfiles.projectUuid, set: { profile, updatedAt: new Date() } });
}
