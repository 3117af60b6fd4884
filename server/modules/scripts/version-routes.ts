import { Readable } from 'node:stream';
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../access/sessions';
import { inProject, projectOf } from '../../access/gate';
import { formatDateTime } from '../../lib/dates';
import { badRequest } from '../../lib/errors';
import type { Db } from '../../db/client';
import { releaseFiles } from '../library/files';
import { storeUpload } from '../uploads/store';
import { touchWorkflowsOfScript } from '../workflows/definitions/dag';
import { findScript, findVersion, listVersions, staleVersion, updateScript, type VersionRow } from './queries';
import { ScriptIdParams, ScriptVersion, ScriptVersionParams, ScriptVersionWrite } from './schemas';
import { mayScript, SCRIPT_BASE, scriptTags } from './script-routes';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const BINARY_MESSAGE = '脚本文件须为 UTF-8 编码的文本，不能含二进制内容';

/**
 * A script's versions (every file it has had, kept) and the code editor's save, which stores
 * the text as the script's new file and so its next version, through the same checks as an
 * upload with purpose script (UTF-8 text, no NUL, SCRIPT_FILE_MAX_BYTES).
 */
export async function scriptVersionRoutes(app: FastifyInstance): Promise<void> {
  const timeZone = app.config.timeZone;
  const present = (row: VersionRow, current: number | null) => ({
    n: row.n,
    size: row.size,
    file_name: row.fileName,
    created_by: row.createdBy,
    created_at: formatDateTime(row.createdAt, timeZone)!,
    current: row.n === current,
  });
  // A JSON body carries the text escaped: room for the largest script with every character written as a six-character \u escape.
  const bodyLimit = app.config.uploadLimits.scriptFile * 6 + 4096;

  app.get<{ Params: Static<typeof ScriptIdParams> }>(
    `${SCRIPT_BASE}/:id/versions/`,
    { config: inProject([mayScript('view')]), schema: { tags: scriptTags, summary: '脚本的版本列表（新的在前）', params: ScriptIdParams, response: { 200: Type.Array(ScriptVersion) } } },
    async (request) => {
      const script = await findScript(app.db, projectOf(request).project.uuid, request.params.id);
      const rows = await listVersions(app.db, script.id);
      const current = rows.find((row) => row.fileId === script.fileId)?.n ?? null;
      return rows.map((row) => present(row, current));
    },
  );

  app.get<{ Params: Static<typeof ScriptVersionParams> }>(
    `${SCRIPT_BASE}/:id/versions/:n/content/`,
    {
      config: inProject([mayScript('view')]),
      schema: { tags: scriptTags, summary: '某个版本的脚本文本（text/plain; charset=utf-8）', params: ScriptVersionParams, response: { 200: { content: { 'text/plain': { schema: Type.String() } } } } },
    },
    async (request, reply) => {
      const script = await findScript(app.db, projectOf(request).project.uuid, request.params.id);
      const version = await findVersion(app.db, script.id, request.params.n);
      return reply.type('text/plain; charset=utf-8').header('cache-control', 'private, no-cache').send(app.storage.get(version.storageKey));
    },
  );

  app.post<{ Params: Static<typeof ScriptIdParams>; Body: Static<typeof ScriptVersionWrite> }>(
    `${SCRIPT_BASE}/:id/versions/`,
    {
      bodyLimit,
      config: inProject([mayScript('edit')]),
      schema: { tags: scriptTags, summary: '保存脚本文本为新版本（代码编辑器的保存）', params: ScriptIdParams, body: ScriptVersionWrite, response: { 201: ScriptVersion } },
    },
    async (request, reply) => {
      const access = projectOf(request);
      const { project } = access;
      const user = currentUser(request);
      const script = await findScript(app.db, project.uuid, request.params.id);
      const { content, base_version: baseVersion } = request.body;
      // A JSON string may hold a lone surrogate, which has no UTF-8 form; NUL is refused by the upload's text check.
      if (LONE_SURROGATE.test(content)) throw badRequest(BINARY_MESSAGE);
      if (baseVersion !== undefined) {
        const latest = (await listVersions(app.db, script.id))[0];
        if (latest && latest.n !== baseVersion) throw staleVersion(latest.n, baseVersion);
      }
      const file = await storeUpload(app, {
        source: Readable.from([Buffer.from(content, 'utf8')]),
        fileName: script.fileName,
        purpose: 'script',
        organizationUuid: project.organizationUuid,
        projectUuid: project.uuid,
        userUuid: user.uuid,
      });
      const values = { name: script.name, fileId: file.id, dockerName: script.dockerName, dockerTag: script.dockerTag, allowNetwork: script.allowNetwork };
      await updateScript(app.db, project.uuid, script.id, values, user.uuid, { keepVersions: app.config.scriptVersionsKept, baseVersion }).catch(async (error: unknown) => {
        // A save refused under the lock (another save came first) leaves no stored file behind.
        await app.db.transaction((tx) => releaseFiles(tx as unknown as Db, project.uuid, [file.id]));
        throw error;
      });
      await touchWorkflowsOfScript(app.db, script.id);
      const rows = await listVersions(app.db, script.id);
      const saved = rows.find((row) => row.fileId === file.id)!;
      return reply.status(201).send(present(saved, saved.n));
    },
  );
}
