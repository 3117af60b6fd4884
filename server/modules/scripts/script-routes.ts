import type { Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { permissionDetail } from '../../../contract/permissions';
import { SCRIPT_EXTENSIONS_MESSAGE } from '../../../contract/workflows';
import { formatDateTime } from '../../lib/dates';
import { typeOfName } from '../../lib/file-types';
import { badRequest, forbidden } from '../../lib/errors';
import { listPage } from '../../lib/list-page';
import { PageOf } from '../../lib/pagination';
import { isForeignKeyViolation, refuseTaken } from '../../lib/sql';
import { inProject, projectOf } from '../../access/gate';
import { currentUser } from '../../access/sessions';
import type { ProjectAccess } from '../../access/project';
import { resolveFileUrl } from '../library/files';
import { fileUrl } from '../uploads/access';
import { touchWorkflowsOfScript } from '../workflows/definitions/dag';
import { deleteUnusedObjects } from '../uploads/storage-gc';
import { dockerName, dockerTag, requiredText } from './checks';
import { deleteScript, findScript, insertScript, listScripts, paramsOfScripts, storedFileName, taskUsingScript, updateScript, type ParamRow, type ScriptRow } from './queries';
import { ProjectParams, Script, ScriptIdParams, ScriptListQuery, ScriptWrite } from './schemas';

export const SCRIPT_BASE = '/api/script/projects/:project_uuid/scripts';
export const mayScript = (action: 'view' | 'create' | 'edit' | 'delete') => permissionDetail('script', 'script', action);
export const scriptTags = ['脚本'];
const taken = () => badRequest('脚本名称已存在');
type Write = Static<typeof ScriptWrite>;
type Project = { uuid: string; organizationUuid: string };

/** Only an organization admin may let a script reach the network; anyone may turn it off or leave it as it is. */
function networkSetting(access: ProjectAccess, wanted: boolean | undefined, current: boolean): boolean {
  if (wanted === undefined || wanted === current || !wanted) return wanted ?? current;
  if (!access.organizationAdmin) throw forbidden('只有组织管理员可以允许脚本访问网络');
  return true;
}

export function presentParam(row: ParamRow, timeZone: string) {
  return {
    id: row.id,
    script_id: row.scriptId,
    direction: row.direction,
    field_name: row.fieldName,
    type: row.type,
    required: row.required,
    options: row.options,
    number_min: row.numberMin,
    number_max: row.numberMax,
    placeholder: row.placeholder,
    created_at: formatDateTime(row.createdAt, timeZone)!,
    updated_at: formatDateTime(row.updatedAt, timeZone)!,
  };
}

export async function scriptRoutes(app: FastifyInstance): Promise<void> {
  const timeZone = app.config.timeZone;
  /** Scripts with their parameters, read in one more query for the whole page. */
  const present = async (rows: ScriptRow[]) => {
    const params = await paramsOfScripts(app.db, rows.map((row) => row.id));
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      file_path: fileUrl({ id: row.fileId, name: row.fileName }),
      file_name: row.fileName,
      docker_name: row.dockerName,
      docker_tag: row.dockerTag,
      allow_network: row.allowNetwork,
      params: params.filter((param) => param.scriptId === row.id).map((param) => presentParam(param, timeZone)),
      created_at: formatDateTime(row.createdAt, timeZone)!,
      updated_at: formatDateTime(row.updatedAt, timeZone)!,
    }));
  };
  const presentOne = async (projectUuid: string, id: number) => (await present([await findScript(app.db, projectUuid, id)]))[0];

  /** The stored file a `file_path` names: a script file of this project, else a refusal that tells nothing of other projects. */
  const fileOf = async (project: Project, filePath: string | undefined) => {
    const url = requiredText(filePath, '请上传脚本文件');
    const owner = { projectUuid: project.uuid, organizationUuid: project.organizationUuid };
    const id = (await resolveFileUrl(app.db, owner, url, ['script'], '文件不是脚本文件，请重新上传'))!;
    // A file taken as a script before only runnable extensions were (a .sql, a .ts) would fail every run.
    if (typeOfName((await storedFileName(app.db, id)) ?? '') !== 'script') throw badRequest(SCRIPT_EXTENSIONS_MESSAGE);
    return id;
  };

  /** The script a body describes, over the stored one where the body leaves fields out. */
  const describe = async (access: ProjectAccess, body: Write, base?: ScriptRow) => ({
    name: requiredText(body.name ?? base?.name, '请输入脚本名称'),
    fileId: body.file_path === undefined && base ? base.fileId : await fileOf(access.project, body.file_path),
    dockerName: dockerName(body.docker_name ?? base?.dockerName ?? ''),
    dockerTag: dockerTag(body.docker_tag ?? base?.dockerTag ?? ''),
    allowNetwork: networkSetting(access, body.allow_network, base?.allowNetwork ?? false),
  });

  app.get<{ Params: Static<typeof ProjectParams>; Querystring: Static<typeof ScriptListQuery> }>(
    `${SCRIPT_BASE}/`,
    { config: inProject([mayScript('view')]), schema: { tags: scriptTags, summary: '脚本列表（带参数）', params: ProjectParams, querystring: ScriptListQuery, response: { 200: PageOf(Script) } } },
    async (request) => {
      const page = await listPage(request, request.query, (query) => listScripts(app.db, projectOf(request).project.uuid, query), (row) => row);
      return { ...page, results: await present(page.results) };
    },
  );

  app.post<{ Params: Static<typeof ProjectParams>; Body: Write }>(
    `${SCRIPT_BASE}/`,
    { config: inProject([mayScript('create')]), schema: { tags: scriptTags, summary: '新建脚本', params: ProjectParams, body: ScriptWrite, response: { 201: Script } } },
    async (request, reply) => {
      const access = projectOf(request);
      const { project } = access;
      const values = await describe(access, request.body);
      const id = await refuseTaken(() => insertScript(app.db, project.uuid, values, currentUser(request).uuid), taken);
      return reply.status(201).send(await presentOne(project.uuid, id));
    },
  );

  app.get<{ Params: Static<typeof ScriptIdParams> }>(
    `${SCRIPT_BASE}/:id/`,
    { config: inProject([mayScript('view')]), schema: { tags: scriptTags, summary: '脚本详情', params: ScriptIdParams, response: { 200: Script } } },
    async (request) => presentOne(projectOf(request).project.uuid, request.params.id),
  );

  for (const method of ['put', 'patch'] as const) {
    app[method]<{ Params: Static<typeof ScriptIdParams>; Body: Write }>(
      `${SCRIPT_BASE}/:id/`,
      {
        config: inProject([mayScript('edit')]),
        schema: { tags: scriptTags, summary: '修改脚本（未传的字段保持不变；换文件即记为新版本，旧版本保留）', params: ScriptIdParams, body: ScriptWrite, response: { 200: Script } },
      },
      async (request) => {
        const access = projectOf(request);
        const { project } = access;
        const base = await findScript(app.db, project.uuid, request.params.id);
        const values = await describe(access, request.body, base);
        await refuseTaken(() => updateScript(app.db, project.uuid, base.id, values, currentUser(request).uuid, { keepVersions: app.config.scriptVersionsKept }), taken);
        await touchWorkflowsOfScript(app.db, base.id);
        await deleteUnusedObjects(app);
        return presentOne(project.uuid, base.id);
      },
    );
  }

  app.delete<{ Params: Static<typeof ScriptIdParams> }>(
    `${SCRIPT_BASE}/:id/`,
    { config: inProject([mayScript('delete')]), schema: { tags: scriptTags, summary: '删除脚本（连同参数和脚本文件）', params: ScriptIdParams } },
    async (request, reply) => {
      const { project } = projectOf(request);
      const row = await findScript(app.db, project.uuid, request.params.id);
      const refuseUsed = async () => {
        const user = await taskUsingScript(app.db, row.id);
        if (user) throw badRequest(`脚本正被工作流「${user.workflow}」的任务「${user.task}」使用，无法删除`);
      };
      await refuseUsed();
      try {
        await deleteScript(app.db, project.uuid, row.id);
      } catch (error) {
        // A task saved meanwhile: the foreign key refused the delete.
        if (isForeignKeyViolation(error)) await refuseUsed();
        throw error;
      }
      await deleteUnusedObjects(app);
      return reply.status(204).send();
    },
  );
}
