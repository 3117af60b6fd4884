import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { adminDetails, serveProject } from './project-fixtures';
import { base, card, item, serveLibrary } from './library-fixtures';
import { server } from './msw';
import { openScreen, signIn } from './render';

const hit = item(3, '湿地调查报告', {
  content_state: 'indexed',
  content_reason: null,
  page: 2,
  snippet: '…湿地公园的<em>萤火虫</em>观测点 &lt;script&gt;alert(1)&lt;/script&gt;<img src=x onerror=alert(1)>',
});
const scanned = item(4, '扫描报告', { content_state: 'unreadable', content_reason: '扫描页未识别：未开启文字识别（OCR）' });

describe('全文检索', { timeout: 45_000 }, () => {
  it('searches the reports’ text, shows each hit’s page and marked text safely, re-runs a 未识别 report and opens a hit at its page', async () => {
    serveProject(adminDetails);
    const calls = serveLibrary('report', { items: [hit, scanned] });
    const reindexed: string[] = [];
    server.use(
      http.post(`${base}/report/:id/content/reindex/`, ({ params }) => {
        reindexed.push(String(params.id));
        return HttpResponse.json({ code: 200, message: '已重新加入识别队列', data: { ...scanned, content_state: 'queued' } });
      }),
    );
    signIn();
    const { user } = openScreen('#/main/p-1/reportList');
    const scannedCard = await card('扫描报告');
    expect(within(scannedCard).getByText('未识别')).toBeInTheDocument();

    await user.click(screen.getByText('全文'));
    await user.click(screen.getByLabelText('搜索'));
    await user.type(screen.getByPlaceholderText('请输入要检索的文字'), '萤火虫{Enter}');
    await waitFor(() => expect(calls.lists.at(-1)?.get('content')).toBe('萤火虫'));
    expect(window.location.hash).toContain('content=');

    const found = await card('湿地调查报告');
    expect(within(found).getByText('第 2 页')).toBeInTheDocument();
    const mark = within(found).getByText('萤火虫', { selector: 'em' });
    expect(mark.closest('.library-hit__snippet')).not.toBeNull();
    // The file's own markup stays text: no element but the hit's <em>.
    expect(found.querySelector('.library-hit__snippet script, .library-hit__snippet img')).toBeNull();
    expect(within(found).getByText(/<script>alert\(1\)<\/script>/)).toBeInTheDocument();

    await user.click(within(await card('扫描报告')).getByText('重新识别'));
    await waitFor(() => expect(reindexed).toEqual(['4']));
    expect(await within(await card('扫描报告')).findByText('排队中')).toBeInTheDocument();

    await user.click(within(found).getByText('湿地调查报告'));
    await waitFor(() => expect(window.location.hash).toContain('reportDetail'));
    const opened = new URLSearchParams(window.location.hash.split('?')[1]);
    expect(opened.get('page')).toBe('2');
    expect(opened.get('highlight')).toBe('萤火虫');
  });

  it('shows the hits in the list view right after the name, where they are seen without scrolling', async () => {
    serveProject(adminDetails);
    serveLibrary('report', { items: [hit] });
    signIn();
    const headers = async () => (await screen.findAllByRole('columnheader')).map((cell) => cell.textContent).filter(Boolean);
    const { unmount } = openScreen(`#/main/p-1/reportList?view=list&content=${encodeURIComponent('萤火虫')}`);
    expect(await screen.findByText('第 2 页')).toBeInTheDocument();
    expect((await headers()).slice(0, 3)).toEqual(['序号', '名称', '内容']);
    unmount();

    openScreen('#/main/p-1/reportList?view=list');
    await screen.findByText('湿地调查报告');
    expect((await headers()).slice(-2)).toEqual(['内容', '操作']);
  });
});
