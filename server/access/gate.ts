import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import { matches, permissionChecker, scopeDetails, type PermissionScope } from '../../contract/permissions';
import type { Db } from '../db/client';
import { ErrorCode, forbidden } from '../lib/errors';
import { demand, ORGANIZATION_DETAILS, organizationAccess, type OrganizationAccess } from './organization';
import { demandSome, projectAccess, type ProjectAccess } from './project';

/** Where a route's project or organization comes from when it is not the usual path parameter. */
type Locate = (request: FastifyRequest, db: Db) => Promise<string | undefined> | string | undefined;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The project the route acts in and the permission it needs: any one of `anyOf` must match
     * the caller's permission details (spec section 6); `[]` admits every member. The project is
     * the `projectId`, `project_uuid` or `uuid` path parameter unless `locate` finds it.
     */
    project?: { anyOf: readonly string[]; locate?: Locate };
    /**
     * The organization the route acts in (the request's, or the one `locate` finds) and the
     * permission detail it needs; null admits every member.
     */
    organization?: { permission: string | null; locate?: Locate };
    /**
     * Rights the handler applies itself (`admitToProject`, `admitToOrganization`) because it
     * learns only inside where the request goes or what it brings (a project named in a
     * multipart field, the kind of file): each named case's scope and permission patterns, of
     * which any one is needed; `refusal` is the message of the 403.
     */
    rights?: { cases: Record<string, { scope: PermissionScope; anyOf: readonly string[] }>; refusal: string };
  }
  interface FastifyRequest {
    projectAccess: ProjectAccess | null;
    organizationAccess: OrganizationAccess | null;
  }
}

const DETAILS: Record<PermissionScope, readonly string[]> = { project: scopeDetails('project'), organization: ORGANIZATION_DETAILS };
const unknownIn = (scope: PermissionScope, patterns: readonly string[]) => patterns.filter((pattern) => !DETAILS[scope].some((detail) => matches(pattern, detail)));

/** A permission a route declares must exist in the catalogue: a typo fails at start, not as a silent 403. */
export function checkDeclaration(url: string, config: FastifyContextConfig | undefined): void {
  const unknown = [
    ...unknownIn('project', config?.project?.anyOf ?? []),
    ...(config?.organization?.permission && !ORGANIZATION_DETAILS.includes(config.organization.permission) ? [config.organization.permission] : []),
    ...Object.values(config?.rights?.cases ?? {}).flatMap(({ scope, anyOf }) => unknownIn(scope, anyOf)),
  ];
  if (unknown.length > 0) throw new Error(`${url} declares permissions not in the catalogue: ${unknown.join(', ')}`);
}

export function projectParam(request: FastifyRequest): string | undefined {
  const params = request.params as Record<string, string | undefined>;
  return params.projectId ?? params.project_uuid ?? params.uuid;
}

/**
 * One check for every route, before its handler: the route's config declares the project or
 * organization permission it needs, and the handler finds the caller's standing on the request.
 */
export function installAccess(app: FastifyInstance, db: Db): void {
  app.addHook('onRoute', (route) => checkDeclaration(route.url, route.config));
  app.decorateRequest('projectAccess', null);
  app.decorateRequest('organizationAccess', null);
  app.addHook('preHandler', async (request) => {
    const { project, organization } = request.routeOptions.config;
    if (project) {
      const uuid = project.locate ? await project.locate(request, db) : projectParam(request);
      const access = await projectAccess(db, request, uuid);
      if (project.anyOf.length > 0) demandSome(access, project.anyOf);
      request.projectAccess = access;
    }
    if (organization) {
      const uuid = organization.locate ? await organization.locate(request, db) : undefined;
      const access = await organizationAccess(db, request, uuid);
      if (organization.permission) demand(access, organization.permission);
      request.organizationAccess = access;
    }
  });
}

/** Route config: the route's project (its path parameter, or what `locate` finds) and the permission details of which any one is needed. */
export const inProject = (anyOf: readonly string[], locate?: Locate) => ({ project: { anyOf, locate } });

/** Route config: the request's organization (or what `locate` finds) and the permission detail needed; null admits every member. */
export const inOrganization = (permission: string | null, locate?: Locate) => ({ organization: { permission, locate } });

/** Route config: rights its handler applies with `admitToProject` or `admitToOrganization`, by case name. */
export const rightsCheckedInHandler = (refusal: string, cases: NonNullable<FastifyContextConfig['rights']>['cases']) => ({ rights: { cases, refusal } });

function declaredCase(request: FastifyRequest, name: string, scope: PermissionScope) {
  const rights = request.routeOptions.config.rights;
  const declared = rights?.cases[name];
  if (!rights || !declared || declared.scope !== scope) throw new Error(`${request.routeOptions.url} declares no ${scope} rights case ${name}`);
  return { anyOf: declared.anyOf, refused: () => forbidden(rights.refusal, ErrorCode.permissionDenied) };
}

/** The caller's standing in a project the handler found, holding the route's declared rights case `name`. */
export async function admitToProject(db: Db, request: FastifyRequest, name: string, projectUuid: string): Promise<ProjectAccess> {
  const { anyOf, refused } = declaredCase(request, name, 'project');
  const access = await projectAccess(db, request, projectUuid);
  if (!permissionChecker(access.permissions).matchSome(anyOf)) throw refused();
  return access;
}

/** The caller's standing in the request's organization, holding the route's declared rights case `name`. */
export async function admitToOrganization(db: Db, request: FastifyRequest, name: string): Promise<OrganizationAccess> {
  const { anyOf, refused } = declaredCase(request, name, 'organization');
  const access = await organizationAccess(db, request);
  if (!permissionChecker(access.permissions).matchSome(anyOf)) throw refused();
  return access;
}

/** `locate` of routes whose `:id` path parameter is the organization. */
export const byPathId: Locate = (request) => (request.params as { id?: string }).id;

/** The caller's standing in the route's project, checked before the handler ran. */
export function projectOf(request: FastifyRequest): ProjectAccess {
  if (!request.projectAccess) throw new Error(`${request.routeOptions.url} declares no project in its config`);
  return request.projectAccess;
}

/** The caller's standing in the route's organization, checked before the handler ran. */
export function organizationOf(request: FastifyRequest): OrganizationAccess {
  if (!request.organizationAccess) throw new Error(`${request.routeOptions.url} declares no organization in its config`);
  return request.organizationAccess;
}
