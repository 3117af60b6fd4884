import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { AppError, badRequest, ErrorCode } from '../../lib/errors';
import { cleanFileName } from '../../lib/file-types';
import { currentUser } from '../../access/sessions';

import { presentFile, uploadRights, uploadTarget } from './access';
import { chunkStore, type TaskMeta } from './chunk-store';
import { closeAfterUnreadUploads, uploadParts } from './multipart';
import { uploadRule } from './purposes';
import { sameContent } from './same-content';
import { storeUpload } from './store';
import { Int, ErrorBody } from '../../lib/schema-types';

const tags = ['上传'];
const TASK_ID = /^[A-Za-z0-9_-]{1,64}$/;

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

const chunksOf = (app: FastifyInstance) => chunkStore(app);

/** The chunk sweep (at start and hourly, one process at a time): tasks untouched for a day. */
export const CHUNK_SWEEP_QUEUE = 'chunk-sweep';
export async function sweepChunks(app: FastifyInstance): Promise<void> {
  await chunksOf(app)
    .sweep()
    .catch((error) => app.log.warn({ err: error }, 'sweeping old upload chunks failed'));
}

export async function chunkedUploadRoutes(app: FastifyInstance): Promise<void> {
  closeAfterUnreadUploads(app);
  const store = chunksOf(app);
  const rule = uploadRule('chunked', app.config.uploadLimits);
  const checkTaskId = (taskId: string | undefined) => {
    if (!taskId || !TASK_ID.test(taskId)) throw badRequest('上传任务编号不合法');
    return taskId;
  };

  /** A refused chunk or file ends its task at once, so it holds no space; a busy task (429, 409) is kept. */
  const removingOnRefusal = async <T>(userUuid: string, taskId: string, work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof AppError && error.statusCode !== 429 && error.statusCode !== 409) await store.removeTask(userUuid, taskId);
      throw error;
    }
  };

  app.post(
    '/api/uploader/v2/index/',
    {
      config: uploadRights,
      schema: {
        tags,
        summary: '上传一个分片（multipart：task_id、chunk、chunks、size、name、可选 project_uuid，最后是 file）',
        response: { 200: Type.Object({ tmp_file_name: Type.String(), chunk: Type.Integer() }), 400: ErrorBody, 413: ErrorBody },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { fields, fileName, content } = await uploadParts(request);
      const taskId = checkTaskId(fields.task_id);
      return removingOnRefusal(user.uuid, taskId, async () => {
        const totalChunks = wholeNumber(fields.chunks ?? '1', 'chunks');
        const chunk = wholeNumber(fields.chunk ?? '0', 'chunk');
        const totalSize = wholeNumber(fields.size, 'size');
        const name = cleanFileName(fields.name ?? fileName);
        if (totalSize < 1) throw badRequest('文件内容为空');
        if (totalSize > rule.limit) throw new AppError(413, ErrorCode.payloadTooLarge, rule.sizeMessage);
        // Every chunk but the last is at least 1 KB, so a task cannot be split into a flood of tiny files.
        if (totalChunks < 1 || totalChunks > Math.ceil(totalSize / 1024) || chunk >= totalChunks) throw badRequest('分片序号超出范围');
        if (!name) throw badRequest('文件名不能为空');
        const target = await uploadTarget(app, request, fields.project_uuid || null);
        const meta: TaskMeta = { taskId, userUuid: user.uuid, ...target, name, totalChunks, totalSize };
        await store.addChunk(meta, chunk, content);
        return { tmp_file_name: `${taskId}/${chunk}`, chunk };
      });
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
      const task = await store.readMeta(user.uuid, taskId);
      return { task_id: taskId, chunks: task ? await store.receivedChunks(task) : [], total_chunks: task?.totalChunks ?? null };
    },
  );

  app.post<{ Body: Static<typeof SuccessBody> }>(
    '/api/uploader/v2/success/',
    { config: uploadRights, schema: { tags, summary: '合并分片，得到文件', body: SuccessBody, response: { 400: ErrorBody } } },
    async (request) => {
      const user = currentUser(request);
      const taskId = checkTaskId(request.body.task_id);
      const meta = await store.readMeta(user.uuid, taskId);
      if (!meta) throw badRequest('上传任务不存在或已过期，请重新上传');
      const received = await store.receivedChunks(meta);
      const missing = Array.from({ length: meta.totalChunks }, (_, i) => i).filter((i) => !received.includes(i));
      if (missing.length > 0) throw badRequest(`分片不完整，缺少第 ${missing.slice(0, 5).map((i) => i + 1).join('、')} 片`);
      const file = await removingOnRefusal(user.uuid, taskId, async () => {
        // The caller may have lost the membership or permission since the task began.
        const target = await uploadTarget(app, request, meta.projectUuid);
        if (target.organizationUuid !== meta.organizationUuid) throw badRequest('上传任务不属于当前企业，请重新上传');
        return store.complete(meta, (source, withinRecord) =>
          storeUpload(app, {
            source,
            fileName: request.body.name?.trim() ? request.body.name : meta.name,
            purpose: 'chunked',
            ...target,
            userUuid: user.uuid,
            expect: { size: meta.totalSize, sha256: request.body.sha256 },
            withinRecord,
          }),
        );
      });
      const same = await sameContent(app, request, file, 'chunked');
      return { ...presentFile(file), same_content: same, tmp_file_name: presentFile(file).url, task_id: taskId, upload_id: request.body.id ?? null };
    },
  );
}
