import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createTestApp, DEMO, login, uploadFile, type TestContext } from './helpers';

/** A refused body names its fields by their Chinese names: no request key is ever shown to a user. */

let ctx: TestContext;
let token: string;

const WORKFLOWS = `/api/airflow/projects/${DEMO.projectUuid}/workflows/`;
const SCRIPTS = `/api/script/projects/${DEMO.projectUuid}/scripts/`;
const REGIONS = `/studio/report/api/report/projects/${DEMO.projectUuid}/investigation_scope/tree/`;

beforeAll(async () => {
  ctx = await createTestApp();
  token = await login(ctx.app);
});
afterAll(() => ctx?.close());

async function refusal(method: 'GET' | 'POST', url: string, payload?: object) {
  const response = await ctx.app.inject({ method, url, headers: authHeaders(token), payload });
  expect(response.statusCode, url).toBe(400);
  return response.json().message as string;
}

/** The request keys these cases send (examples of values, such as default_pool, may stay). */
const KEY = /\b(?:field_name|number_min|number_max|direction|type|schedule|retries|name|start_date|end_date|operator|pool|level_limit|limit|offset|role_id|permissions_detail)\b/;

describe('field names in refusals', () => {
  it('names workflow, script parameter and query fields in Chinese', async () => {
    const file = (await uploadFile(ctx.app, token, 'labels.py', Buffer.from('print(1)\n'), 'script')).url;
    const script = await ctx.app.inject({ method: 'POST', url: SCRIPTS, headers: authHeaders(token), payload: { name: '字段名检查', file_path: file } });
    expect(script.statusCode).toBe(201);
    const params = `${SCRIPTS}${script.json().id}/script_params/`;
    const base = { direction: 'input', field_name: 'p', type: 'string' };
    const workflow = (await ctx.app.inject({ method: 'POST', url: WORKFLOWS, headers: authHeaders(token), payload: { name: '字段名检查' } })).json();
    const cases: [string, Promise<string>][] = [
      ['参数「调度」不能超过 100 个字符', refusal('POST', WORKFLOWS, { name: 'w', schedule: 'x'.repeat(101) })],
      ['参数「重试次数」的类型不正确', refusal('POST', WORKFLOWS, { name: 'w', retries: 1.5 })],
      ['参数「参数名」不能超过 64 个字符', refusal('POST', params, { ...base, field_name: 'x'.repeat(65) })],
      ['参数「最小值」的类型不正确', refusal('POST', params, { ...base, type: 'float', number_min: 'many' })],
      ['参数名只能由字母、数字和下划线组成，且不能以数字开头', refusal('POST', params, { ...base, field_name: '1st' })],
      ['最小值不能大于最大值', refusal('POST', params, { ...base, type: 'float', number_min: 2, number_max: 1 })],
      ['请输入参数名', refusal('POST', params, { direction: 'input', type: 'string' })],
      ['请输入工作流名称', refusal('POST', WORKFLOWS, {})],
      ['结束时间须晚于开始时间', refusal('POST', WORKFLOWS, { name: 'w', start_date: '2026-02-01 00:00:00', end_date: '2026-01-01 00:00:00' })],
      ['资源池只能由字母、数字和 _ . - 组成，如 default_pool', refusal('POST', `${WORKFLOWS}${workflow.id}/tasks/`, { name: 't', operator: 'ReportOperator', pool: 'my pool' })],
      ['查询参数「层级上限」的类型不正确', refusal('GET', `${REGIONS}?level_limit=abc`)],
      ['查询参数「每页条数」超出范围', refusal('GET', `${WORKFLOWS}?limit=Infinity`)],
    ];
    for (const [expected, answer] of cases) {
      const message = await answer;
      expect(message).toBe(expected);
      expect(message).not.toMatch(KEY);
    }
  });

  it('names a missing required field by its Chinese name', async () => {
    const message = await refusal('POST', `/api/project/v1/projects/${DEMO.projectUuid}/roles/`, {});
    expect(message).not.toMatch(KEY);
    expect(message).toMatch(/[\u4e00-\u9fff]/);
  });
});
