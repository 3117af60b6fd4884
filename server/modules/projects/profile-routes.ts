import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { inProject, projectOf } from '../../access/gate';
import { permissionDetail } from '../../../contract/permissions';
import { readProfile, saveProfile } from './queries';
import { ProjectParams } from './schemas';
import { ErrorBody } from '../../lib/schema-types';

const BASE = '/api/project_profile/projects/:project_uuid/project_profile';
const tags = ['项目信息'];
const Profile = Type.Record(Type.String({ maxLength: 64 }), Type.Unknown(), {
  maxProperties: 50,
  description: 'logo、description、skin、color 等任意键值',
});

export async function projectProfileRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: Static<typeof ProjectParams> }>(
    `${BASE}/get_profile/`,
    { config: inProject([permissionDetail('project', 'projectprofile', 'view')]), schema: { tags, summary: '读取项目信息', params: ProjectParams, response: { 200: Profile } } },
    async (request) => readProfile(app.db, projectOf(request).project.uuid),
  );

  app.post<{ Params: Static<typeof ProjectParams>; Body: Static<typeof Profile> }>(
    `${BASE}/set_profile/`,
    { config: inProject([permissionDetail('project', 'projectprofile', 'edit')]), schema: { tags, summary: '保存项目信息（与已有的键合并）', params: ProjectParams, body: Profile, response: { 200: Profile, 400: ErrorBody } } },
    async (request) => {
      const { project } = projectOf(request);
      const profile = { ...(await readProfile(app.db, project.uuid)), ...request.body };
      await saveProfile(app.db, project.uuid, profile);
      return profile;
    },
  );
}
