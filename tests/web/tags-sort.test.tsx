import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { row } from './admin-helpers';
import { server } from './msw';
import { adminDetails, serveProject } from './project-fixtures';
import { openScreen, signIn } from './render';

const at = '2024-03-01 09:30:00';
const groups = [
  { id: 1, name: '城市类型', order: 0, label_num: 1 },
  { id: 2, name: '体检维度', order: 1, label_num: 0 },
  { id: 3, name: '报告类型', order: 2, label_num: 0 },
];

/** Serves project p-1's label groups; sort_data answers with `answer` and the groups take the new order when it succeeds. */
function serveGroups(answer: () => Response) {
  let current = groups;
  const sorted: unknown[] = [];
  const base = '*/studio/report/api/report/projects/p-1';
  server.use(
    http.get(`${base}/label_group/`, () => HttpResponse.json({ results: current, total_label: 1 })),
    http.get(`${base}/label/`, () =>
      HttpResponse.json({
        count: 1, next: null, previous: null,
        results: [{ id: 1, name: '超大城市', origin: '报告', type: '原子标签', label_group: 1, label_group_name: '城市类型', extra_info: {}, created_at: at, updated_at: at }],
      }),
    ),
    http.post(`${base}/label_group/sort_data/`, async ({ request }) => {
      const ids = (await request.json()) as number[];
      sorted.push(ids);
      const response = answer();
      if (response.ok) current = ids.map((id, order) => ({ ...groups.find((g) => g.id === id)!, order }));
      return response;
    }),
  );
  return sorted;
}

/** The group names of the side list, top to bottom. */
const shownOrder = () =>
  [...document.querySelectorAll('[aria-label^="拖动排序："]')].map((handle) => handle.getAttribute('aria-label')!.slice(5));

// jsdom lays nothing out; dnd-kit's keyboard sensor moves by the rows' boxes, so each row of
// the side list gets a 40px tall box by its place in the list.
beforeEach(() => {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const item = this.closest('.ant-list-item');
    const top = item?.parentElement ? [...item.parentElement.children].indexOf(item) * 40 : 0;
    return { x: 0, y: top, top, left: 0, width: 240, height: 40, right: 240, bottom: top + 40, toJSON: () => ({}) } as DOMRect;
  });
});
afterEach(() => vi.restoreAllMocks());

async function moveDown(groupName: string) {
  serveProject(adminDetails);
  signIn();
  const { user } = openScreen('#/main/p-1/tags');
  await row('超大城市');
  await user.click(screen.getByLabelText('管理分组'));
  expect(shownOrder()).toEqual(['城市类型', '体检维度', '报告类型']);
  screen.getByLabelText(`拖动排序：${groupName}`).focus();
  await user.keyboard(' ');
  await user.keyboard('{ArrowDown}');
  await user.keyboard(' ');
}

describe('标签分组拖动排序', () => {
  it('moves a group with the keyboard and sends every id in the new order', async () => {
    const sorted = serveGroups(() => HttpResponse.json({ code: 200, message: '排序成功', data: null }));
    await moveDown('城市类型');
    expect(await screen.findByText('排序成功')).toBeInTheDocument();
    expect(sorted).toEqual([[2, 1, 3]]);
    expect(shownOrder()).toEqual(['体检维度', '城市类型', '报告类型']);
  });

  it('puts the old order back and shows the server\'s message when saving fails', async () => {
    const sorted = serveGroups(() => HttpResponse.json({ code: 400, message: '请提交本项目全部标签分组的新顺序' }, { status: 400 }));
    await moveDown('体检维度');
    expect(await screen.findByText('请提交本项目全部标签分组的新顺序')).toBeInTheDocument();
    expect(sorted).toEqual([[1, 3, 2]]);
    await waitFor(() => expect(shownOrder()).toEqual(['城市类型', '体检维度', '报告类型']));
    expect(screen.queryByText('排序成功')).not.toBeInTheDocument();
  });
});
