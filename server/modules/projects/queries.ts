import { and, asc, count, desc, eq, exists, ilike, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { projectMembers, projects } from '../../db/schema';
import type { PROJECT_ORDERINGS } from './schemas';
import { containing } from '../../lib/sql';

export interface ProjectListFilter {
  organizationUuid: string;
  userUuid: string;
  /** Organization admins see every project of the organization. */
  everyProject: boolean;
  search?: string;
  ordering: (typeof PROJECT_ORDERINGS)[number];
  limit: number;
  offset: number;
}

const orderColumns = { name: projects.name, created_at: projects.createdAt, updated_at: projects.updatedAt };


/** Projects of the organization that the user is a member of, or all of them for an organization admin. */
export async function listMemberProjects(db: Db, filter: ProjectListFilter) {
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
  if (filter.search) conditions.push(ilike(projects.name, containing(filter.search)));
  const where = and(...conditions);
  const descending = filter.ordering.startsWith('-');
  const column = orderColumns[filter.ordering.replace('-', '') as keyof typeof orderColumns];
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(projects)
      .where(where)
      .orderBy(descending ? desc(column) : asc(column), asc(projects.uuid))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ total: count() }).from(projects).where(where),
  ]);
  return { rows, total };
}
