import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { button, dialog } from './admin-helpers';
import { server } from './msw';
import { serveProject } from './project-fixtures';
import { openScreen, signIn } from './render';
import { at, param, scriptDetails, scriptsBase } from './script-fixtures';

const slow = 60_000;
const script = {
  id: 3,
  name: '人口统计',
  file_path: '/api/uploader/v1/files/12/stat.py',
  file_name: 'stat.py',
  docker_name: 'python',
  docker_tag: '3.12',
  allow_network: false,
  params: [param(31, 'city', 'string', { options: ['北京', '上海'], required: true }), param(32, 'year', 'integer', { number_min: 2000, number_max: 2030 })],
  created_at: at,
  updated_at: at,
};

/** The seeded demo script: no image, so it runs in the sandbox. */
const demoScript = { ...script, id: 5, name: '汇总指标达标率', file_path: '/api/uploader/v1/files/20/summarize.mjs', file_name: 'summarize.mjs', docker_name: '', docker_tag: '', params: [] };

const page = <T,>(results: T[]) => HttpResponse.json({ count: results.length, next: null, previous: null, results });

function serveScripts() {
  const calls = { created: [] as unknown[], changed: [] as unknown[], uploads: [] as string[], paramsCreated: [] as unknown[], paramsChanged: [] as unknown[], paramsDeleted: [] as string[] };
  server.use(
    http.get(`${scriptsBase}/`, () => page([script, demoScript])),
    http.get(`${scriptsBase}/5/`, () => HttpResponse.json(demoScript)),
    http.patch(`${scriptsBase}/5/`, async ({ request }) => {
      const body = (await request.json()) as object;
      calls.changed.push(body);
      return HttpResponse.json({ ...demoScript, ...body });
    }),
    http.post(`${scriptsBase}/`, async ({ request }) => {
      calls.created.push(await request.json());
      return HttpResponse.json({ ...script, id: 4 }, { status: 201 });
    }),
    http.post('*/api/uploader/v1/projects/p-1/file_upload/', ({ request }) => {
      calls.uploads.push(new URL(request.url).searchParams.get('purpose') ?? '');
      return HttpResponse.json({ id: 13, url: '/api/uploader/v1/files/13/run.py', name: 'run.py', size: 10, mime: 'text/x-python', sha256: '', project_uuid: 'p-1', transcode: 'none', status: null, pdf_url: null }, { status: 201 });
    }),
    http.get(`${scriptsBase}/3/script_params/`, () => page(script.params)),
    http.post(`${scriptsBase}/3/script_params/`, async ({ request }) => {
      const body = (await request.json()) as object;
      calls.paramsCreated.push(body);
      return HttpResponse.json(param(33, 'x', 'string', body), { status: 201 });
    }),
    http.get(`${scriptsBase}/3/script_params/:id/`, ({ params }) => HttpResponse.json(script.params.find((known) => String(known.id) === params.id))),
    http.patch(`${scriptsBase}/3/script_params/:id/`, async ({ request, params }) => {
      const body = (await request.json()) as object;
      calls.paramsChanged.push(body);
      return HttpResponse.json({ ...script.params.find((known) => String(known.id) === params.id), ...body });
    }),
    http.delete(`${scriptsBase}/3/script_params/:id/`, ({ params }) => {
      calls.paramsDeleted.push(String(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return calls;
}

const firstRow = async (text: string) => (await screen.findByText(text, { selector: 'td, td span, td a' }, { timeout: 30_000 })).closest('tr') as HTMLElement;

async function choose(user: ReturnType<typeof openScreen>['user'], scope: HTMLElement, label: string, option: string) {
  await user.click(within(scope).getByLabelText(label));
  const options = await screen.findAllByTitle(option);
  await user.click(options[options.length - 1]);
}

describe('脚本', () => {
  it('lists scripts with their file, image and parameter count', async () => {
    serveProject(scriptDetails);
    serveScripts();
    signIn();
    openScreen('#/projectSetting/p-1/scripts');
    const line = await firstRow('人口统计');
    expect(within(line).getByText('python:3.12')).toBeInTheDocument();
    expect(within(line).getByText('2')).toBeInTheDocument();
    expect(within(line).getByRole('link', { name: 'stat.py' })).toHaveAttribute('href', expect.stringContaining('/api/uploader/v1/files/12/stat.py'));
  }, slow);

  it('creates a script with an uploaded file, sent as file_path', async () => {
    serveProject(scriptDetails);
    const calls = serveScripts();
    signIn();
    const { user } = openScreen('#/projectSetting/p-1/scripts');
    await firstRow('人口统计');
    await user.click(button(document.body, '新增'));
    const create = await dialog('新增脚本');
    await user.type(within(create).getByLabelText('名称'), '指标计算');
    await waitFor(() => expect(create.querySelector('input[type=file]')).not.toBeNull());
    await user.upload(create.querySelector<HTMLInputElement>('input[type=file]')!, new File(['print(1)'], 'run.py', { type: 'text/x-python' }));
    expect(await within(create).findByText('run.py')).toBeInTheDocument();
    await user.type(within(create).getByLabelText('镜像名称'), 'python');
    await user.type(within(create).getByLabelText('镜像标签'), '3.12');
    await user.click(within(create).getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('新增脚本成功')).toBeInTheDocument();
    expect(calls.uploads).toEqual(['script']);
    expect(calls.created).toEqual([{ name: '指标计算', file_path: '/api/uploader/v1/files/13/run.py', docker_name: 'python', docker_tag: '3.12', allow_network: false }]);
  }, slow);

  it('creates a script without an image (it runs in the sandbox); the file is the only other thing asked for', async () => {
    serveProject(scriptDetails);
    const calls = serveScripts();
    signIn();
    const { user } = openScreen('#/projectSetting/p-1/scripts');
    expect(within(await firstRow('汇总指标达标率')).getByText('无（沙箱运行）')).toBeInTheDocument();
    await user.click(button(document.body, '新增'));
    const create = await dialog('新增脚本');
    expect(within(create).getByLabelText('镜像名称')).toHaveValue('');
    expect(within(create).getByLabelText('镜像标签')).toHaveValue('');
    await user.type(within(create).getByLabelText('名称'), '指标计算');
    await user.click(within(create).getByRole('button', { name: /保\s*存/ }));
    expect(await within(create).findByText('请上传脚本文件')).toBeInTheDocument();
    expect(within(create).queryByText('请输入脚本文件')).not.toBeInTheDocument();
    expect(within(create).queryByText('请输入镜像名称')).not.toBeInTheDocument();
    expect(calls.created).toEqual([]);

    await waitFor(() => expect(create.querySelector('input[type=file]')).not.toBeNull());
    await user.upload(create.querySelector<HTMLInputElement>('input[type=file]')!, new File(['print(1)'], 'run.py', { type: 'text/x-python' }));
    expect(await within(create).findByText('run.py')).toBeInTheDocument();
    await user.click(within(create).getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('新增脚本成功')).toBeInTheDocument();
    expect(calls.created).toEqual([{ name: '指标计算', file_path: '/api/uploader/v1/files/13/run.py', allow_network: false }]);
  }, slow);

  it('offers only the extensions a workflow runs, and refuses another file before uploading it', async () => {
    serveProject(scriptDetails);
    const calls = serveScripts();
    signIn();
    const { user } = openScreen('#/projectSetting/p-1/scripts');
    await firstRow('人口统计');
    await user.click(button(document.body, '新增'));
    const create = await dialog('新增脚本');
    await waitFor(() => expect(create.querySelector('input[type=file]')).not.toBeNull());
    const input = create.querySelector<HTMLInputElement>('input[type=file]')!;
    expect(input).toHaveAttribute('accept', '.py,.js,.mjs,.sh');
    expect(within(create).getByText('只支持 .py、.js、.mjs、.sh 脚本文件')).toBeInTheDocument();
    // A file dropped or picked past the filter ("all files").
    fireEvent.change(input, { target: { files: [new File(['select 1;'], 'query.sql', { type: 'application/sql' })] } });
    expect(await screen.findByText('只支持 .py、.js、.mjs、.sh 脚本文件', { selector: '.ant-message *' })).toBeInTheDocument();
    expect(calls.uploads).toEqual([]);
  }, slow);

  it('edits the seeded demo script (no image) and saves it again', async () => {
    serveProject(scriptDetails);
    const calls = serveScripts();
    signIn();
    const { user } = openScreen('#/projectSetting/p-1/scripts');
    await user.click(within(await firstRow('汇总指标达标率')).getByText('编辑'));
    const edit = await dialog('编辑脚本');
    await waitFor(() => expect(within(edit).getByLabelText('名称')).toHaveValue('汇总指标达标率'));
    expect(within(edit).getByText('summarize.mjs')).toBeInTheDocument();
    await user.type(within(edit).getByLabelText('名称'), '（新版）');
    await user.click(within(edit).getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('数据保存成功!')).toBeInTheDocument();
    expect(calls.changed).toEqual([expect.objectContaining({ name: '汇总指标达标率（新版）', file_path: demoScript.file_path, docker_name: '', docker_tag: '' })]);
  }, slow);

  it('edits a script’s parameters in its drawer: options only for text, bounds only for numbers', async () => {
    serveProject(scriptDetails);
    const calls = serveScripts();
    signIn();
    const { user } = openScreen('#/projectSetting/p-1/scripts');
    await user.click(await within(await firstRow('人口统计')).findByText('参数'));
    const drawer = (await screen.findByText('脚本参数：人口统计')).closest('.ant-drawer') as HTMLElement;
    const city = (await within(drawer).findByText('city')).closest('tr') as HTMLElement;
    expect(within(city).getByText('北京、上海')).toBeInTheDocument();
    expect(within(city).getByText('是')).toBeInTheDocument();

    await user.click(button(drawer, '新增'));
    const create = await dialog('新增脚本参数');
    await user.type(within(create).getByLabelText('字段名'), 'district');
    expect(within(create).getByLabelText('可选值')).toBeInTheDocument();
    expect(within(create).queryByLabelText('最小值')).not.toBeInTheDocument();
    await choose(user, create, '类型', '浮点数');
    await waitFor(() => expect(within(create).queryByLabelText('可选值')).not.toBeInTheDocument());
    await user.type(within(create).getByLabelText('最小值'), '0.5');
    await user.type(within(create).getByLabelText('最大值'), '9');
    await user.click(within(create).getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('新增脚本参数成功')).toBeInTheDocument();
    expect(calls.paramsCreated).toEqual([
      { direction: 'input', field_name: 'district', type: 'float', required: false, number_min: 0.5, number_max: 9, placeholder: undefined },
    ]);

    await user.click(within((await within(drawer).findByText('year')).closest('tr') as HTMLElement).getByText('编辑'));
    const edit = await dialog('编辑脚本参数');
    await waitFor(() => expect(within(edit).getByLabelText('最小值')).toHaveValue('2000'));
    await choose(user, edit, '类型', '字符串');
    await user.click(within(edit).getByLabelText('可选值'));
    await user.paste('甲,乙,');
    await user.click(within(edit).getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('数据保存成功!')).toBeInTheDocument();
    expect(calls.paramsChanged[0]).toMatchObject({ type: 'string', options: ['甲', '乙'], number_min: null, number_max: null });

    await user.click(within((await within(drawer).findByText('year')).closest('tr') as HTMLElement).getByText('删除'));
    const confirm = (await screen.findAllByText('此操作将永久删除1条数据，是否继续操作?')).at(-1)!.closest('.ant-modal') as HTMLElement;
    await user.click(within(confirm).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('删除成功')).toBeInTheDocument();
    expect(calls.paramsDeleted).toEqual(['32']);
  }, slow);
});
