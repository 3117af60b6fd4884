import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { currentUser } from '../../access/sessions';

import { fileNotFound, presentFile, readableFile, uploadRights, uploadTarget } from './access';
import { closeAfterUnreadUploads, uploadParts } from './multipart';
import { PURPOSES, type Purpose } from './purposes';
import { sameContent } from './same-content';
import { storeUpload } from './store';
import { Id, ErrorBody } from '../../lib/schema-types';

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
  thumbnail_url: Type.Union([Type.String(), Type.Null()], { description: '图片的缩略图，或 PDF（及已转换的 Word）首页的预览（WebP，不超过 320×320，后台生成）；尚无时为 null' }),
  same_content: Type.Optional(
    Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() }), {
      description: '上传应答才有：本项目中文件内容与之相同的报告（purpose 为 report、report_pdf、chunked）或素材（material），至多 5 个；无权查看该类条目时为空',
    }),
  ),
});
const PurposeQuery = Type.Object({
  purpose: Type.Optional(Type.Union(PURPOSES.map((p) => Type.Literal(p)), { description: '缺省时图片按封面、文档按报告文件检查；script：脚本文件（UTF-8 文本）' })),
});
const IdParams = Type.Object({ id: Id() });
const ProjectIdParams = Type.Object({ project_uuid: Type.String({ maxLength: 64 }), id: Id() });
const ProjectParams = Type.Object({ project_uuid: Type.String({ maxLength: 64 }) });

export async function uploadFileRoutes(app: FastifyInstance): Promise<void> {
  closeAfterUnreadUploads(app);
  const upload = async (request: FastifyRequest, reply: FastifyReply, projectUuid: string | null, purpose?: Purpose) => {
    const user = currentUser(request);
    const target = await uploadTarget(app, request, projectUuid, purpose);
    const { fileName, content } = await uploadParts(request);
    const file = await storeUpload(app, { source: content, fileName, purpose, ...target, userUuid: user.uuid });
    return reply.status(201).send({ ...presentFile(file), same_content: await sameContent(app, request, file, purpose) });
  };

  // The platform's own path (spec platform section 7, /api/v1 file-upload/) is the same upload.
  for (const url of ['/api/uploader/v1/file_upload/', '/api/v1/file-upload/']) {
    app.post<{ Querystring: Static<typeof PurposeQuery> }>(
      url,
      { config: uploadRights, schema: { tags, summary: '上传文件（multipart 字段 file），归当前企业（需编辑企业的权限）', querystring: PurposeQuery, response: { 201: FileInfo, 400: ErrorBody, 403: ErrorBody, 413: ErrorBody } } },
      (request, reply) => upload(request, reply, null, request.query.purpose),
    );
  }

  app.post<{ Params: Static<typeof ProjectParams>; Querystring: Static<typeof PurposeQuery> }>(
    '/api/uploader/v1/projects/:project_uuid/file_upload/',
    {
      config: uploadRights,
      schema: { tags, summary: '上传文件，归该项目（需报告或素材的新增、编辑权限；purpose=script 需脚本的新增或编辑权限）', params: ProjectParams, querystring: PurposeQuery, response: { 201: FileInfo, 400: ErrorBody, 413: ErrorBody } },
    },
    (request, reply) => upload(request, reply, request.params.project_uuid, request.query.purpose),
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
