import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { badRequest, forbidden } from '../../lib/errors';
import { permissionChecker } from '../../../src/lib/permissions';
import { currentUser } from '../../plugins/auth';
import { ErrorBody } from '../accounts/schemas';
import { projectAccess } from '../projects/access';
import { fileNotFound, presentFile, readableFile } from './access';
import { PURPOSES, type Purpose } from './purposes';
import { storeUpload } from './store';
import { Id } from '../../lib/schema-types';

const tags = ['上传'];
const FileInfo = Type.Object({
  id: Type.Integer(),
  url: Type.String(),
  name: Type.String(),
  size: Type.Integer(),
  mime: Type.String(),
  sha256: Type.String(),
  project_uuid: Type.Union([Type.String(), Type.Null()]),
  transcode: Type.String({ description: 'none、pending、done、failed 或 unavailable（未安装 soffice）' }),
  status: Type.Union([Type.Literal(0), Type.Literal(1), Type.Null()], { description: '0 转码成功，1 转码失败' }),
  pdf_url: Type.Union([Type.String(), Type.Null()]),
  thumbnail_url: Type.Union([Type.String(), Type.Null()], { description: '图片的缩略图地址（WebP，不超过 320×320）；其他文件为 null' }),
});
const PurposeQuery = Type.Object({
  purpose: Type.Optional(Type.Union(PURPOSES.map((p) => Type.Literal(p)), { description: '缺省时图片按封面、文档按报告文件检查' })),
});
const IdParams = Type.Object({ id: Id() });
const ProjectIdParams = Type.Object({ project_uuid: Type.String({ maxLength: 64 }), id: Id() });
const ProjectParams = Type.Object({ project_uuid: Type.String({ maxLength: 64 }) });
const UPLOADERS = ['create_report', 'edit_report', 'create_material', 'edit_material'];

/** The one multipart part named `file` of an upload request. */
export async function filePart(request: FastifyRequest) {
  if (!request.isMultipart()) throw badRequest('请使用 multipart/form-data 上传文件');
  const part = await request.file();
  if (!part || part.fieldname !== 'file') throw badRequest('请上传文件（字段名 file）');
  return part;
}

export async function uploadRoutes(app: FastifyInstance): Promise<void> {
  const upload = async (request: FastifyRequest, reply: FastifyReply, projectUuid: string | null, purpose?: Purpose) => {
    const user = currentUser(request);
    const organizationUuid = request.organizationUuid;
    if (!organizationUuid) throw forbidden('请先加入企业');
    const part = await filePart(request);
    const file = await storeUpload(app, { source: part.file, fileName: part.filename, purpose, organizationUuid, projectUuid, userUuid: user.uuid });
    return reply.status(201).send(presentFile(file));
  };

  app.post<{ Querystring: Static<typeof PurposeQuery> }>(
    '/api/uploader/v1/file_upload/',
    { schema: { tags, summary: '上传文件（multipart 字段 file），归当前企业', querystring: PurposeQuery, response: { 201: FileInfo, 400: ErrorBody, 413: ErrorBody } } },
    (request, reply) => upload(request, reply, null, request.query.purpose),
  );

  app.post<{ Params: Static<typeof ProjectParams>; Querystring: Static<typeof PurposeQuery> }>(
    '/api/uploader/v1/projects/:project_uuid/file_upload/',
    {
      schema: { tags, summary: '上传文件，归该项目（需报告或素材的新增、编辑权限）', params: ProjectParams, querystring: PurposeQuery, response: { 201: FileInfo, 400: ErrorBody, 413: ErrorBody } },
    },
    async (request, reply) => {
      const access = await projectAccess(app.db, request, request.params.project_uuid);
      if (!permissionChecker(access.permissions).matchSome(UPLOADERS)) throw forbidden('您暂无上传文件的权限', 40301);
      return upload(request, reply, access.project.uuid, request.query.purpose);
    },
  );

  app.get<{ Params: Static<typeof IdParams> }>(
    '/api/uploader/v1/file_upload/:id/',
    { schema: { tags, summary: '文件信息', params: IdParams, response: { 200: FileInfo } } },
    async (request) => presentFile(await readableFile(app, request, request.params.id)),
  );

  app.get<{ Params: Static<typeof ProjectIdParams> }>(
    '/api/uploader/v1/projects/:project_uuid/file_upload/:id/',
    { schema: { tags, summary: '项目文件信息', params: ProjectIdParams, response: { 200: FileInfo } } },
    async (request) => {
      const file = await readableFile(app, request, request.params.id);
      if (file.projectUuid !== request.params.project_uuid) throw fileNotFound();
      return presentFile(file);
    },
  );
}
