import path from 'node:path';
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { AppError, badRequest, ErrorCode, forbidden } from '../../lib/errors';
import { cleanFileName } from '../../lib/file-types';
import { permissionChecker } from '../../../src/lib/permissions';
import { currentUser } from '../../plugins/auth';
import { ErrorBody } from '../accounts/schemas';
import { projectAccess } from '../projects/access';
import { presentFile } from './access';
import { chunkStore, type TaskMeta } from './chunk-store';
import { uploadRule } from './purposes';
import { storeUpload } from './store';
import { Int } from '../../lib/schema-types';

const tags = ['上传'];
const TASK_ID = /^[A-Za-z0-9_-]{1,64}$/;
const UPLOADERS = ['create_report', 'edit_report', 'create_material', 'edit_material'];
const SWEEP_EVERY_MS = 3600_000;

const TaskQuery = Type.Object({ task_id: Type.String({ maxLength: 64 }) });
const SuccessBody = Type.Object({
  task_id: Type.Optional(Type.String({ maxLength: 64 })),
  id: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Int()], { description: '上传组件的文件编号，仅回显' })),
  name: Type.Optional(Type.String({ maxLength: 255 })),
  sha256: Type.Optional(Type.String({ pattern: '^[0-9a-fA-F]{64}$' })),
});

const wholeNumber = (value: string | undefined, field: string) => {
  if (value === undefined || !/^\d+$/.test(value)) throw badRequest(`分片参数 ${field} 不合法`);
  return Number(value);
};

export async function chunkedUploadRoutes(app: FastifyInstance): Promise<void> {
  const store = chunkStore(path.join(app.config.dataDir, 'chunks'));
  const rule = uploadRule('chunked', app.config.uploadLimits);
  const checkTaskId = (taskId: string | undefined) => {
    if (!taskId || !TASK_ID.test(taskId)) throw badRequest('上传任务编号 task_id 不合法');
    return taskId;
  };

  /** An upload into a project needs a report or material write permission there. */
  const checkProject = async (request: FastifyRequest, projectUuid: string | undefined) => {
    if (!projectUuid) return null;
    const access = await projectAccess(app.db, request, projectUuid);
    if (!permissionChecker(access.permissions).matchSome(UPLOADERS)) throw forbidden('您暂无上传文件的权限', 40301);
    return access.project.uuid;
  };

  const sweep = () => store.sweep().catch((error) => app.log.warn({ err: error }, 'sweeping old upload chunks failed'));
  app.addHook('onReady', async () => void sweep());
  const timer = setInterval(sweep, SWEEP_EVERY_MS).unref();
  app.addHook('onClose', async () => clearInterval(timer));

  app.post(
    '/api/uploader/v2/index/',
    {
      schema: {
        tags,
        summary: '上传一个分片（multipart：task_id、chunk、chunks、size、name、可选 project_uuid，最后是 file）',
        response: { 200: Type.Object({ tmp_file_name: Type.String(), chunk: Type.Integer() }), 400: ErrorBody, 413: ErrorBody },
      },
    },
    async (request) => {
      const user = currentUser(request);
      if (!request.organizationUuid) throw forbidden('请先加入企业');
      if (!request.isMultipart()) throw badRequest('请使用 multipart/form-data 上传文件');
      const fields: Record<string, string> = {};
      let part: MultipartFile | undefined;
      for await (const item of request.parts()) {
        if (item.type === 'file') {
          part = item;
          break;
        }
        fields[item.fieldname] = String(item.value);
      }
      if (!part) throw badRequest('请上传文件（字段名 file）');
      const taskId = checkTaskId(fields.task_id);
      const totalChunks = wholeNumber(fields.chunks ?? '1', 'chunks');
      const chunk = wholeNumber(fields.chunk ?? '0', 'chunk');
      const totalSize = wholeNumber(fields.size, 'size');
      const name = cleanFileName(fields.name ?? part.filename);
      if (totalChunks < 1 || totalChunks > 10_000 || chunk >= totalChunks) throw badRequest('分片序号超出范围');
      if (!name) throw badRequest('文件名不能为空');
      if (totalSize > rule.limit) throw new AppError(413, ErrorCode.payloadTooLarge, rule.sizeMessage);
      const meta: TaskMeta = {
        taskId,
        userUuid: user.uuid,
        organizationUuid: request.organizationUuid,
        projectUuid: await checkProject(request, fields.project_uuid),
        name,
        totalChunks,
        totalSize,
      };
      await store.openTask(meta);
      await store.saveChunk(meta, chunk, part.file);
      return { tmp_file_name: `${taskId}/${chunk}`, chunk };
    },
  );

  app.get<{ Querystring: Static<typeof TaskQuery> }>(
    '/api/uploader/v2/index/',
    {
      schema: {
        tags,
        summary: '续传：已收到的分片',
        querystring: TaskQuery,
        response: { 200: Type.Object({ task_id: Type.String(), chunks: Type.Array(Type.Integer()), total_chunks: Type.Union([Type.Integer(), Type.Null()]) }) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const taskId = checkTaskId(request.query.task_id);
      const meta = await store.readMeta(user.uuid, taskId);
      return { task_id: taskId, chunks: meta ? await store.receivedChunks(user.uuid, taskId) : [], total_chunks: meta?.totalChunks ?? null };
    },
  );

  app.post<{ Body: Static<typeof SuccessBody> }>(
    '/api/uploader/v2/success/',
    { schema: { tags, summary: '合并分片，得到文件', body: SuccessBody, response: { 400: ErrorBody } } },
    async (request) => {
      const user = currentUser(request);
      const taskId = checkTaskId(request.body.task_id);
      const meta = await store.readMeta(user.uuid, taskId);
      if (!meta) throw badRequest('上传任务不存在或已过期，请重新上传');
      const received = await store.receivedChunks(user.uuid, taskId);
      const missing = Array.from({ length: meta.totalChunks }, (_, i) => i).filter((i) => !received.includes(i));
      if (missing.length > 0) throw badRequest(`分片不完整，缺少第 ${missing.slice(0, 5).map((i) => i + 1).join('、')} 片`);
      await checkProject(request, meta.projectUuid ?? undefined);
      const file = await storeUpload(app, {
        source: store.joined(meta),
        fileName: request.body.name?.trim() ? request.body.name : meta.name,
        purpose: 'chunked',
        organizationUuid: meta.organizationUuid,
        projectUuid: meta.projectUuid,
        userUuid: user.uuid,
        expect: { size: meta.totalSize, sha256: request.body.sha256 },
      });
      await store.removeTask(user.uuid, taskId);
      return { ...presentFile(file), tmp_file_name: presentFile(file).url, task_id: taskId, upload_id: request.body.id ?? null };
    },
  );
}
