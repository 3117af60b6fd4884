import { http, HttpResponse } from 'msw';
import { server } from './msw';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dialog, row } from './admin-helpers';
import { adminDetails, serveProject, visitorDetails } from './project-fixtures';
import { fill, openScreen, signIn } from './render';

const tagGroups = [
  { id: 1, name: '城市类型', order: 1, label_num: 2 },
  { id: 2, name: '体检维度', order: 2, label_num: 1 },
];
const at = '2024-03-01 09:30:00';
const label = (id: number, name: string, origin: string, group: (typeof tagGroups)[number]) => ({
  id, name, origin, type: '原子标签', label_group: group.id, label_group_name: group.name,
  extra_info: {}, created_at: at, updated_at: at,
});
const tagLabels = [
  label(1, '超大城市', '报告', tagGroups[0]),
  label(2, '中等城市', '素材', tagGroups[0]),
  label(3, '生态宜居', '报告', tagGroups[1]),
];

interface TagCalls {
  queries: URLSearchParams[];
  created: unknown[];
  deleted: string[];
}

/** Serves the labels and label groups of project p-1 and records what the app sends. */
function serveTags(): TagCalls {
  const calls: TagCalls = { queries: [], created: [], deleted: [] };
  const base = '*/studio/report/api/report/projects/p-1';
  server.use(
    http.get(`${base}/label_group/`, () => HttpResponse.json({ results: tagGroups, total_label: tagLabels.length })),
    http.get(`${base}/label/`, ({ request }) => {
      const query = new URL(request.url).searchParams;
      calls.queries.push(query);
      const name = query.get('name') ?? '';
      const results = tagLabels.filter((l) => l.name.includes(name));
      return HttpResponse.json({ count: results.length, next: null, previous: null, results });
    }),
    http.post(`${base}/label/`, async ({ request }) => {
      const body = (await request.json()) as { name: string };
      calls.created.push(body);
      if (tagLabels.some((l) => l.name === body.name)) {
        return HttpResponse.json({ code: 400, message: '标签名称已存在' }, { status: 400 });
      }
      return HttpResponse.json({ id: 9, ...body }, { status: 201 });
    }),
    http.delete(`${base}/label/:id/`, ({ params }) => {
      calls.deleted.push(String(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return calls;
}

const okButton = (modal: HTMLElement) => within(modal).getByRole('button', { name: /确\s*定|OK/ });

describe('标签管理', () => {
  it('lists the label groups and the labels, paged on the server', async () => {
    serveProject(adminDetails);
    const calls = serveTags();
    signIn();
    openScreen('#/main/p-1/tags');
    expect(await row('超大城市')).toBeInTheDocument();
    expect(screen.getByText('全部')).toBeInTheDocument();
    expect(screen.getAllByText('体检维度').length).toBeGreaterThan(0);
    expect(calls.queries[0].get('limit')).toBe('10');
    expect(calls.queries[0].get('offset')).toBe('0');
  });

  it('adds a label with the right body, and asks for a name first', async () => {
    serveProject(adminDetails);
    const calls = serveTags();
    signIn();
    const { user } = openScreen('#/main/p-1/tags');
    await row('超大城市');
    await user.click(screen.getByText('新增标签').closest('button')!);
    const modal = await dialog('新增标签');
    await user.click(okButton(modal));
    expect(await within(modal).findByText('请输入标签名称')).toBeInTheDocument();
    await fill(user, '请输入标签名称', '特大城市');
    await user.click(within(modal).getByLabelText('素材'));
    await user.click(okButton(modal));
    expect(await screen.findByText('新增标签成功')).toBeInTheDocument();
    expect(calls.created).toEqual([{ name: '特大城市', origin: '素材', type: '原子标签', label_group: null }]);
  });

  it('shows a duplicate (code 400) as one warning', async () => {
    serveProject(adminDetails);
    serveTags();
    signIn();
    const { user } = openScreen('#/main/p-1/tags');
    await row('超大城市');
    await user.click(screen.getByText('新增标签').closest('button')!);
    const modal = await dialog('新增标签');
    await fill(user, '请输入标签名称', '超大城市');
    await user.click(okButton(modal));
    await waitFor(() => expect(screen.getAllByText('标签名称已存在')).toHaveLength(1));
    expect(document.querySelector('.ant-message-warning')).not.toBeNull();
    expect(document.querySelector('.ant-message-error')).toBeNull();
  });

  it('deletes a label after the confirmation', async () => {
    serveProject(adminDetails);
    const calls = serveTags();
    signIn();
    const { user } = openScreen('#/main/p-1/tags');
    const target = await row('生态宜居');
    await user.click(within(target).getByText('删除'));
    const confirm = await screen.findByText(/解除其与报告和素材的关联/);
    const pop = confirm.closest('.ant-popover') as HTMLElement;
    await user.click(within(pop).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('标签删除成功!')).toBeInTheDocument();
    expect(calls.deleted).toEqual(['3']);
  });

  it('adds several labels at once, one name per line, with label/bulk_create/', async () => {
    serveProject(adminDetails);
    serveTags();
    const bulk: unknown[] = [];
    server.use(
      http.post('*/studio/report/api/report/projects/p-1/label/bulk_create/', async ({ request }) => {
        bulk.push(await request.json());
        return HttpResponse.json({ code: 200, message: '新增标签成功', data: [] }, { status: 201 });
      }),
    );
    signIn();
    const { user } = openScreen('#/main/p-1/tags');
    await row('超大城市');
    await user.click(screen.getByText('新增标签').closest('button')!);
    const modal = await dialog('新增标签');
    await fill(user, '请输入标签名称', '特大城市\n 小城市 \n特大城市');
    await user.click(okButton(modal));
    expect(await screen.findByText('新增标签成功')).toBeInTheDocument();
    expect(bulk).toEqual([[
      { name: '特大城市', origin: '报告', type: '原子标签', label_group: null },
      { name: '小城市', origin: '报告', type: '原子标签', label_group: null },
    ]]);
  });

  it('deletes one label group with DELETE label_group/{id}/, and says 删除失败 when it does not answer 204', async () => {
    serveProject(adminDetails);
    serveTags();
    const deleted: string[] = [];
    server.use(
      http.delete('*/studio/report/api/report/projects/p-1/label_group/:id/', ({ params }) => {
        deleted.push(String(params.id));
        return params.id === '1' ? new HttpResponse(null, { status: 204 }) : HttpResponse.json({ code: 200, message: 'ok' });
      }),
    );
    signIn();
    const { user } = openScreen('#/main/p-1/tags');
    await row('超大城市');
    await user.click(screen.getByRole('button', { name: '管理分组' }));
    const confirm = async () => {
      const dialogs = await screen.findAllByText('此操作将永久删除1个标签分组，分组下的标签也将一并删除，是否继续操作?');
      const dialog = dialogs[dialogs.length - 1].closest('.ant-modal-confirm') as HTMLElement;
      await user.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    };
    // By label: a role query walks the whole dialog's accessibility tree, seconds under jsdom.
    await user.click(screen.getByLabelText('删除分组：体检维度'));
    await confirm();
    expect(await screen.findByText('删除失败')).toBeInTheDocument();
    await user.click(screen.getByLabelText('删除分组：城市类型'));
    await confirm();
    expect(await screen.findByText('删除成功')).toBeInTheDocument();
    expect(deleted).toEqual(['2', '1']);
  }, 40_000);

  it('offers a visitor no 新增标签 button', async () => {
    serveProject(visitorDetails, '访客');
    serveTags();
    signIn();
    openScreen('#/main/p-1/tags');
    await row('超大城市');
    expect(screen.queryByText('新增标签')).not.toBeInTheDocument();
    expect(screen.queryByText('编辑')).not.toBeInTheDocument();
  });
});
