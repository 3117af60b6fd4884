import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { projectMembers, storedFiles } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { admitToOrganization, admitToProject, rightsCheckedInHandler } from '../../access/gate';
import { currentUser } from '../../access/sessions';
import { isOrganizationAdmin, organizationAccess } from '../../access/organization';
import type { Purpose } from './purposes';
import type { FileRow } from './store';

export const fileNotFound = () => notFound('文件不存在或您无权查看');

/** Who may upload where; the upload routes declare it, so the start-up check sees these patterns. */
export const uploadRights = rightsCheckedInHandler('您暂无上传文件的权限', {
  // Writing reports or materials of a project lets one upload into it; a script file takes writing scripts.
  project: { scope: 'project', anyOf: ['create_report', 'edit_report', 'create_material', 'edit_material'] },
  script: { scope: 'project', anyOf: ['script.create_script', 'script.edit_script'] },
  // Files of no project are the organization's own; adding them is editing the organization.
  organization: { scope: 'organization', anyOf: ['organization.edit_organization'] },
});

/**
 * Where an upload goes, checked anew on every request: the caller must still be a member of the
 * organization (and the project, when given) with an upload permission there.
 */
export async function uploadTarget(app: FastifyInstance, request: FastifyRequest, projectUuid: string | null, purpose?: Purpose) {
  if (projectUuid) {
    const { project } = await admitToProject(app.db, request, purpose === 'script' ? 'script' : 'project', projectUuid);
    return { organizationUuid: project.organizationUuid, projectUuid: project.uuid };
  }
  // A script belongs to a project and takes its file from there.
  if (purpose === 'script') throw badRequest('脚本文件请上传到所属项目');
  const { organization } = await admitToOrganization(app.db, request, 'organization');
  return { organizationUuid: organization.uuid, projectUuid: null };
}

/**
 * A file the caller may read: a member of its project, or of its organization when it has no
 * project; organization admins read the files of every project of their organization.
 */
export async function readableFile(app: FastifyInstance, request: FastifyRequest, id: number): Promise<FileRow> {
  const user = currentUser(request);
  const [file] = await app.db.select().from(storedFiles).where(eq(storedFiles.id, id));
  if (!file) throw fileNotFound();
  const [projectMember] = file.projectUuid
    ? await app.db
        .select({ id: projectMembers.id })
        .from(projectMembers)
        .where(and(eq(projectMembers.projectUuid, file.projectUuid), eq(projectMembers.userUuid, user.uuid)))
    : [];
  if (projectMember) return file;
  const organization = await organizationAccess(app.db, request, file.organizationUuid).catch(() => null);
  if (!organization) throw fileNotFound();
  if (file.projectUuid && !isOrganizationAdmin(organization.isOwner, organization.role)) throw fileNotFound();
  return file;
}

/** The stable address of a file's content; the name is there for the browser, the id decides. */
export const fileUrl = (file: Pick<FileRow, 'id' | 'name'>) => `/api/uploader/v1/files/${file.id}/${encodeURIComponent(file.name)}`;

/** The address of an image's card preview, or null when it has none (other types, older rows). */
export const thumbnailUrl = (file: Pick<FileRow, 'id' | 'name' | 'thumbKey'>) => (file.thumbKey ? `${fileUrl(file)}?format=thumbnail` : null);

export const presentFile = (file: FileRow) => ({
  id: file.id,
  url: fileUrl(file),
  name: file.name,
  size: file.size,
  mime: file.mime,
  sha256: file.sha256,
  project_uuid: file.projectUuid,
  transcode: file.transcode,
  // The spec's upload status: 0 success with transcoding, 1 transcoding failed.
  status: file.transcode === 'done' ? 0 : file.transcode === 'failed' ? 1 : null,
  pdf_url: file.pdfKey ? `${fileUrl(file)}?format=pdf` : null,
  thumbnail_url: thumbnailUrl(file),
});
