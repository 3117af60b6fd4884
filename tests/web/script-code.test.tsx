import { EditorView } from '@codemirror/view';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from './msw';
import { adminDetails, serveProject } from './project-fixtures';
import { openScreen, signIn } from './render';
import { at, param, scriptDetails, scriptsBase } from './script-fixtures';

const slow = 60_000;
const viewOnly = [...adminDetails.filter((detail) => !detail.startsWith('script.')), 'script.script.view_script'];
const script = {
  id: 3,
  name: '人口统计',
  file_path: '/api/uploader/v1/files/12/stat.py',
  file_name: 'stat.py',
  docker_name: '',
  docker_tag: '',
  allow_network: false,
  params: [param(31, 'n', 'integer', { required: true }), param(32, 'doubled', 'integer', { direction: 'output' })],
  created_at: at,
  updated_at: at,
};
const TEXTS: Record<number, string> = { 1: 'print("第一版")\n', 2: 'import json\nprint("第二版")\n' };
const version = (n: number, current: boolean) => ({ n, size: 20, file_name: 'stat.py', created_by: 'u-1', created_at: `2024-03-0${n} 10:00:00`, current });

function serveCode() {
  const calls = { saved: [] as unknown[], runs: [] as unknown[], polls: 0 };
  let versions = [version(2, true), version(1, false)];
  server.use(
    http.get(`${scriptsBase}/`, () => HttpResponse.json({ count: 1, next: null, previous: null, results: [script] })),
    http.get(`${scriptsBase}/3/versions/`, () => HttpResponse.json(versions)),
    http.get(`${scriptsBase}/3/versions/:n/content/`, ({ params }) => new HttpResponse(TEXTS[Number(params.n)], { headers: { 'content-type': 'text/plain; charset=utf-8' } })),
    http.post(`${scriptsBase}/3/versions/`, async ({ request }) => {
      const body = (await request.json()) as { content: string };
      calls.saved.push(body);
      TEXTS[3] = body.content;
      versions = [version(3, true), version(2, false), version(1, false)];
      return HttpResponse.json(version(3, true), { status: 201 });
    }),
    http.post(`${scriptsBase}/3/test_run/`, async ({ request }) => {
      calls.runs.push(await request.json());
      return HttpResponse.json(run('running', ''), { status: 201 });
    }),
    http.get(`${scriptsBase}/3/test_runs/77/`, () => {
      calls.polls += 1;
      return HttpResponse.json(calls.polls === 1 ? run('running', '开始计算 21\n') : run('success', '开始计算 21\n算完了\n{"doubled": 42}\n', { doubled: 42 }));
    }),
  );
  return calls;
}
const run = (state: string, log: string, outputs: object = {}) => ({ id: 77, script_id: 3, version: 2, state, inputs: { n: 21 }, outputs, reason: '', log, started_at: at, ended_at: state === 'running' ? null : at });

async function openCode(details: string[]) {
  serveProject(details);
  const calls = serveCode();
  signIn();
  const { user } = openScreen('#/projectSetting/p-1/scripts');
  const row = (await screen.findByText('人口统计', { selector: 'td, td span, td a' }, { timeout: 30_000 })).closest('tr') as HTMLElement;
  await user.click(await within(row).findByText('代码'));
  const drawer = (await screen.findByText('脚本代码：人口统计')).closest('.ant-drawer') as HTMLElement;
  return { user, calls, drawer };
}
/** The CodeMirror editor's text as shown (one .cm-line per line). */
const editorText = (drawer: HTMLElement) => [...drawer.querySelectorAll('.cm-content .cm-line')].map((line) => line.textContent).join('\n');
const content = async (drawer: HTMLElement) => waitFor(() => {
  const element = drawer.querySelector<HTMLElement>('.cm-content');
  expect(element).not.toBeNull();
  return element!;
}, { timeout: 20_000 });

describe('脚本代码', () => {
  it('shows the current version in the code editor; an editor of scripts changes it and saves a new version after confirming', async () => {
    const { user, calls, drawer } = await openCode(scriptDetails);
    const code = await content(drawer);
    await waitFor(() => expect(editorText(drawer)).toBe('import json\nprint("第二版")\n'));
    expect(code).toHaveAttribute('contenteditable', 'true');
    expect(within(drawer).getByText(/第 2 版（当前）/)).toBeInTheDocument();
    const save = within(drawer).getByRole('button', { name: /保\s*存/ });
    expect(save).toBeDisabled();

    // Typing, as CodeMirror receives it.
    const view = EditorView.findFromDOM(code)!;
    view.dispatch({ changes: { from: view.state.doc.length, insert: 'print("新的一行")\n' } });
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    const confirm = (await screen.findAllByText('保存为第 3 版？')).at(-1)!.closest('.ant-modal') as HTMLElement;
    expect(within(confirm).getByText(/第 3 版即成为脚本的当前版本/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('已保存为第 3 版')).toBeInTheDocument();
    expect(calls.saved).toEqual([{ content: 'import json\nprint("第二版")\nprint("新的一行")\n', base_version: 2 }]);
    expect(await within(drawer).findByText(/第 3 版（当前）/)).toBeInTheDocument();
  }, slow);

  it('shows an older version read-only from 版本', async () => {
    const { user, drawer } = await openCode(scriptDetails);
    await content(drawer);
    await user.click(within(drawer).getByRole('combobox', { name: '版本' }));
    await user.click((await screen.findAllByTitle(/第 1 版/)).at(-1)!);
    await waitFor(() => expect(editorText(drawer)).toBe('print("第一版")\n'));
    expect(within(drawer).getByText('历史版本，只读')).toBeInTheDocument();
    expect(drawer.querySelector('.cm-content')).toHaveAttribute('contenteditable', 'false');
    expect(within(drawer).queryByRole('button', { name: /保\s*存/ })).not.toBeInTheDocument();
  }, slow);

  it('is read-only, without 保存 or 试运行, for a member who may only view scripts', async () => {
    const { drawer } = await openCode(viewOnly);
    const code = await content(drawer);
    await waitFor(() => expect(editorText(drawer)).toBe('import json\nprint("第二版")\n'));
    expect(code).toHaveAttribute('contenteditable', 'false');
    expect(within(drawer).getByText('只读')).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: /保\s*存/ })).not.toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: /试运行/ })).not.toBeInTheDocument();
  }, slow);

  it('试运行 asks the inputs, runs the script and shows its log as it streams, then its outputs', async () => {
    const { user, calls, drawer } = await openCode(scriptDetails);
    await content(drawer);
    await user.click(within(drawer).getByRole('button', { name: /试运行/ }));
    const dialog = (await screen.findByText('试运行：人口统计（第 2 版）')).closest('.ant-modal') as HTMLElement;
    await user.click(within(dialog).getByRole('button', { name: /运\s*行/ }));
    expect(await within(dialog).findByText('请填写n')).toBeInTheDocument();
    expect(calls.runs).toEqual([]);
    await user.type(within(dialog).getByLabelText('n'), '21');
    await user.click(within(dialog).getByRole('button', { name: /运\s*行/ }));
    const log = await within(dialog).findByTestId('test-run-log', {}, { timeout: 10_000 });
    expect(calls.runs).toEqual([{ inputs: { n: 21 } }]);
    await waitFor(() => expect(log).toHaveTextContent('开始计算 21'));
    expect(within(dialog).getByText('运行中')).toBeInTheDocument();
    // The next poll: the rest of the log, the outputs and the end state.
    await waitFor(() => expect(within(dialog).getByTestId('test-run-log')).toHaveTextContent('算完了'), { timeout: 10_000 });
    expect(within(dialog).getByText('成功')).toBeInTheDocument();
    expect(within(dialog).getByText('{"doubled":42}')).toBeInTheDocument();
  }, slow);
});
