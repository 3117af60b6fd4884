import { screen, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { expect } from 'vitest';
import type { LibraryItem } from '../../src/pages/library/types';
import { server } from './msw';

export const base = '*/studio/report/api/report/projects/p-1';

export const label = (id: number, name: string, group = 1) => ({ id, name, label_group: group, extra_info: {} });

export function item(id: number, name: string, extra: Partial<LibraryItem> = {}): LibraryItem {
  return {
    id,
    name,
    create_user: 'demo',
    cover: '',
    file: `/api/uploader/v1/files/${id}/${encodeURIComponent(name)}.pdf`,
    real_file_name: `${name}.pdf`,
    group_id: -1,
    thumbnail: null,
    labels: [],
    created_at: `2024-03-0${id % 9 || 1} 09:30:00`,
    updated_at: '2024-03-10 10:00:00',
    ...extra,
  };
}

export const group = (id: number, name: string, num = 0, sorted = id) => ({ id, name, num, sorted, user_uuid: 'u-1' });

export interface LibraryCalls {
  lists: URLSearchParams[];
  puts: { path: string; body: unknown }[];
  posts: { path: string; body: unknown }[];
}

interface Options {
  items?: LibraryItem[];
  groups?: ReturnType<typeof group>[];
  /** Answers report_list after this many milliseconds ('infinite': never). */
  listDelay?: number | 'infinite';
}

/**
 * Serves one library kind ('report' or 'material') of project p-1: its list (filtered by
 * group and name, paged), its groups, and records each write. Writes answer code 200 with
 * the server's messages unless a test replaces them.
 */
export function serveLibrary(kind: 'report' | 'material', options: Options = {}): LibraryCalls {
  const calls: LibraryCalls = { lists: [], puts: [], posts: [] };
  const items = options.items ?? [];
  const groups = options.groups ?? [];
  const itemBase = `${base}/${kind}`;
  const groupBase = `${base}/${kind}_group`;
  const ok = (message: string, data: unknown = null) => HttpResponse.json({ code: 200, message, data });
  const recordPut = (message: string) => async ({ request }: { request: Request }) => {
    calls.puts.push({ path: new URL(request.url).pathname, body: await request.json() });
    return ok(message);
  };
  const recordPost = (message: string) => async ({ request }: { request: Request }) => {
    const body = (await request.json()) as { ids?: string };
    calls.posts.push({ path: new URL(request.url).pathname, body });
    // A batch delete answers the count in `data`, as the server does.
    return ok(message, body.ids === undefined ? null : { deleted: body.ids.split(',').length });
  };
  server.use(
    http.get(`${itemBase}/report_list/`, async ({ request }) => {
      const query = new URL(request.url).searchParams;
      calls.lists.push(query);
      if (options.listDelay !== undefined) await delay(options.listDelay);
      const groupId = Number(query.get('group_id') ?? -1);
      const name = query.get('name') ?? '';
      const matching = items.filter((it) => (groupId === -1 || it.group_id === groupId) && it.name.includes(name));
      const pageNo = Number(query.get('pageNo') ?? 1);
      const pageSize = Number(query.get('pageSize') ?? 10);
      const data = matching.slice((pageNo - 1) * pageSize, pageNo * pageSize);
      return HttpResponse.json({ code: 200, result: { data, pageNo, pageSize, total: matching.length } });
    }),
    http.get(`${groupBase}/group_list/`, () =>
      HttpResponse.json({ code: 200, data: groups, total_report_number: items.length }),
    ),
    http.get(`${base}/filter_label_setting/`, () => HttpResponse.json({ results: [] })),
    http.post(`${groupBase}/group_create/`, recordPost('新增分组成功')),
    http.put(`${groupBase}/batch_edit/`, recordPut('排序成功')),
    http.put(`${groupBase}/:id/`, recordPut('修改分组名称成功')),
    http.post(`${groupBase}/batch_delete/`, recordPost('批量删除成功!')),
    http.put(`${itemBase}/batch_remove_edit/`, async ({ request }) => {
      const body = (await request.json()) as { group_id: number };
      calls.puts.push({ path: new URL(request.url).pathname, body });
      return ok(Number(body.group_id) === -1 ? '批量移出成功' : '批量移动成功');
    }),
    http.post(`${itemBase}/batch_delete/`, recordPost('批量删除成功!')),
  );
  return calls;
}

/** The card of an item, by its name. */
export const card = async (name: string) =>
  (await screen.findByText(name, { selector: '.library-card__name, .library-card__name *' })).closest('.library-card') as HTMLElement;

/** The confirmation dialog showing this text; answers its OK button. */
export async function confirmButton(text: string | RegExp): Promise<HTMLElement> {
  const content = await screen.findByText(text);
  const modal = content.closest('.ant-modal') as HTMLElement;
  expect(modal).not.toBeNull();
  return within(modal).getByRole('button', { name: /确\s*定|OK/ });
}
