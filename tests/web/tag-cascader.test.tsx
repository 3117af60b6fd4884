import { screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { TagCascader, buildOptions } from '../../src/pages/library/tag-cascader';
import { server } from './msw';
import { renderInApp } from './render';

const base = '*/studio/report/api/report/projects/p-1/';
const groups = [
  { id: 5, name: '时间', label_num: 2 },
  { id: 6, name: '区域', label_num: 0 },
];
const labels = [
  { id: 11, name: '2023年', label_group: 5, label_group_name: '时间', origin: '报告' },
  { id: 12, name: '2024年', label_group: 5, label_group_name: '时间', origin: '报告' },
  { id: 31, name: '重点', label_group: null, label_group_name: null, origin: '报告' },
];

function serve() {
  const calls = { groups: 0, labels: [] as URLSearchParams[] };
  server.use(
    http.get(`${base}label_group/`, () => {
      calls.groups += 1;
      return HttpResponse.json({ results: groups });
    }),
    http.get(`${base}label/`, ({ request }) => {
      calls.labels.push(new URL(request.url).searchParams);
      return HttpResponse.json({ count: labels.length, results: labels });
    }),
  );
  return calls;
}

describe('TagCascader', () => {
  it('builds groups, their labels and 未分组', () => {
    const options = buildOptions(groups, labels as never);
    expect(options.map((o) => o.label)).toEqual(['时间', '区域', '未分组']);
    expect(options[0].children?.map((c) => c.value)).toEqual([11, 12]);
    expect(options[1].disabled).toBe(true);
    expect(options[2].children?.map((c) => c.label)).toEqual(['重点']);
  });

  it('lists groups and labels once and answers [group, label] pairs', async () => {
    const calls = serve();
    const onChange = vi.fn();
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    const { container, rerender } = renderInApp(<TagCascader projectUuid="p-1" origin="报告" value={[]} onChange={onChange} />);
    await waitFor(() => expect(calls.labels).toHaveLength(1));
    expect(calls.labels[0].get('origin')).toBe('报告');
    expect(calls.labels[0].get('limit')).toBe('1000');

    await user.click(container.querySelector('.ant-select-selector') as HTMLElement);
    await user.click(await screen.findByText('时间'));
    expect(await screen.findByText('2023年')).toBeInTheDocument();
    await user.click(screen.getByText('2024年'));
    expect(onChange).toHaveBeenLastCalledWith([[5, 12]]);

    rerender(<TagCascader projectUuid="p-1" origin="报告" value={[[5, 12]]} onChange={onChange} />);
    await user.click(screen.getByText('未分组'));
    await user.click(await screen.findByText('重点'));
    expect(onChange).toHaveBeenLastCalledWith([
      [5, 12],
      [0, 31],
    ]);
    expect(calls.groups).toBe(1);
    expect(calls.labels).toHaveLength(1);
  });
});
