import { render, screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { Form } from 'antd';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ReportFileUpload, type ReportFileUploadProps, type ReportFileValue } from '../../src/pages/library/uploads/report-file-upload';
import { server } from './msw';
import { signIn } from './render';

const MB = 1024 * 1024;
const PDF = '%PDF-1.4\n';

function fileOf(name: string, size?: number): File {
  const file = new File([PDF], name, { type: name.endsWith('.pdf') ? 'application/pdf' : '' });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}

function ReportForm({ onValues, ...props }: ReportFileUploadProps & { onValues: (values: { file?: ReportFileValue }) => void }) {
  return (
    <Form onValuesChange={(_, values) => onValues(values)}>
      <Form.Item name="file" label="报告文件">
        <ReportFileUpload {...props} />
      </Form.Item>
    </Form>
  );
}

function mount(props: ReportFileUploadProps = {}) {
  const values: { file?: ReportFileValue }[] = [];
  const user = userEvent.setup({ applyAccept: false, pointerEventsCheck: PointerEventsCheckLevel.Never });
  const view = render(<ReportForm {...props} onValues={(v) => values.push(v)} />);
  const choose = (file: File) => user.upload(view.container.querySelector('input[type="file"]') as HTMLInputElement, file);
  return { user, values, choose, ...view };
}

const fileInfo = (id: number, name: string, extra: object = {}) => ({
  id,
  url: `/api/uploader/v1/files/${id}/${encodeURIComponent(name)}`,
  name,
  size: 9,
  mime: 'application/pdf',
  sha256: 'b'.repeat(64),
  project_uuid: null,
  transcode: 'none',
  status: null,
  pdf_url: null,
  ...extra,
});

interface Seen {
  path: string;
  purpose: string | null;
}

/** Answers each upload with `answer(name)` (201) or the response it returns; records the requests. */
function serveUploads(answer: (id: number) => object | Response) {
  const seen: Seen[] = [];
  const handler = async ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    seen.push({ path: url.pathname, purpose: url.searchParams.get('purpose') });
    const body = answer(seen.length);
    return body instanceof Response ? body : HttpResponse.json(body, { status: 201 });
  };
  server.use(http.post('*/api/uploader/v1/file_upload/', handler), http.post('*/api/uploader/v1/projects/:uuid/file_upload/', handler));
  return seen;
}

const status = () => screen.getByRole('status');

describe('report file upload', () => {
  it('refuses other types, with the half-width message, and docx in the pdf variant', async () => {
    const seen = serveUploads((id) => fileInfo(id, 'a.pdf'));
    const { choose } = mount();
    await choose(fileOf('报告.xlsx'));
    expect(await screen.findByText('请上传正确的文件格式!')).toBeInTheDocument();
    expect(seen).toEqual([]);
    render(<ReportFileUpload pdfOnly />);
    const second = document.querySelectorAll('input[type="file"]')[1] as HTMLInputElement;
    expect(second).toHaveAttribute('accept', '.pdf,application/pdf');
    await userEvent.setup({ applyAccept: false }).upload(second, fileOf('报告.docx'));
    await waitFor(() => expect(screen.getAllByText('请上传正确的文件格式!')).toHaveLength(1));
    expect(seen).toEqual([]);
  });

  it('refuses a file over 40MB', async () => {
    const seen = serveUploads((id) => fileInfo(id, 'a.pdf'));
    const { choose } = mount();
    await choose(fileOf('大报告.pdf', 40 * MB + 1));
    expect(await screen.findByText('上传文件不能超过 40MB!')).toBeInTheDocument();
    expect(seen).toEqual([]);
  });

  it('shows 上传中 N% while uploading, then 上传成功, and gives {url, name} to the form', async () => {
    signIn();
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const seen = serveUploads(() => new Response(null));
    server.use(
      http.post('*/api/uploader/v1/projects/:uuid/file_upload/', async ({ request }) => {
        const url = new URL(request.url);
        seen.push({ path: url.pathname, purpose: url.searchParams.get('purpose') });
        await gate;
        return HttpResponse.json(fileInfo(7, '城市体检报告.pdf', { project_uuid: 'p-1' }), { status: 201 });
      }),
    );
    const { choose, values } = mount({ projectUuid: 'p-1' });
    await choose(fileOf('城市体检报告.pdf'));
    await waitFor(() => expect(status()).toHaveTextContent(/^上传中 \d{1,3}%$/));
    release();
    await waitFor(() => expect(status()).toHaveTextContent(/^上传成功$/));
    const value = { url: `/api/uploader/v1/files/7/${encodeURIComponent('城市体检报告.pdf')}`, name: '城市体检报告.pdf' };
    expect(values.at(-1)).toEqual({ file: value });
    expect(screen.getByRole('link', { name: '城市体检报告.pdf' })).toHaveAttribute('href', value.url);
    expect(seen).toEqual([{ path: '/api/uploader/v1/projects/p-1/file_upload/', purpose: 'report' }]);
  });

  it.each([
    ['status 0', { transcode: 'done', status: 0 }, '上传成功，转码成功'],
    ['status 1', { transcode: 'failed', status: 1 }, '上传成功，转码失败'],
    ['no converter', { transcode: 'unavailable', status: null }, '上传成功'],
  ])('says what became of a Word file: %s', async (_, extra, text) => {
    serveUploads((id) => fileInfo(id, '方案.docx', extra));
    const { choose } = mount({ pollMs: 0 });
    await choose(fileOf('方案.docx'));
    await waitFor(() => expect(status().textContent).toBe(text));
  });

  it('says 上传成功，转码中 while converting, and follows the conversion to its end', async () => {
    serveUploads((id) => fileInfo(id, '方案.docx', { transcode: 'pending', status: null }));
    const asked: string[] = [];
    server.use(
      http.get('*/api/uploader/v1/file_upload/:id/', ({ params }) => {
        asked.push(String(params.id));
        const done = asked.length >= 2;
        return HttpResponse.json(fileInfo(1, '方案.docx', done ? { transcode: 'done', status: 0 } : { transcode: 'pending', status: null }));
      }),
    );
    const { choose } = mount({ pollMs: 30 });
    await choose(fileOf('方案.docx'));
    await waitFor(() => expect(status().textContent).toBe('上传成功，转码中'));
    await waitFor(() => expect(status().textContent).toBe('上传成功，转码成功'));
    expect(asked).toEqual(['1', '1']);
  });

  it('uploads pdf-only files with the report_pdf purpose', async () => {
    const seen = serveUploads((id) => fileInfo(id, 'a.pdf'));
    const { choose } = mount({ pdfOnly: true });
    await choose(fileOf('a.pdf'));
    await waitFor(() => expect(status().textContent).toBe('上传成功'));
    expect(seen).toEqual([{ path: '/api/uploader/v1/file_upload/', purpose: 'report_pdf' }]);
  });

  it('says 上传失败 when the upload fails, the catalogue showing the reason', async () => {
    serveUploads(() => HttpResponse.json({ code: 50000, message: '服务器内部错误' }, { status: 500 }));
    const { choose, values } = mount();
    await choose(fileOf('a.pdf'));
    await waitFor(() => expect(status().textContent).toBe('上传失败'));
    expect(await screen.findByText('接口发生错误')).toBeInTheDocument();
    expect(values).toEqual([]);
  });

  it('removes the file from the form', async () => {
    serveUploads((id) => fileInfo(id, 'a.pdf'));
    const { choose, values, user } = mount();
    await choose(fileOf('a.pdf'));
    await waitFor(() => expect(status().textContent).toBe('上传成功'));
    await user.click(screen.getByRole('button', { name: '删除文件' }));
    expect(values.at(-1)).toEqual({ file: undefined });
    expect(screen.queryByRole('link', { name: 'a.pdf' })).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says when the bytes already are a report of the project: open it, add anyway, or cancel', async () => {
    const same = [{ id: 42, name: '2025年体检报告' }];
    serveUploads((id) => fileInfo(id, '副本.pdf', { same_content: same }));
    const { choose, values, user } = mount({ projectUuid: 'p-1' });
    await choose(fileOf('副本.pdf'));
    expect(await screen.findByText('与「2025年体检报告」内容相同')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /打\s*开/ })).toHaveAttribute('href', '#/report/p-1/reportDetail?id=42');

    await user.click(screen.getByRole('button', { name: '仍然添加' }));
    expect(screen.queryByText('与「2025年体检报告」内容相同')).toBeNull();
    expect(values.at(-1)?.file?.name).toBe('副本.pdf');

    await choose(fileOf('副本.pdf'));
    await user.click(await screen.findByRole('button', { name: /取\s*消/ }));
    expect(values.at(-1)).toEqual({ file: undefined });
    expect(screen.queryByText('与「2025年体检报告」内容相同')).toBeNull();
  });
});
