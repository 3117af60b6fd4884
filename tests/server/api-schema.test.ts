import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateApiFiles } from '../../scripts/generate-api';

describe('the typed client files', () => {
  it('are generated from the current OpenAPI document', async () => {
    const files = await generateApiFiles();
    for (const [file, text] of Object.entries(files)) {
      const committed = readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');
      expect(committed === text, `${file} is stale: run \`npm run api:generate\``).toBe(true);
    }
  });

  it('name every operation', async () => {
    const { operations } = await import('../../src/api/operations');
    expect(Object.keys(operations)).toContain('postUserAccountLogin');
    expect(operations.getProjectProjectsByProjectUuidMembers).toEqual({
      method: 'get',
      path: '/api/project/v1/projects/{project_uuid}/members/',
      pathParams: ['project_uuid'],
      bodyParams: [],
    });
  });
});
