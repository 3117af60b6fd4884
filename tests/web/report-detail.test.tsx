import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server } from './msw';
import { adminDetails, serveProject } from './project-fixtures';
import { openApp, openScreen, signIn } from './render';

const renderAsync = vi.fn(async (_data: ArrayBuffer, body: HTMLElement) => {
  body.innerHTML = '<p>Word 文档正文</p>';
});
vi.mock('docx-preview', () => ({ renderAsync: (...args: [ArrayBuffer, HTMLElement]) => renderAsync(...args) }));

const base = '*/studio/report/api/report/projects/p-1';
const pdfUrl = `/api/uploader/v1/files/7/${encodeURIComponent('体检报告.pdf')}`;

function query(values: Record<string, string>) {
  return new URLSearchParams(values).toString();
}

const reportQuery = {
  id: '7',
  name: '2024 年城市体检报告',
  create_user: '张三',
  file: pdfUrl,
  cover: '/covers/default-2.png',
  real_file_name: '体检报告.pdf',
  labels: '生态宜居,健康舒适',
};

/** GET report/{id}/ answers the stored report; records the ids asked for. */
function serveReport(overrides: Record<string, unknown> = {}) {
  const asked: string[] = [];
  server.use(
    http.get(`${base}/report/:id/`, ({ params }) => {
      asked.push(String(params.id));
      return HttpResponse.json({
        code: 200,
        message: '操作成功',
        data: {
          id: 7, name: '2024 年城市体检报告', create_user: '张三', cover: '/covers/default-2.png', file: pdfUrl, real_file_name: '体检报告.pdf',
          group_id: -1, created_at: '2024-03-01 09:30:00', updated_at: '2024-03-05 18:00:00',
          labels: [
            { id: 31, name: '生态宜居', label_group: null },
            { id: 33, name: '安全韧性', label_group: null },
          ],
          ...overrides,
        },
      });
    }),
  );
  return asked;
}

/** Opens the detail screen; `inApp` for a test of the side menu around it. */
function open(route: string, values: Record<string, string>, inApp = false) {
  serveProject(adminDetails);
  signIn();
  return (inApp ? openApp : openScreen)(`#${route}?${query(values)}`);
}

const info = () => screen.getByText('报告信息').closest('.ant-card') as HTMLElement;
const row = (label: string) => within(info()).getByText(label).closest('tr') as HTMLElement;

describe('report detail', () => {
  it('shows the query values, then the stored dates and labels of GET {id}/', async () => {
    const asked = serveReport();
    open('/report/p-1/reportDetail', reportQuery);
    expect(await screen.findByRole('heading', { name: '2024 年城市体检报告' })).toBeInTheDocument();
    expect(within(row('创建人')).getByText('张三')).toBeInTheDocument();
    expect(await within(row('更新时间')).findByText('2024-03-05 18:00:00')).toBeInTheDocument();
    expect(within(row('创建时间')).getByText('2024-03-01 09:30:00')).toBeInTheDocument();
    expect(within(row('标签')).getByText('安全韧性')).toBeInTheDocument();
    expect(within(row('标签')).queryByText('健康舒适')).not.toBeInTheDocument();
    expect(within(info()).getByAltText('2024 年城市体检报告封面')).toHaveAttribute('src', '/covers/default-2.png');
    expect(asked).toEqual(['7']);
  });

  it('shows the first page the server drew as the cover of a report without one of its own, as its card does', async () => {
    serveReport({ thumbnail: `${pdfUrl}?format=thumbnail` });
    open('/report/p-1/reportDetail', reportQuery);
    await waitFor(() => expect(within(info()).getByAltText('2024 年城市体检报告封面').getAttribute('src')).toContain('format=thumbnail'));
  });

  it('reads the same parameters under /cstjPage/{projectId}/statisticsDetail, and keeps them when there is no id', async () => {
    const { id: _id, ...withoutId } = reportQuery;
    open('/cstjPage/p-1/statisticsDetail', withoutId);
    expect(await screen.findByRole('heading', { name: '2024 年城市体检报告' })).toBeInTheDocument();
    expect(within(row('标签')).getByText('生态宜居')).toBeInTheDocument();
    expect(within(row('标签')).getByText('健康舒适')).toBeInTheDocument();
    expect(within(row('更新时间')).getByText('-')).toBeInTheDocument();
  });

  it('keeps the list it belongs to highlighted in the side menu', async () => {
    serveReport();
    const selected = (name: string) => screen.getByRole('menuitem', { name }).classList.contains('ant-menu-item-selected');
    open('/report/p-1/reportDetail', reportQuery, true);
    expect(await screen.findByRole('heading', { name: '2024 年城市体检报告' })).toBeInTheDocument();
    expect(selected('报告管理')).toBe(true);
  });

  it('under /cstjPage highlights the results list it was opened from', async () => {
    serveReport();
    const selected = (name: string) => screen.getByRole('menuitem', { name }).classList.contains('ant-menu-item-selected');
    open('/cstjPage/p-1/statisticsDetail', { ...reportQuery, from: 'singleReportList' }, true);
    expect(await screen.findByRole('heading', { name: '2024 年城市体检报告' })).toBeInTheDocument();
    expect(selected('单体报告列表')).toBe(true);
    expect(selected('成果统计')).toBe(false);
  });

  it('under /cstjPage highlights 报告列表 when it does not say where it was opened from', async () => {
    serveReport();
    const selected = (name: string) => screen.getByRole('menuitem', { name }).classList.contains('ant-menu-item-selected');
    open('/cstjPage/p-1/statisticsDetail', reportQuery, true);
    expect(await screen.findByRole('heading', { name: '2024 年城市体检报告' })).toBeInTheDocument();
    expect(selected('报告列表')).toBe(true);
  });

  it('renders a PDF inline, page by page, and downloads it under its real name', async () => {
    serveReport();
    open('/report/p-1/reportDetail', reportQuery);
    const document = await screen.findByRole('document', { name: 'PDF' });
    expect(document).toHaveAttribute('data-file', pdfUrl);
    expect(await screen.findByText('PDF 第 1 页')).toBeInTheDocument();
    expect(screen.getByText('PDF 第 2 页')).toBeInTheDocument();
    // Page 3 is neither in view nor next to it: only its placeholder.
    expect(screen.queryByText('PDF 第 3 页')).not.toBeInTheDocument();
    expect(document.querySelector('[data-page="3"]')).toHaveTextContent('3');

    const download = screen.getByRole('link', { name: /下\s*载/ });
    expect(download).toHaveAttribute('href', `${pdfUrl}?download=1`);
    expect(download).toHaveAttribute('download', '体检报告.pdf');
    expect(screen.getByRole('button', { name: '回到顶部' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '滚动到底部' })).toBeInTheDocument();
  });

  it('says 该文件类型暂不支持预览! for other file types', async () => {
    serveReport({ file: '/api/uploader/v1/files/8/data.xlsx', real_file_name: 'data.xlsx' });
    open('/report/p-1/reportDetail', { ...reportQuery, file: '/api/uploader/v1/files/8/data.xlsx', real_file_name: 'data.xlsx' });
    expect(await screen.findByText('该文件类型暂不支持预览!')).toBeInTheDocument();
    expect(screen.queryByRole('document')).not.toBeInTheDocument();
  });

  it('shows a Word file through its PDF conversion when there is one, else docx-preview', async () => {
    const word = `/api/uploader/v1/files/9/${encodeURIComponent('方案.docx')}`;
    serveReport({ file: word, real_file_name: '方案.docx' });
    let converted = true;
    server.use(
      http.get('*/api/uploader/v1/projects/p-1/file_upload/9/', () =>
        HttpResponse.json({ id: 9, url: word, name: '方案.docx', transcode: converted ? 'done' : 'unavailable', status: converted ? 0 : null, pdf_url: converted ? `${word}?format=pdf` : null }),
      ),
      http.get('*/api/uploader/v1/files/9/:name', () => new HttpResponse('PK', { headers: { 'Content-Type': 'application/octet-stream' } })),
    );
    const { unmount } = open('/report/p-1/reportDetail', { ...reportQuery, file: word, real_file_name: '方案.docx' });
    expect(await screen.findByRole('document', { name: 'PDF' })).toHaveAttribute('data-file', `${word}?format=pdf`);
    unmount();

    converted = false;
    open('/report/p-1/reportDetail', { ...reportQuery, file: word, real_file_name: '方案.docx' });
    expect(await screen.findByText('Word 文档正文')).toBeInTheDocument();
    expect(renderAsync).toHaveBeenCalled();
    expect(screen.queryByRole('document')).not.toBeInTheDocument();
  });

  it('says a .doc without a conversion cannot be shown', async () => {
    const word = '/api/uploader/v1/files/10/old.doc';
    serveReport({ file: word, real_file_name: 'old.doc' });
    server.use(
      http.get('*/api/uploader/v1/projects/p-1/file_upload/10/', () =>
        HttpResponse.json({ id: 10, url: word, name: 'old.doc', transcode: 'unavailable', status: null, pdf_url: null }),
      ),
    );
    open('/report/p-1/reportDetail', { ...reportQuery, file: word, real_file_name: 'old.doc' });
    expect(await screen.findByText('该文件类型暂不支持预览!')).toBeInTheDocument();
  });

  it('goes back to the report list when opened directly', async () => {
    serveReport();
    const { user } = open('/report/p-1/reportDetail', reportQuery);
    await user.click(await screen.findByRole('button', { name: /返\s*回/ }));
    await waitFor(() => expect(window.location.hash).toBe('#/report/p-1/reportList'));
  });

  it('says 报告不存在或已被删除 for an id the server does not know, with a way back to the list', async () => {
    const asked: string[] = [];
    server.use(
      http.get(`${base}/report/:id/`, ({ params }) => {
        asked.push(String(params.id));
        return HttpResponse.json({ code: 40400, message: '报告不存在' }, { status: 404 });
      }),
    );
    const { user } = open('/report/p-1/reportDetail', { id: '999999999' });
    expect(await screen.findByText('报告不存在或已被删除')).toBeInTheDocument();
    expect(screen.queryByText('报告信息')).not.toBeInTheDocument();
    expect(asked).toEqual(['999999999']);
    await user.click(screen.getByRole('button', { name: '返回报告列表' }));
    await waitFor(() => expect(window.location.hash).toBe('#/report/p-1/reportList'));
  });

  it('says 报告不存在或已被删除 for an id that cannot be one, or no report at all, without asking the server', async () => {
    const asked = serveReport();
    open('/cstjPage/p-1/statisticsDetail', { id: 'abc', name: '2024 年城市体检报告' });
    expect(await screen.findByText('报告不存在或已被删除')).toBeInTheDocument();
    expect(screen.queryByText('报告信息')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '返回报告列表' })).toBeInTheDocument();
    cleanup();
    openScreen('#/report/p-1/reportDetail');
    expect(await screen.findByText('报告不存在或已被删除')).toBeInTheDocument();
    expect(asked).toEqual([]);
  });
});
