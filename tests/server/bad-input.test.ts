import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createTestApp, DEMO, login, type TestContext } from './helpers';

/**
 * Sends each kind of bad value to every operation of the OpenAPI document (path params,
 * query params, body fields, whole bodies), signed in as the demo admin of the demo project,
 * and expects no 5xx and a Chinese message in every 4xx.
 */

let ctx: TestContext;
let token: string;

interface Parameter { in: string; name: string; schema?: { type?: string } }
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}
type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const DEEP_JSON = '['.repeat(20_000) + ']'.repeat(20_000);
const DEEP_OBJECT = '{"a":'.repeat(20_000) + '1' + '}'.repeat(20_000);
/** Raw text put in a URL (path or query); each is a separate request. */
const URL_VALUES = ['2147483648', '9223372036854775808', '1e308', '1e400', 'Infinity', '-1', 'a%00b', '%C0', 'x'.repeat(3000)];
/** JSON text put as the value of a body field. */
const BODY_VALUES = ['2147483648', '"9223372036854775808"', '"Infinity"', '"1e400"', '"a\\u0000b"', '{"k":"\\u0000"}', '[2147483648]', '{}', DEEP_OBJECT];
const BAD_MULTIPART = [
  { 'content-type': 'multipart/form-data; boundary=xyz', body: 'garbage without any boundary' },
  { 'content-type': 'multipart/form-data', body: '--xyz\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc\r\n--xyz--\r\n' },
  { 'content-type': 'multipart/form-data; boundary=xyz', body: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4 cut off' },
  { 'content-type': 'multipart/form-data; boundary=xyz', body: '--xyz\r\nContent-Disposition: form-data; name="task_id\u0000"\r\n\r\na\u0000b\r\n--xyz--\r\n' },
  { 'content-type': 'multipart/form-data; boundary=xyz', body: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a\u0000.pdf"\r\n\r\n%PDF-1.4\n%%EOF\r\n--xyz--\r\n' },
  { 'content-type': 'multipart/form-data; boundary=xyz', body: '--xyz\r\nContent-Disposition: form-data; name="chunk"\r\n\r\n1e308\r\n--xyz\r\nContent-Disposition: form-data; name="chunks"\r\n\r\n99999999999999999999\r\n--xyz--\r\n' },
];

/** A value that passes for each path parameter, so the other inputs get past the route's lookup. */
function validPathValue(name: string): string {
  if (/uuid|projectId/i.test(name)) return DEMO.projectUuid;
  if (name === '*') return 'a.pdf';
  return '1';
}

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{([^}]+)\}/g, (_, name: string) => values[name] ?? validPathValue(name)).replace(/\*$/, values['*'] ?? 'a.pdf');

const failures: string[] = [];

function messageOf(body: string): string {
  try {
    return String(JSON.parse(body).message ?? '');
  } catch {
    return '';
  }
}

async function send(label: string, method: Method, url: string, body?: { type: string; payload: string | Buffer }) {
  const headers: Record<string, string> = { ...authHeaders(token, DEMO.organizationUuid) };
  if (body) headers['content-type'] = body.type;
  const answer = ctx.app.inject({ method, url, headers, ...(body ? { payload: body.payload } : {}) });
  const response = await Promise.race([answer, new Promise<null>((resolve) => setTimeout(() => resolve(null), 10_000))]);
  if (!response) return void failures.push(`${label}: no answer within 10 s`);
  if (response.statusCode === 401) token = await login(ctx.app);
  const status = response.statusCode;
  if (status >= 500) failures.push(`${label}: ${status} ${response.body.slice(0, 200)}`);
  else if (status >= 400 && method !== 'HEAD' && !/[\u4e00-\u9fff]/.test(messageOf(response.body))) {
    failures.push(`${label}: ${status} without a Chinese message: ${response.body.slice(0, 200)}`);
  }
}

beforeAll(async () => {
  ctx = await createTestApp();
  token = await login(ctx.app);
});
afterAll(() => ctx.close());

describe('bad input on every operation', () => {
  it('never answers 5xx and always explains a 4xx in Chinese', { timeout: 600_000 }, async () => {
    const document = (await ctx.app.inject({ method: 'GET', url: '/api/schema/' })).json();
    const operations: [string, Method, Operation][] = [];
    for (const [path, methods] of Object.entries(document.paths as Record<string, Record<string, Operation>>)) {
      for (const [method, operation] of Object.entries(methods)) {
        // Signing out would only end the session the probe uses.
        if (/logout/.test(path)) continue;
        operations.push([path, method.toUpperCase() as Method, operation]);
      }
    }
    // Deletes last, so they cannot remove what the other operations need.
    operations.sort((a, b) => Number(a[1] === 'DELETE') - Number(b[1] === 'DELETE'));
    expect(operations.length).toBeGreaterThan(100);

    for (const [path, method, operation] of operations) {
      const name = `${method} ${path}`;
      const parameters = operation.parameters ?? [];
      const validUrl = fill(path, {});
      const requests: Array<Parameters<typeof send>> = [];
      for (const parameter of parameters.filter((p) => p.in === 'path')) {
        for (const value of URL_VALUES) requests.push([`${name} path ${parameter.name}=${value.slice(0, 20)}`, method, fill(path, { [parameter.name]: value })]);
      }
      for (const parameter of parameters.filter((p) => p.in === 'query')) {
        for (const value of URL_VALUES) requests.push([`${name} query ${parameter.name}=${value.slice(0, 20)}`, method, `${validUrl}?${parameter.name}=${value}`]);
      }
      const content = operation.requestBody?.content ?? {};
      if (content['application/json']) {
        const fields = Object.keys(content['application/json'].schema?.properties ?? {});
        for (const field of fields) {
          for (const value of BODY_VALUES) {
            requests.push([`${name} body ${field}=${value.slice(0, 30)}`, method, validUrl, { type: 'application/json', payload: `{${JSON.stringify(field)}:${value}}` }]);
          }
        }
        for (const payload of [DEEP_JSON, DEEP_OBJECT, '{"name":"a\\u0000"}', '{"__proto__":{"x":1}}', '[1,2']) {
          requests.push([`${name} whole body ${payload.slice(0, 20)}`, method, validUrl, { type: 'application/json', payload }]);
        }
      } else if (method === 'POST' || method === 'PUT') {
        // Upload routes read their multipart body themselves and declare no body schema.
        for (const bad of BAD_MULTIPART) requests.push([`${name} multipart ${JSON.stringify(bad.body.slice(0, 60))}`, method, validUrl, { type: bad['content-type'], payload: bad.body }]);
      }
      // A few at a time within one operation (fewer than the admission limit, so none waits).
      for (let start = 0; start < requests.length; start += 6) {
        await Promise.all(requests.slice(start, start + 6).map((request) => send(...request)));
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('where bad input is refused', () => {
  const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: authHeaders(token) });
  const postJson = (url: string, payload: string, headers: Record<string, string> = authHeaders(token)) =>
    ctx.app.inject({ method: 'POST', url, payload, headers: { ...headers, 'content-type': 'application/json' } });

  it('refuses NUL in JSON text, even on the sign-in route without a session', async () => {
    const response = await postJson('/api/v1/user/account/login/', '{"username":"demo\\u0000","password":"x"}', {});
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('请求内容不能包含空字符（\\u0000）');
    // An escaped backslash before u0000 is plain text, not NUL.
    expect((await postJson('/api/v1/user/account/login/', '{"username":"demo\\\\u0000","password":"x"}', {})).json().message).toBe('用户名或密码错误');
  });

  it('refuses NUL in the URL and JSON nested deeper than the bound', async () => {
    expect((await get('/api/project/v1/projects/?search=a%00b')).json()).toMatchObject({ code: 40000, message: '请求地址不能包含空字符（%00）' });
    const deep = await postJson(`/api/project_profile/projects/${DEMO.projectUuid}/project_profile/set_profile/`, '{"a":'.repeat(33) + '1' + '}'.repeat(33));
    expect(deep.statusCode).toBe(400);
    expect(deep.json().message).toBe('请求内容嵌套层级不能超过 32 层');
  });

  it('refuses integers beyond 2³¹−1 and Infinity-like numbers in paths and queries', async () => {
    expect((await get('/api/project/v1/projects/roles/2147483648/')).json().message).toBe('路径参数「编号」不能大于 2147483647');
    expect((await get('/api/project/v1/projects/?offset=1e400')).json().message).toBe('查询参数「起始位置」超出范围');
    expect((await get('/api/project/v1/projects/?limit=Infinity')).json().message).toBe('查询参数「每页条数」超出范围');
    expect((await get('/api/project/v1/projects/?offset=9223372036854775808')).json().message).toBe('查询参数「起始位置」不能大于 2147483647');
  });
});
