import { and, asc, eq, ne } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LIBRARY } from '../../../contract/library';
import { permissionChecker } from '../../../contract/permissions';
import { projectAccess } from '../../access/project';
import { libraryItems, storedFiles, type LibraryKind } from '../../db/schema';
import type { Purpose } from './purposes';
import type { FileRow } from './store';

/** The purposes whose file becomes an item's own file, and that item's kind. */
const KIND_OF: Partial<Record<Purpose, LibraryKind>> = { report: 'report', report_pdf: 'report', chunked: 'report', material: 'material' };
/** Enough to name them; the user opens one. */
const SHOWN = 5;

/**
 * The items of the upload's project, of the kind its purpose is for, whose file has the same
 * bytes (the storage keeps one copy; the user would see two items): 与「…」内容相同. Only for a
 * caller who may view that kind, and never beyond the project.
 */
export async function sameContent(app: FastifyInstance, request: FastifyRequest, file: FileRow, purpose: Purpose | undefined) {
  const kind = KIND_OF[purpose ?? (file.mime.startsWith('image/') ? 'cover' : 'report')];
  if (!kind || !file.projectUuid) return [];
  const { permissions } = await projectAccess(app.db, request, file.projectUuid);
  if (!permissionChecker(permissions).matchSome(LIBRARY[kind].permissions.view)) return [];
  return app.db
    .select({ id: libraryItems.id, name: libraryItems.name })
    .from(libraryItems)
    .innerJoin(storedFiles, eq(storedFiles.id, libraryItems.fileId))
    .where(
      and(
        eq(libraryItems.projectUuid, file.projectUuid),
        eq(libraryItems.kind, kind),
        eq(storedFiles.organizationUuid, file.organizationUuid),
        eq(storedFiles.sha256, file.sha256),
        ne(storedFiles.id, file.id),
      ),
    )
    .orderBy(asc(libraryItems.id))
    .limit(SHOWN);
}
