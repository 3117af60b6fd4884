import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storageObjects, storedFiles } from '../../server/db/schema';
import { authHeaders, createTestApp, DEMO, login, multipart, uploadFile, type TestContext, memberWithRole } from './helpers';

let ctx: TestContext;
let admin: string;
const BASE = `/api/script/projects/${DEMO.projectUuid}/scripts`;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, path: string, payload?: object, token = admin) =>
  ctx.app.inject({ method, url: `${BASE}/${path}`, headers: authHeaders(token), ...(payload ? { payload } : {}) });
const messageOf = async (method: Method, path: string, payload?: object) => {
  const response = await call(method, path, payload);
  expect(response.statusCode, response.body).toBe(400);
  return response.json().message as string;
};

let counter = 0;
/** A script file of unique content, so that no other row shares its stored object. */
const uploadScript = async (name = 'clean.py', content = `print(${(counter += 1)})  # 清洗\n`) =>
  (await uploadFile(ctx.app, admin, name, Buffer.from(content), 'script')).url;
const fileIdOf = (url: string) => Number(url.split('/')[5]);

async function fileIsGone(url: string) {
  const [file] = await ctx.database.db.select().from(storedFiles).where(eq(storedFiles.id, fileIdOf(url)));
  return file === undefined;
}

async function makeScript(name: string, extra: object = {}) {
  const made = await call('POST', '', { name, file_path: await uploadScript(), ...extra });
  expect(made.statusCode, made.body).toBe(201);
  return made.json();
}

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await login(ctx.app);
});

afterAll(async () => {
  await ctx.close();
});

describe('the script upload purpose', () => {
  const upload = (name: string, content: Buffer, token = admin, url = `/api/uploader/v1/projects/${DEMO.projectUuid}/file_upload/?purpose=script`) => {
    const body = multipart({}, { name, content });
    return ctx.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, ...authHeaders(token) } });
  };

  it('takes UTF-8 text files of the script extensions, served as plain text', async () => {
    for (const name of ['a.py', 'b.sh', 'c.PY', 'f.js', 'g.mjs']) {
      const answer = await upload(name, Buffer.from(`-- ${name} 中文注释\n`));
      expect(answer.statusCode, answer.body).toBe(201);
      expect(answer.json()).toMatchObject({ name, mime: 'text/plain; charset=utf-8', transcode: 'none', project_uuid: DEMO.projectUuid });
    }
    const url = await uploadScript('serve.py', 'print("你好")\n');
    const served = await ctx.app.inject({ method: 'GET', url, headers: authHeaders(admin) });
    expect(served.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(served.body).toBe('print("你好")\n');
  });

  it('refuses other extensions, binary content, invalid UTF-8 and oversize files', async () => {
    // Only what a workflow task can run: .sql, .r and .ts were once taken and then failed every run.
    for (const name of ['notebook.ipynb', 'query.sql', 'model.R', 'job.ts', 'noextension']) {
      const refused = await upload(name, Buffer.from('select 1;\n'));
      expect(refused.statusCode, name).toBe(400);
      expect(refused.json().message, name).toBe('只支持 .py、.js、.mjs、.sh 脚本文件');
    }
    expect((await upload('a.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'))).json().message).toBe('只支持 .py、.js、.mjs、.sh 脚本文件');
    const nul = await upload('a.py', Buffer.from('print(1)\n\0\0'));
    expect(nul.statusCode).toBe(400);
    expect(nul.json().message).toBe('脚本文件须为 UTF-8 编码的文本，不能含二进制内容');
    expect((await upload('a.py', Buffer.from([0x70, 0x72, 0xff, 0xfe, 0x0a]))).json().message).toBe('脚本文件须为 UTF-8 编码的文本，不能含二进制内容');
    // A multi-byte character cut off at the very end.
    expect((await upload('a.py', Buffer.concat([Buffer.from('print("'), Buffer.from('中').subarray(0, 2)]))).json().message).toBe('脚本文件须为 UTF-8 编码的文本，不能含二进制内容');
    // A PNG named .py.
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    expect((await upload('a.py', png)).statusCode).toBe(400);
    // SCRIPT_FILE_MAX_BYTES, 1 MB by default.
    const big = await upload('big.py', Buffer.alloc(1024 * 1024 + 1, '#'));
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('脚本文件不能超过 1MB!');
    expect((await upload('fits.py', Buffer.alloc(1024 * 1024, '#'))).statusCode).toBe(201);
    expect((await upload('empty.py', Buffer.alloc(0))).json().message).toBe('文件内容为空');
  });

  it('follows SCRIPT_FILE_MAX_BYTES', async () => {
    const small = await createTestApp({ env: { SCRIPT_FILE_MAX_BYTES: '2048' } });
    try {
      const token = await login(small.app);
      const send = (size: number) => {
        const body = multipart({}, { name: 'a.sh', content: Buffer.alloc(size, 'x') });
        return small.app.inject({ method: 'POST', url: `/api/uploader/v1/projects/${DEMO.projectUuid}/file_upload/?purpose=script`, payload: body.payload, headers: { ...body.headers, ...authHeaders(token) } });
      };
      expect((await send(2048)).statusCode).toBe(201);
      expect((await send(2049)).statusCode).toBe(413);
    } finally {
      await small.close();
    }
  });

  it('is not taken without the purpose, nor outside a project', async () => {
    expect((await upload('a.py', Buffer.from('print(1)\n'), admin, `/api/uploader/v1/projects/${DEMO.projectUuid}/file_upload/`)).statusCode).toBe(400);
    const organizationUpload = await upload('a.py', Buffer.from('print(1)\n'), admin, '/api/uploader/v1/file_upload/?purpose=script');
    expect(organizationUpload.json().message).toBe('脚本文件请上传到所属项目');
  });

  it('needs the script create or edit permission', async () => {
    const visitor = await memberWithRole(ctx, 'script_visitor', 'visitor');
    expect((await upload('a.py', Buffer.from('print(1)\n'), visitor)).statusCode).toBe(403);
    // The report editor may upload reports, not scripts.
    const editor = await memberWithRole(ctx, 'script_editor', 'editor');
    expect((await upload('a.py', Buffer.from('print(1)\n'), editor)).statusCode).toBe(403);
    expect((await upload('a.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'), editor, `/api/uploader/v1/projects/${DEMO.projectUuid}/file_upload/?purpose=report`)).statusCode).toBe(201);
  });
});

describe('scripts', () => {
  it('creates, reads, lists, edits and deletes a script', async () => {
    const file = await uploadScript('clean.py');
    const made = await call('POST', '', { name: ' 数据清洗 ', file_path: file, docker_name: 'registry.example.com:5000/team/etl', docker_tag: '3.12-slim' });
    expect(made.statusCode, made.body).toBe(201);
    const script = made.json();
    expect(script).toMatchObject({ name: '数据清洗', file_path: file, file_name: 'clean.py', docker_name: 'registry.example.com:5000/team/etl', docker_tag: '3.12-slim', allow_network: false, params: [] });
    expect(script.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(Object.keys(script).sort()).toEqual(['allow_network', 'created_at', 'docker_name', 'docker_tag', 'file_name', 'file_path', 'id', 'name', 'params', 'updated_at']);

    expect((await call('GET', `${script.id}/`)).json()).toEqual(script);
    const patched = await call('PATCH', `${script.id}/`, { docker_tag: 'latest' });
    expect(patched.json()).toMatchObject({ name: '数据清洗', docker_tag: 'latest', file_path: file });
    const put = await call('PUT', `${script.id}/`, { name: '数据清洗2', docker_name: 'python', docker_tag: '' });
    expect(put.json()).toMatchObject({ name: '数据清洗2', docker_name: 'python', docker_tag: '', file_path: file });

    const removed = await call('DELETE', `${script.id}/`);
    expect(removed.statusCode).toBe(204);
    expect((await call('GET', `${script.id}/`)).statusCode).toBe(404);
    expect((await call('GET', `${script.id}/`)).json().message).toBe('脚本不存在');
  });

  it('lists a DRF page with search and ordering', async () => {
    await makeScript('list_a', { docker_name: 'python' });
    await makeScript('list_b', { docker_name: 'rocker/r-ver' });
    await makeScript('list_c', { docker_name: 'node' });
    await makeScript('listXd');
    // `_` is taken literally, not as LIKE's any-character.
    const page = (await call('GET', '?search=list_&ordering=-name&limit=2')).json();
    expect(page.count).toBe(3);
    expect(page.previous).toBeNull();
    expect(page.next).toContain('offset=2');
    expect(page.results.map((s: { name: string }) => s.name)).toEqual(['list_c', 'list_b']);
    const byDocker = (await call('GET', '?search=ROCKER')).json();
    expect(byDocker.results.map((s: { name: string }) => s.name)).toEqual(['list_b']);
    for (const field of ['id', 'name', 'docker_name', 'created_at', 'updated_at', '-id']) {
      expect((await call('GET', `?ordering=${field}`)).statusCode).toBe(200);
    }
    const ascending = (await call('GET', '?search=list_&ordering=docker_name')).json().results.map((s: { docker_name: string }) => s.docker_name);
    expect(ascending).toEqual(['node', 'python', 'rocker/r-ver']);
    expect(await messageOf('GET', '?ordering=file_path')).toBe('不能按 file_path 排序');
  });

  it('checks every field with a Chinese message', async () => {
    const file = await uploadScript();
    expect(await messageOf('POST', '', { file_path: file })).toBe('请输入脚本名称');
    expect(await messageOf('POST', '', { name: '   ', file_path: file })).toBe('请输入脚本名称');
    expect(await messageOf('POST', '', { name: 'x'.repeat(101), file_path: file })).toBe('参数「名称」不能超过 100 个字符');
    expect(await messageOf('POST', '', { name: '无文件' })).toBe('请上传脚本文件');
    expect(await messageOf('POST', '', { name: '坏地址', file_path: '/etc/passwd' })).toBe('文件地址无效，请重新上传');
    expect(await messageOf('POST', '', { name: '无此文件', file_path: '/api/uploader/v1/files/999999/x.py' })).toBe('文件不存在或不属于本项目，请重新上传');
    const pdf = (await uploadFile(ctx.app, admin, 'a.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'), 'report')).url;
    expect(await messageOf('POST', '', { name: 'PDF', file_path: pdf })).toBe('文件不是脚本文件，请重新上传');
    for (const bad of ['Python', 'python:3.12', 'a//b', '-python', 'team/', 'py thon']) {
      expect(await messageOf('POST', '', { name: '镜像', file_path: file, docker_name: bad }), bad).toMatch(/^镜像名称格式不正确/);
    }
    for (const bad of ['.latest', '-x', 'a b', 'v1:2', 'x'.repeat(128) + 'y']) {
      const response = await call('POST', '', { name: '标签', file_path: file, docker_tag: bad });
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().message, bad).toMatch(/^镜像标签格式不正确|^参数「镜像标签」不能超过 128 个字符/);
    }
    for (const good of ['python', 'library/python', 'localhost:5000/a_b/c.d', 'ghcr.io/org/my--img', '[::1]:5000/x']) {
      const made = await call('POST', '', { name: `镜像-${good}`, file_path: file, docker_name: good, docker_tag: 'v1.2_3-rc' });
      expect(made.statusCode, `${good}: ${made.body}`).toBe(201);
    }
    await makeScript('重名');
    expect(await messageOf('POST', '', { name: '重名', file_path: file })).toBe('脚本名称已存在');
    const other = await makeScript('改名');
    expect(await messageOf('PATCH', `${other.id}/`, { name: '重名' })).toBe('脚本名称已存在');
    expect(await messageOf('PUT', `${other.id}/`, { name: '' })).toBe('请输入脚本名称');
    expect(await messageOf('PATCH', `${other.id}/`, { file_path: '' })).toBe('请上传脚本文件');
  });

  it('is made without an image (the sandbox runs it), and refuses a file of an extension no task runs', async () => {
    const plain = await call('POST', '', { name: '无镜像', file_path: await uploadScript() });
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json()).toMatchObject({ docker_name: '', docker_tag: '' });
    // A file taken before only runnable extensions were (then a .sql was a script too).
    const legacy = await uploadScript('legacy.py');
    await ctx.database.db.update(storedFiles).set({ name: 'legacy.sql' }).where(eq(storedFiles.id, fileIdOf(legacy)));
    expect(await messageOf('POST', '', { name: '旧文件', file_path: legacy })).toBe('只支持 .py、.js、.mjs、.sh 脚本文件');
    expect(await messageOf('PATCH', `${plain.json().id}/`, { file_path: legacy })).toBe('只支持 .py、.js、.mjs、.sh 脚本文件');
  });

  it('keeps its old files as versions on a change of file, and frees them all on delete, only then', async () => {
    const first = await uploadScript('first.py');
    const second = await uploadScript('second.py');
    const script = (await call('POST', '', { name: '换文件', file_path: first })).json();
    const [firstRow] = await ctx.database.db.select().from(storedFiles).where(eq(storedFiles.id, fileIdOf(first)));

    // An edit that keeps the file keeps it.
    await call('PATCH', `${script.id}/`, { docker_name: 'python' });
    expect(await fileIsGone(first)).toBe(false);

    // A new file is the script's version 2; version 1 keeps the first file.
    const changed = await call('PATCH', `${script.id}/`, { file_path: second });
    expect(changed.json()).toMatchObject({ file_path: second, file_name: 'second.py' });
    expect(await fileIsGone(first)).toBe(false);

    // Two scripts on one file: deleting one leaves the file to the other.
    const twin = (await call('POST', '', { name: '同文件', file_path: second })).json();
    expect((await call('DELETE', `${script.id}/`)).statusCode).toBe(204);
    expect(await fileIsGone(first)).toBe(true);
    expect(await ctx.database.db.select().from(storageObjects).where(eq(storageObjects.key, firstRow.storageKey))).toEqual([]);
    expect(await ctx.app.storage.size(firstRow.storageKey)).toBeNull();
    expect(await fileIsGone(second)).toBe(false);
    expect((await ctx.app.inject({ method: 'GET', url: second, headers: authHeaders(admin) })).statusCode).toBe(200);
    expect((await call('DELETE', `${twin.id}/`)).statusCode).toBe(204);
    expect(await fileIsGone(second)).toBe(true);
  });

  it("refuses another project's script and file, and a member without the permission", async () => {
    const project = await ctx.app.inject({ method: 'POST', url: '/api/project/v1/projects/', headers: authHeaders(admin), payload: { name: '脚本的另一个项目' } });
    expect(project.statusCode, project.body).toBeLessThan(300);
    const otherUuid = project.json().uuid ?? project.json().data?.uuid;
    const body = multipart({}, { name: 'other.py', content: Buffer.from('print("elsewhere")\n') });
    const otherFile = await ctx.app.inject({ method: 'POST', url: `/api/uploader/v1/projects/${otherUuid}/file_upload/?purpose=script`, payload: body.payload, headers: { ...body.headers, ...authHeaders(admin) } });
    expect(otherFile.statusCode, otherFile.body).toBe(201);
    expect(await messageOf('POST', '', { name: '别处的文件', file_path: otherFile.json().url })).toBe('文件不存在或不属于本项目，请重新上传');

    const made = await ctx.app.inject({ method: 'POST', url: `/api/script/projects/${otherUuid}/scripts/`, headers: authHeaders(admin), payload: { name: '别处的', file_path: otherFile.json().url } });
    expect(made.statusCode, made.body).toBe(201);
    const otherId = made.json().id;
    for (const method of ['GET', 'PATCH', 'PUT', 'DELETE'] as const) {
      expect((await call(method, `${otherId}/`, method === 'PATCH' || method === 'PUT' ? { docker_tag: 'x' } : undefined)).statusCode, method).toBe(404);
    }
    expect((await call('GET', `${otherId}/script_params/`)).statusCode).toBe(404);
    expect((await call('POST', `${otherId}/script_params/`, { direction: 'input', field_name: 'a', type: 'string' })).statusCode).toBe(404);

    // The report editor reads scripts and changes none; a visitor does not see them.
    const editor = await memberWithRole(ctx, 'script_editor', 'editor');
    const mine = await makeScript('报告管理员看的');
    expect((await call('GET', '', undefined, editor)).statusCode).toBe(200);
    expect((await call('GET', `${mine.id}/`, undefined, editor)).statusCode).toBe(200);
    expect((await call('GET', `${mine.id}/script_params/`, undefined, editor)).statusCode).toBe(200);
    expect((await call('POST', '', { name: '报告管理员建的', file_path: mine.file_path }, editor)).statusCode).toBe(403);
    expect((await call('PATCH', `${mine.id}/`, { docker_tag: 'x' }, editor)).statusCode).toBe(403);
    expect((await call('DELETE', `${mine.id}/`, undefined, editor)).statusCode).toBe(403);
    expect((await call('POST', `${mine.id}/script_params/`, { direction: 'input', field_name: 'a', type: 'string' }, editor)).statusCode).toBe(403);
    const visitor = await memberWithRole(ctx, 'script_visitor', 'visitor');
    for (const path of ['', `${mine.id}/`]) {
      const refused = await call('GET', path, undefined, visitor);
      expect(refused.statusCode, path).toBe(403);
      expect(refused.json()).toEqual({ code: 40301, message: '您没有「查看脚本」权限' });
    }
  });
});

describe('script parameters', () => {
  let script: { id: number };
  const params = (path = '') => `${script.id}/script_params/${path}`;

  beforeAll(async () => {
    script = await makeScript('带参数的脚本');
  });

  it('creates, reads, lists, edits and deletes a parameter, and the script answers them', async () => {
    const made = await call('POST', params(), { direction: 'input', field_name: 'city', type: 'string', options: [' 北京 ', '上海'], placeholder: '选择城市' });
    expect(made.statusCode, made.body).toBe(201);
    const city = made.json();
    expect(city).toMatchObject({ script_id: script.id, direction: 'input', field_name: 'city', type: 'string', required: false, options: ['北京', '上海'], number_min: null, number_max: null, placeholder: '选择城市' });
    expect(Object.keys(city).sort()).toEqual(['created_at', 'direction', 'field_name', 'id', 'number_max', 'number_min', 'options', 'placeholder', 'required', 'script_id', 'type', 'updated_at']);
    expect(city.updated_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const rows = (await call('POST', params(), { direction: 'output', field_name: 'rows', type: 'integer', required: true, number_min: 0, number_max: 100 })).json();
    const ratio = (await call('POST', params(), { direction: 'input', field_name: 'ratio', type: 'float', number_min: -0.5 })).json();
    expect(ratio).toMatchObject({ number_min: -0.5, number_max: null });

    expect((await call('GET', params(`${city.id}/`))).json()).toEqual(city);
    expect((await call('GET', `${script.id}/`)).json().params.map((p: { field_name: string }) => p.field_name)).toEqual(['city', 'ratio', 'rows']);
    expect((await call('GET', `?search=${encodeURIComponent('带参数的脚本')}`)).json().results[0].params).toHaveLength(3);

    const put = await call('PUT', params(`${rows.id}/`), { direction: 'output', field_name: 'row_count', type: 'integer', required: false });
    expect(put.json()).toMatchObject({ field_name: 'row_count', required: false, number_min: 0, number_max: 100 });
    const patch = await call('PATCH', params(`${rows.id}/`), { number_max: null, placeholder: '行数' });
    expect(patch.json()).toMatchObject({ field_name: 'row_count', number_min: 0, number_max: null, placeholder: '行数' });
    // Changing the type of a string parameter takes its options away in the same body.
    const retyped = await call('PATCH', params(`${city.id}/`), { type: 'boolean', options: null });
    expect(retyped.json()).toMatchObject({ type: 'boolean', options: [] });

    expect((await call('DELETE', params(`${ratio.id}/`))).statusCode).toBe(204);
    expect((await call('GET', params(`${ratio.id}/`))).statusCode).toBe(404);
    expect((await call('GET', params(`${ratio.id}/`))).json().message).toBe('参数不存在');
  });

  it('lists a DRF page with the direction filter, search and ordering', async () => {
    const other = await makeScript('列参数');
    const list = (query: string) => call('GET', `${other.id}/script_params/${query}`);
    for (const [direction, field_name, placeholder] of [['input', 'start_date', '开始日期'], ['input', 'end_date', '结束日期'], ['output', 'report', '报告文件'], ['output', 'summary', '']]) {
      expect((await call('POST', `${other.id}/script_params/`, { direction, field_name, type: 'string', placeholder })).statusCode).toBe(201);
    }
    const inputs = (await list('?direction=input&ordering=field_name')).json();
    expect(inputs.count).toBe(2);
    expect(inputs.results.map((p: { field_name: string }) => p.field_name)).toEqual(['end_date', 'start_date']);
    const page = (await list('?ordering=-id&limit=3&offset=1')).json();
    expect(page).toMatchObject({ count: 4, next: null });
    expect(page.previous).toContain('limit=3');
    expect(page.results.map((p: { field_name: string }) => p.field_name)).toEqual(['report', 'end_date', 'start_date']);
    expect((await list('?search=日期')).json().count).toBe(2);
    expect((await list('?search=SUMM')).json().results.map((p: { field_name: string }) => p.field_name)).toEqual(['summary']);
    for (const field of ['id', 'field_name', 'direction', 'type', 'created_at', '-updated_at']) expect((await list(`?ordering=${field}`)).statusCode).toBe(200);
    expect((await list('?ordering=placeholder')).json().message).toBe('不能按 placeholder 排序');
    expect((await list('?direction=both')).json().message).toBe('参数方向只能是 input 或 output');
  });

  it('checks every field with a Chinese message, on the merged result of a PATCH', async () => {
    const base = { direction: 'input', field_name: 'p', type: 'string' };
    const refused = (payload: object, method: Method = 'POST', path = params()) => messageOf(method, path, payload);
    expect(await refused({ field_name: 'p', type: 'string' })).toBe('请选择参数方向（input 或 output）');
    expect(await refused({ ...base, direction: 'in' })).toBe('参数方向只能是 input 或 output');
    expect(await refused({ direction: 'input', type: 'string' })).toBe('请输入参数名');
    expect(await refused({ ...base, field_name: ' ' })).toBe('请输入参数名');
    for (const bad of ['1st', 'a-b', '城市', 'a b']) expect(await refused({ ...base, field_name: bad }), bad).toBe('参数名只能由字母、数字和下划线组成，且不能以数字开头');
    expect(await refused({ ...base, field_name: 'x'.repeat(65) })).toBe('参数「参数名」不能超过 64 个字符');
    expect(await refused({ direction: 'input', field_name: 'p' })).toBe('请选择参数类型');
    expect(await refused({ ...base, type: 'text' })).toBe('参数类型只能是 string、float、boolean、datetime、integer');
    expect(await refused({ ...base, type: 'integer', options: ['a'] })).toBe('只有 string 类型的参数可以设置可选值');
    expect(await refused({ ...base, options: ['a', ' '] })).toBe('可选值不能有空值');
    expect(await refused({ ...base, options: ['a', 'a '] })).toBe('可选值不能重复');
    expect(await refused({ ...base, number_min: 1 })).toBe('只有 float 或 integer 类型的参数可以设置最小值、最大值');
    expect(await refused({ ...base, type: 'datetime', number_max: 1 })).toBe('只有 float 或 integer 类型的参数可以设置最小值、最大值');
    expect(await refused({ ...base, type: 'integer', number_min: 1.5 })).toBe('integer 类型参数的最小值、最大值须为整数');
    expect(await refused({ ...base, type: 'float', number_min: 2, number_max: 1 })).toBe('最小值不能大于最大值');
    expect(await refused({ ...base, placeholder: 'x'.repeat(201) })).toBe('参数「提示文字」不能超过 200 个字符');
    expect(await refused({ ...base, required: 'yes' })).toBe('参数「必填」的类型不正确');
    expect(await refused({ ...base, number_min: 'many' })).toMatch(/^参数「最小值」/);

    const made = await call('POST', params(), { ...base, field_name: 'dup' });
    expect(made.statusCode).toBe(201);
    expect(await refused({ ...base, field_name: 'dup' })).toBe('参数名已存在');
    // The same name in the other direction is another parameter.
    expect((await call('POST', params(), { ...base, direction: 'output', field_name: 'dup' })).statusCode).toBe(201);
    const number = (await call('POST', params(), { ...base, field_name: 'n', type: 'float', number_min: 1, number_max: 5 })).json();
    const path = params(`${number.id}/`);
    expect(await refused({ field_name: 'dup' }, 'PATCH', path)).toBe('参数名已存在');
    expect(await refused({ number_min: 6 }, 'PATCH', path)).toBe('最小值不能大于最大值');
    expect(await refused({ type: 'string' }, 'PATCH', path)).toBe('只有 float 或 integer 类型的参数可以设置最小值、最大值');
    expect(await refused({ type: 'integer', number_min: 0.5 }, 'PUT', path)).toBe('integer 类型参数的最小值、最大值须为整数');
    expect(await refused({ direction: '' }, 'PATCH', path)).toBe('请选择参数方向（input 或 output）');
    expect((await call('PATCH', path, { type: 'string', number_min: null, number_max: null, options: ['甲'] })).json()).toMatchObject({ type: 'string', options: ['甲'], number_min: null });
  });

  it("answers 404 for a parameter of another script", async () => {
    const other = await makeScript('另一个脚本');
    const param = (await call('POST', `${other.id}/script_params/`, { direction: 'input', field_name: 'q', type: 'string' })).json();
    for (const method of ['GET', 'PATCH', 'PUT', 'DELETE'] as const) {
      expect((await call(method, params(`${param.id}/`), method === 'PATCH' || method === 'PUT' ? { placeholder: 'x' } : undefined)).statusCode, method).toBe(404);
    }
    expect((await call('GET', '999999/script_params/')).json().message).toBe('脚本不存在');
    // A script's parameters go with it.
    expect((await call('DELETE', `${other.id}/`)).statusCode).toBe(204);
    expect((await call('GET', `${other.id}/script_params/${param.id}/`)).statusCode).toBe(404);
  });
});
