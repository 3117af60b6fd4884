import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TagFilterPanel } from '../../src/pages/library/tag-filter';
import type { EntityName } from '../../contract/labels';
import { isAllowed } from '../../src/providers/access-control';
import { scopeDetails } from '../../contract/permissions';
import { server } from './msw';
import { renderInApp } from './render';

const base = '*/studio/report/api/report/projects/p-1/';
const all = scopeDetails('project');

const filterGroups = [
  {
    id: 1,
    name: '年份',
    origin: '报告',
    group_id: null,
    tags: [11, 12],
    labels: [
      { id: 11, name: '2023', label_group: 5, label_group_name: '时间' },
      { id: 12, name: '2024', label_group: 5, label_group_name: '时间' },
    ],
    data_fields: null,
  },
  {
    id: 2,
    name: '区域',
    origin: '报告',
    group_id: null,
    tags: [21],
    labels: [{ id: 21, name: '东城区', label_group: 6, label_group_name: '区域' }],
    data_fields: null,
  },
];

const labels = [
  { id: 11, name: '2023', label_group: 5, label_group_name: '时间', origin: '报告' },
  { id: 12, name: '2024', label_group: 5, label_group_name: '时间', origin: '报告' },
  { id: 21, name: '东城区', label_group: 6, label_group_name: '区域', origin: '报告' },
];

function serve(results = filterGroups) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get(`${base}filter_label_setting/`, ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      return HttpResponse.json({ results });
    }),
    http.get(`${base}label/`, () => HttpResponse.json({ count: labels.length, results: labels })),
  );
  return queries;
}

interface Options {
  permissions?: string[];
  origin?: EntityName;
  groupId?: number;
}

function mount({ permissions = all, origin = '报告', groupId }: Options = {}) {
  const onFilter = vi.fn();
  const onReset = vi.fn();
  function Host() {
    const [value, setValue] = useState<number[]>([]);
    return (
      <TagFilterPanel
        projectUuid="p-1"
        origin={origin}
        groupId={groupId}
        can={(resource, action) => isAllowed(resource, action, permissions)}
        value={value}
        onChange={setValue}
        onFilter={onFilter}
        onReset={onReset}
      />
    );
  }
  const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
  return { user, onFilter, onReset, ...renderInApp(<Host />) };
}

const checkable = (text: string) => screen.getByText(text).closest('.ant-tag-checkable') as HTMLElement;
const filterButton = () => screen.getByRole('button', { name: /^筛\s?选$/ });
const isChecked = (text: string) => checkable(text).classList.contains('ant-tag-checkable-checked');

describe('TagFilterPanel', () => {
  it('shows one row per filter group with its labels', async () => {
    const queries = serve();
    mount({ groupId: 3 });
    const row = await screen.findByRole('group', { name: '年份' });
    expect(within(row).getByText('全部报告')).toBeInTheDocument();
    expect(within(row).getByText('2023')).toBeInTheDocument();
    expect(within(row).getByText('2024')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: '区域' })).getByText('东城区')).toBeInTheDocument();
    expect(queries[0].get('origin')).toBe('报告');
    expect(queries[0].get('group_id')).toBe('3');
  });

  it('names the all option after materials', async () => {
    serve();
    mount({ origin: '素材' });
    const row = await screen.findByRole('group', { name: '年份' });
    expect(within(row).getByText('全部素材')).toBeInTheDocument();
  });

  it('filters by the checked labels, clears a row and resets', async () => {
    serve();
    const { user, onFilter, onReset } = mount();
    await screen.findByText('2023');
    expect(isChecked('2023')).toBe(false);
    await user.click(screen.getByText('2023'));
    await user.click(screen.getByText('东城区'));
    expect(isChecked('2023')).toBe(true);
    await user.click(filterButton());
    expect(onFilter).toHaveBeenLastCalledWith([11, 21]);

    // 全部报告 of the year row clears only that row.
    await user.click(within(screen.getByRole('group', { name: '年份' })).getByText('全部报告'));
    expect(isChecked('2023')).toBe(false);
    expect(isChecked('东城区')).toBe(true);

    await user.click(screen.getByRole('button', { name: /^重\s?置$/ }));
    expect(onReset).toHaveBeenCalledTimes(1);
    expect(isChecked('东城区')).toBe(false);
    await user.click(filterButton());
    expect(onFilter).toHaveBeenLastCalledWith([]);
  });

  it('collapses and opens again', async () => {
    serve();
    const { user } = mount();
    await screen.findByText('2023');
    await user.click(screen.getByRole('button', { name: /收起/ }));
    expect(screen.queryByText('2023')).toBeNull();
    await user.click(screen.getByRole('button', { name: /展开/ }));
    expect(await screen.findByText('2023')).toBeInTheDocument();
  });

  it('asks for configuration when there is no filter group', async () => {
    serve([]);
    mount();
    expect(await screen.findByText('暂未配置标签筛选，请进行配置后筛选')).toBeInTheDocument();
  });

  it('renders nothing without the view permission', async () => {
    const queries = serve();
    const { container } = mount({ permissions: all.filter((p) => p !== 'report.labelgroup.view_labelgroup') });
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Inside antd's App element, as in the app.
    expect(container.querySelector('.ant-app')).toBeEmptyDOMElement();
    expect(queries).toHaveLength(0);
  });

  it('hides 新增 in the settings dialog without create_labelgroup', async () => {
    serve();
    const { user } = mount({ permissions: all.filter((p) => p !== 'report.labelgroup.create_labelgroup') });
    await screen.findByText('2023');
    await user.click(screen.getByRole('button', { name: '筛选设置' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('年份')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /新\s?增/ })).toBeNull();
    expect(within(dialog).getAllByRole('button', { name: /编\s?辑/ })).toHaveLength(2);
  });

  it('adds a filter group with the right body', async () => {
    serve();
    const posted: unknown[] = [];
    server.use(
      http.post(`${base}filter_label_setting/`, async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json({ id: 3 }, { status: 201 });
      }),
    );
    const { user } = mount({ groupId: 7 });
    await screen.findByText('2023');
    await user.click(screen.getByRole('button', { name: '筛选设置' }));
    const settings = await screen.findByRole('dialog');
    await user.click(within(settings).getByRole('button', { name: /新\s?增/ }));
    const name = await screen.findByPlaceholderText('请输入筛选组名称');
    await user.type(name, '重点');
    const editor = name.closest('.ant-modal') as HTMLElement;
    await user.click(within(editor).getByRole('combobox'));
    await user.click(await screen.findByTitle('2024'));
    await user.click(await screen.findByTitle('东城区'));
    await user.click(within(editor).getByRole('button', { name: /确\s?定|OK/ }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({ name: '重点', origin: '报告', group_id: 7, tags: [12, 21] });
    expect(await screen.findByText('数据保存成功!')).toBeInTheDocument();
  });

  it('deletes a filter group', async () => {
    serve();
    const deleted: string[] = [];
    server.use(
      http.delete(`${base}filter_label_setting/:id/`, ({ params }) => {
        deleted.push(String(params.id));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = mount();
    await screen.findByText('2023');
    await user.click(screen.getByRole('button', { name: '筛选设置' }));
    const settings = await screen.findByRole('dialog');
    await user.click(within(settings).getAllByRole('button', { name: /^删\s?除$/ })[1]);
    await user.click(await screen.findByRole('button', { name: /确\s?定|OK/ }));
    await waitFor(() => expect(deleted).toEqual(['2']));
    expect(await screen.findByText('删除成功')).toBeInTheDocument();
  });

  it('deletes the checked filter groups at once with filter_label_setting/bulk_delete/', async () => {
    serve();
    const posted: unknown[] = [];
    server.use(
      http.post(`${base}filter_label_setting/bulk_delete/`, async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json({ code: 200, message: '批量删除成功!', data: { deleted: 2 } });
      }),
    );
    const { user } = mount();
    await screen.findByText('2023');
    await user.click(screen.getByRole('button', { name: '筛选设置' }));
    const settings = await screen.findByRole('dialog');
    const bulk = within(settings).getByRole('button', { name: '批量删除' });
    expect(bulk).toBeDisabled();
    for (const box of within(settings).getAllByRole('checkbox').slice(1)) await user.click(box);
    await user.click(bulk);
    await user.click(await screen.findByRole('button', { name: /确\s?定|OK/ }));
    await waitFor(() => expect(posted).toEqual([{ ids: [1, 2] }]));
    expect(await screen.findByText('批量删除成功!')).toBeInTheDocument();
  });

  it('opens the filter-group form above the settings dialog', async () => {
    serve();
    const { user } = mount();
    await screen.findByText('2023');
    await user.click(screen.getByRole('button', { name: '筛选设置' }));
    const settings = await screen.findByRole('dialog');
    await user.click(within(settings).getAllByRole('button', { name: /编\s?辑/ })[0]);
    const editor = (await screen.findByPlaceholderText('请输入筛选组名称')).closest('.ant-modal-root') as HTMLElement;
    const settingsRoot = settings.closest('.ant-modal-root') as HTMLElement;
    // Dialogs of equal z-index stack in document order: the later one is on top.
    expect(settingsRoot.compareDocumentPosition(editor) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
