import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from './msw';
import { adminDetails, serveProject } from './project-fixtures';
import { openScreen, signIn } from './render';

describe('操作记录', () => {
  it('shows who changed what, before → after, and filters by type', async () => {
    serveProject(adminDetails);
    const queries: URLSearchParams[] = [];
    server.use(
      http.get('*/studio/report/api/report/projects/p-1/activity/', ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        const row = { id: 7, created_at: '2026-12-01 10:00:00', user_uuid: 'u-1', user_name: '演示用户', action: '修改', target_type: 'report', target_id: '3', target_name: '年度报告', changes: { name: ['旧名', '年度报告'] } };
        return HttpResponse.json({ code: 200, result: { data: [row], pageNo: 1, pageSize: 20, total: 1, more: false } });
      }),
    );
    signIn();
    const { user } = openScreen('#/projectSetting/p-1/activity');
    const line = (await screen.findByText('报告：年度报告')).closest('tr') as HTMLElement;
    expect(line).toHaveTextContent('名称：旧名 → 年度报告');
    expect(line).toHaveTextContent('报告：年度报告');
    expect(line).toHaveTextContent('演示用户');
    await user.click(screen.getByText('类型'));
    await user.click(await screen.findByTitle('标签分组'));
    await waitFor(() => expect(queries.at(-1)?.get('target_type')).toBe('label_group'));
    expect(queries.at(-1)?.get('pageNo')).toBe('1');
  });
});
