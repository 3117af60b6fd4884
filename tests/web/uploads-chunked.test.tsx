import { createHash } from 'node:crypto';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ChunkedUpload, type ChunkedFile, type ChunkedUploadProps } from '../../src/pages/library/uploads/chunked-upload';
import { server } from './msw';
import { signIn } from './render';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A PDF-shaped file of `size` bytes with varied content. */
function pdfOf(name: string, size: number): { file: File; sha256: string } {
  const bytes = new Uint8Array(size);
  const head = new TextEncoder().encode('%PDF-1.4\n');
  for (let i = 0; i < size; i++) bytes[i] = i < head.length ? head[i] : (i * 31 + 7) % 251;
  return { file: new File([bytes], name, { type: 'application/pdf' }), sha256: createHash('sha256').update(bytes).digest('hex') };
}

interface ChunkCall {
  fields: string[];
  values: Record<string, string>;
}

type Failure = Response | undefined;

/**
 * The chunked protocol as the server speaks it, recording every request. `fail` may answer
 * a chunk POST instead of the server (its nth attempt of that chunk, counting from 1);
 * `alreadyReceived` is what the server claims to have of a new task.
 */
function serveChunks(
  options: { fail?: (chunk: number, attempt: number) => Failure; alreadyReceived?: number[]; slow?: number; sameContent?: (name: string) => Array<{ id: number; name: string }> } = {},
) {
  const tasks = new Map<string, Set<number>>();
  const chunkCalls: ChunkCall[] = [];
  const gets: { taskId: string; answered: number[] }[] = [];
  const successes: Record<string, unknown>[] = [];
  const attempts = new Map<number, number>();
  let inFlight = 0;
  let maxInFlight = 0;
  const task = (taskId: string) => {
    if (!tasks.has(taskId)) tasks.set(taskId, new Set(options.alreadyReceived ?? []));
    return tasks.get(taskId)!;
  };
  server.use(
    http.get('*/api/uploader/v2/index/', ({ request }) => {
      const taskId = new URL(request.url).searchParams.get('task_id') ?? '';
      const answered = [...task(taskId)].sort((a, b) => a - b);
      gets.push({ taskId, answered });
      return HttpResponse.json({ task_id: taskId, chunks: answered, total_chunks: null });
    }),
    http.post('*/api/uploader/v2/index/', async ({ request }) => {
      const form = await request.formData();
      const values: Record<string, string> = {};
      form.forEach((value, key) => {
        if (typeof value === 'string') values[key] = value;
      });
      chunkCalls.push({ fields: [...form.keys()], values });
      const chunk = Number(values.chunk);
      const attempt = (attempts.get(chunk) ?? 0) + 1;
      attempts.set(chunk, attempt);
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      try {
        await delay(options.slow ?? 5);
        const failure = options.fail?.(chunk, attempt);
        if (failure) return failure;
        task(values.task_id).add(chunk);
        return HttpResponse.json({ tmp_file_name: `${values.task_id}/${chunk}`, chunk });
      } finally {
        inFlight -= 1;
      }
    }),
    http.post('*/api/uploader/v2/success/', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      successes.push(body);
      const id = successes.length;
      const name = String(body.name);
      const url = `/api/uploader/v1/files/${id}/${encodeURIComponent(name)}`;
      const same_content = options.sameContent?.(name) ?? [];
      return HttpResponse.json({ id, url, name, tmp_file_name: url, task_id: body.task_id, upload_id: body.id, transcode: 'none', status: null, same_content });
    }),
  );
  return { chunkCalls, gets, successes, maxInFlight: () => maxInFlight, chunksOf: (taskId: string) => chunkCalls.filter((c) => c.values.task_id === taskId).map((c) => Number(c.values.chunk)) };
}

function mount(props: ChunkedUploadProps = {}) {
  const changes: ChunkedFile[][] = [];
  const user = userEvent.setup({ applyAccept: false, pointerEventsCheck: PointerEventsCheckLevel.Never });
  const view = render(<ChunkedUpload retryDelayMs={10} {...props} onChange={(files) => changes.push(files)} />);
  // rc-upload replaces its input after each choice: look it up every time.
  const input = () => view.container.querySelector('input[type="file"]') as HTMLInputElement;
  const choose = (...files: File[]) => user.upload(input(), files);
  return { user, changes, choose, input, ...view };
}

const row = (name: string) => screen.getByRole('listitem', { name });
const percentOf = (element: HTMLElement) => element.querySelector('.ant-progress-text')?.textContent;

describe('bulk chunked upload', () => {
  it('sends every chunk once, fields in order, at most `parallel` at a time, then joins the file', async () => {
    signIn();
    const seen = serveChunks({ slow: 20 });
    const report = pdfOf('城市体检报告.pdf', 5000);
    const { choose, changes, input } = mount({ chunkBytes: 1024, parallel: 3, projectUuid: 'p-1' });
    expect(input()).toHaveAttribute('accept', '.pdf,.doc,.docx');
    expect(input()).toHaveAttribute('multiple');
    await choose(report.file);
    await waitFor(() => expect(changes.at(-1)).toHaveLength(1));

    const [get] = seen.gets;
    expect(get.taskId).toMatch(UUID);
    expect(get.answered).toEqual([]);
    expect(seen.chunksOf(get.taskId).sort()).toEqual([0, 1, 2, 3, 4]);
    expect(seen.chunkCalls).toHaveLength(5);
    for (const call of seen.chunkCalls) {
      expect(call.fields).toEqual(['task_id', 'chunk', 'chunks', 'size', 'name', 'project_uuid', 'file']);
      expect(call.values).toMatchObject({ task_id: get.taskId, chunks: '5', size: '5000', name: '城市体检报告.pdf', project_uuid: 'p-1' });
    }
    expect(seen.maxInFlight()).toBeLessThanOrEqual(3);
    expect(seen.maxInFlight()).toBeGreaterThan(1);
    expect(seen.successes).toEqual([{ task_id: get.taskId, id: expect.stringMatching(/^WU_FILE_\d+$/), name: '城市体检报告.pdf', sha256: report.sha256 }]);
    expect(changes.at(-1)).toEqual([
      { name: '城市体检报告', url: `/api/uploader/v1/files/1/${encodeURIComponent('城市体检报告.pdf')}`, real_file_name: '城市体检报告.pdf' },
    ]);
    expect(percentOf(row('城市体检报告.pdf'))).toBe('');
    expect(row('城市体检报告.pdf').querySelector('.ant-progress-status-success')).not.toBeNull();
    expect(screen.getByLabelText('总进度').querySelector('.ant-progress-status-success')).not.toBeNull();
  });

  it('uploads several files, each with its own task, names taken from the file names', async () => {
    const seen = serveChunks();
    const { choose, changes } = mount({ chunkBytes: 2048 });
    await choose(pdfOf('一号报告.pdf', 3000).file, pdfOf('二号报告.docx', 1000).file, pdfOf('三号报告.doc', 4096).file);
    await waitFor(() => expect(changes.at(-1)).toHaveLength(3));
    expect(new Set(seen.gets.map((g) => g.taskId)).size).toBe(3);
    expect(seen.chunkCalls).toHaveLength(2 + 1 + 2);
    expect(changes.at(-1)!.map((f) => [f.name, f.real_file_name]).sort()).toEqual([
      ['一号报告', '一号报告.pdf'],
      ['三号报告', '三号报告.doc'],
      ['二号报告', '二号报告.docx'],
    ]);
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
  });

  it('marks a file whose bytes already are a report of the project, and only that one', async () => {
    serveChunks({ sameContent: (name) => (name === '旧报告副本.pdf' ? [{ id: 7, name: '2024年体检报告' }] : []) });
    const { choose, changes } = mount({ chunkBytes: 2048 });
    await choose(pdfOf('旧报告副本.pdf', 1000).file, pdfOf('新报告.pdf', 1000).file);
    await waitFor(() => expect(changes.at(-1)).toHaveLength(2));
    expect(within(row('旧报告副本.pdf')).getByText('与「2024年体检报告」内容相同')).toBeInTheDocument();
    expect(within(row('新报告.pdf')).queryByText(/内容相同/)).toBeNull();
  });

  it('resumes: chunks the server reports as received are not sent', async () => {
    const seen = serveChunks({ alreadyReceived: [0, 2] });
    const { choose, changes } = mount({ chunkBytes: 1024 });
    await choose(pdfOf('续传.pdf', 5000).file);
    await waitFor(() => expect(changes.at(-1)).toHaveLength(1));
    expect(seen.gets).toHaveLength(1);
    expect(seen.chunkCalls.map((c) => Number(c.values.chunk)).sort()).toEqual([1, 3, 4]);
    expect(seen.successes).toHaveLength(1);
  });

  it('after a dropped connection asks again what arrived and sends only the lost chunk, quietly', async () => {
    const seen = serveChunks({ fail: (chunk, attempt) => (chunk === 2 && attempt === 1 ? HttpResponse.error() : undefined) });
    const { choose, changes } = mount({ chunkBytes: 1024 });
    await choose(pdfOf('断线.pdf', 5000).file);
    await waitFor(() => expect(changes.at(-1)).toHaveLength(1));
    expect(seen.gets.map((g) => g.answered)).toEqual([[], [0, 1, 3, 4]]);
    const sent = seen.chunkCalls.map((c) => Number(c.values.chunk));
    expect(sent.slice(0, 5).sort()).toEqual([0, 1, 2, 3, 4]);
    expect(sent.slice(5)).toEqual([2]);
    expect(screen.queryByText('接口发生错误')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('gives up on a chunk after 3 tries: 上传出错！…错误代码 500, and the catalogue says 接口发生错误', async () => {
    const seen = serveChunks({ fail: (chunk) => (chunk === 1 ? HttpResponse.json({ code: 50000, message: '服务器内部错误' }, { status: 500 }) : undefined) });
    const { choose, changes } = mount({ chunkBytes: 1024 });
    await choose(pdfOf('出错.pdf', 3000).file);
    expect(await within(row('出错.pdf')).findByRole('alert')).toHaveTextContent('上传出错！请检查后重新上传！错误代码 500');
    expect(await screen.findByText('接口发生错误')).toBeInTheDocument();
    expect(seen.chunkCalls.filter((c) => c.values.chunk === '1')).toHaveLength(3);
    expect(seen.chunkCalls.filter((c) => c.values.chunk !== '1')).toHaveLength(2);
    expect(seen.gets).toHaveLength(3);
    expect(seen.successes).toEqual([]);
    expect(changes).toEqual([]);
    expect(row('出错.pdf').querySelector('.ant-progress-status-exception')).not.toBeNull();
  });

  it('stops retrying a refused chunk: one reported try after the first, with the server message', async () => {
    const seen = serveChunks({ fail: () => HttpResponse.json({ code: 40301, message: '您暂无上传文件的权限' }, { status: 403 }) });
    const { choose } = mount({ chunkBytes: 4096, projectUuid: 'p-1' });
    await choose(pdfOf('无权.pdf', 1000).file);
    expect(await within(row('无权.pdf')).findByRole('alert')).toHaveTextContent('上传出错！请检查后重新上传！错误代码 403');
    expect(await screen.findByText('您暂无上传文件的权限')).toBeInTheDocument();
    expect(seen.chunkCalls).toHaveLength(2);
  });

  it('retries a failed file from the row, resuming its task', async () => {
    let down = true;
    const seen = serveChunks({ fail: (chunk) => (down && chunk === 1 ? HttpResponse.json({}, { status: 502 }) : undefined) });
    const { choose, changes, user } = mount({ chunkBytes: 1024 });
    await choose(pdfOf('重试.pdf', 2048).file);
    await within(row('重试.pdf')).findByRole('alert');
    down = false;
    await user.click(within(row('重试.pdf')).getByRole('button', { name: /^重\s*试$/ }));
    await waitFor(() => expect(changes.at(-1)).toHaveLength(1));
    expect(new Set(seen.gets.map((g) => g.taskId)).size).toBe(1);
    expect(seen.chunkCalls.filter((c) => c.values.chunk === '0')).toHaveLength(1);
  });

  it('refuses other types and files over 2048000 bytes', async () => {
    const seen = serveChunks();
    const { choose } = mount();
    await choose(new File(['x'], '表格.xlsx'));
    expect(await screen.findByText('请上传正确的文件格式!')).toBeInTheDocument();
    await choose(pdfOf('正好.pdf', 2_048_000).file, pdfOf('太大.pdf', 2_048_001).file);
    expect(await screen.findByText('文件大小不能超过 2M')).toBeInTheDocument();
    await waitFor(() => expect(seen.successes).toHaveLength(1));
    expect(screen.getAllByRole('listitem').map((item) => item.getAttribute('aria-label'))).toEqual(['正好.pdf']);
  });

  it('says 文件上传已达到最大上限数 when the queue is full', async () => {
    serveChunks();
    const { choose, changes } = mount({ maxFiles: 2 });
    await choose(pdfOf('a.pdf', 100).file, pdfOf('b.pdf', 100).file, pdfOf('c.pdf', 100).file);
    expect(await screen.findByText('文件上传已达到最大上限数')).toBeInTheDocument();
    await waitFor(() => expect(changes.at(-1)).toHaveLength(2));
    expect(screen.getAllByRole('listitem').map((item) => item.getAttribute('aria-label'))).toEqual(['a.pdf', 'b.pdf']);
  });

  it('removes a file from the list and from the finished files', async () => {
    serveChunks();
    const { choose, changes, user } = mount();
    await choose(pdfOf('留下.pdf', 100).file, pdfOf('删掉.pdf', 100).file);
    await waitFor(() => expect(changes.at(-1)).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: '移除 删掉.pdf' }));
    expect(changes.at(-1)!.map((f) => f.real_file_name)).toEqual(['留下.pdf']);
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
  });
});
