import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { ItemDialog, type ItemDialogProps } from '../../src/pages/library/item-dialog';
import { MATERIAL_KIND, REPORT_KIND } from '../../src/pages/library/kinds';
import type { LibraryItem } from '../../src/pages/library/types';
import { server } from './msw';
import { renderInApp, signIn } from './render';

const base = '*/studio/report/api/report/projects/p-1';
const groups = [{ id: 5, name: '时间', label_num: 2 }];
const labels = [
  { id: 11, name: '2023年', label_group: 5, origin: '报告' },
  { id: 12, name: '2024年', label_group: 5, origin: '报告' },
  { id: 31, name: '生态宜居', label_group: null, origin: '报告' },
  { id: 32, name: '健康舒适', label_group: null, origin: '报告' },
];

interface Calls {
  /** Names of the next single-file uploads, in order. */
  uploads: string[];
  created: unknown[];
  bulk: unknown[];
  edited: unknown[];
}

/**
 * Labels, uploads and the library writes of project p-1; `answer` replaces the write answers.
 * The first `sameAsExisting` uploads have the bytes of a material the project has.
 */
function serveLibrary(answer?: () => Response, sameAsExisting = 0): Calls {
  const calls: Calls = { uploads: [], created: [], bulk: [], edited: [] };
  let fileId = 0;
  let sent = 0;
  const record = (list: unknown[], ok: () => Response) => async ({ request }: { request: Request }) => {
    list.push(await request.json());
    return answer ? answer() : ok();
  };
  server.use(
    http.get(`${base}/label_group/`, () => HttpResponse.json({ results: groups })),
    http.get(`${base}/label/`, () => HttpResponse.json({ count: labels.length, results: labels })),
    http.get(`${base}/filter_label_setting/`, () =>
      HttpResponse.json({ results: [{ id: 1, name: '研究维度', origin: '报告', tags: [31, 32], labels: labels.slice(2) }] }),
    ),
    http.post('*/api/uploader/v1/projects/p-1/file_upload/', async ({ request }) => {
      // Counted before any wait, so in the order the uploads were sent (jsdom sends no file's bytes to compare).
      const same_content = (sent += 1) <= sameAsExisting ? [{ id: 9, name: '已有素材' }] : [];
      const file = (await request.formData()).get('file') as File;
      // jsdom's FormData sends every file as "blob": the test names the files it uploads.
      const name = calls.uploads.shift() ?? file.name;
      fileId += 1;
      const url = `/api/uploader/v1/files/${fileId}/${encodeURIComponent(name)}`;
      return HttpResponse.json(
        { id: fileId, url, name, size: file.size, mime: file.type, sha256: '', project_uuid: 'p-1', transcode: 'none', status: null, pdf_url: null, same_content },
        { status: 201 },
      );
    }),
    http.post(`${base}/report/report_create/`, record(calls.created, () => HttpResponse.json({ code: 200, message: '新增报告成功', data: {} }, { status: 201 }))),
    http.post(`${base}/material/report_create/`, record(calls.created, () => HttpResponse.json({ code: 200, message: '新增素材成功', data: {} }, { status: 201 }))),
    http.post(`${base}/report/bulk_create/`, record(calls.bulk, () => HttpResponse.json({ code: 200, message: '新增报告成功', data: [] }, { status: 201 }))),
    http.post(`${base}/material/bulk_create/`, record(calls.bulk, () => HttpResponse.json({ code: 200, message: '新增素材成功', data: [] }, { status: 201 }))),
    http.put(`${base}/report/report_edit/`, record(calls.edited, () => HttpResponse.json({ code: 200, message: '数据保存成功!', data: {} }))),
  );
  return calls;
}

/** The chunked protocol in its shortest form: every chunk arrives, success/ answers the file. */
function serveChunks() {
  let id = 100;
  server.use(
    http.get('*/api/uploader/v2/index/', () => HttpResponse.json({ chunks: [] })),
    http.post('*/api/uploader/v2/index/', () => HttpResponse.json({ tmp_file_name: 'chunk' })),
    http.post('*/api/uploader/v2/success/', async ({ request }) => {
      const body = (await request.json()) as { name: string; task_id: string; id: string };
      id += 1;
      const url = `/api/uploader/v1/files/${id}/${encodeURIComponent(body.name)}`;
      return HttpResponse.json({ id, url, name: body.name, tmp_file_name: url, task_id: body.task_id, upload_id: body.id, transcode: 'none', status: null });
    }),
  );
}

function mount(props: Partial<ItemDialogProps> = {}) {
  signIn();
  const onClose = vi.fn();
  const onSaved = vi.fn();
  const user = userEvent.setup({ applyAccept: false, pointerEventsCheck: PointerEventsCheckLevel.Never });
  const all: ItemDialogProps = { kind: REPORT_KIND, projectUuid: 'p-1', mode: 'create', open: true, onClose, onSaved, ...props };
  const view = renderInApp(<ItemDialog {...all} />);
  const rerender = (next: Partial<ItemDialogProps>) => view.rerender(<ItemDialog {...all} {...next} />);
  return { user, onClose, onSaved, rerender };
}

const dialog = () => screen.getByRole('dialog');
/** The form item whose label is `label`. */
const field = (label: string) => within(dialog()).getByText(label, { selector: 'label' }).closest('.ant-form-item') as HTMLElement;
const fileInput = (label: string) => field(label).querySelector('input[type="file"]') as HTMLInputElement;
const pdf = (name: string) => new File(['%PDF-1.4\n'], name, { type: 'application/pdf' });
const png = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });
const submit = (user: ReturnType<typeof userEvent.setup>) => user.click(within(dialog()).getByRole('button', { name: /确\s*定/ }));

/** The bulk upload's overall progress has turned to success. */
const allUploaded = () =>
  waitFor(() => expect(within(field('报告文件')).getByLabelText('总进度').querySelector('.ant-progress-status-success')).not.toBeNull());

async function chooseTag(user: ReturnType<typeof userEvent.setup>, group: string, label: string) {
  await user.click(field('标签').querySelector('.ant-select-selector') as HTMLElement);
  await user.click(await screen.findByText(group, { selector: '.ant-cascader-menu-item-content' }));
  await user.click(await screen.findByText(label, { selector: '.ant-cascader-menu-item-content' }));
}

describe('report dialog', () => {
  it('says what is missing, with the creator filled in as the signed-in user’s display name', async () => {
    serveLibrary();
    const { user } = mount();
    expect(within(dialog()).getByText('新增报告')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByPlaceholderText('请输入创建人')).toHaveValue('演示用户'));
    expect(within(field('封面')).getByRole('radio', { name: '默认封面 1' })).toBeChecked();

    await user.clear(screen.getByPlaceholderText('请输入创建人'));
    await submit(user);
    expect(await screen.findByText('请输入报告名称')).toBeInTheDocument();
    expect(screen.getByText('请输入创建人', { selector: '.ant-form-item-explain-error' })).toBeInTheDocument();
    expect(screen.getByText('请上传报告文件')).toBeInTheDocument();
  });

  it('creates a report in the shown group and tells 新增报告成功', async () => {
    const calls = serveLibrary();
    const { user, onClose, onSaved } = mount({ groupId: 5 });
    await user.type(screen.getByPlaceholderText('请输入报告名称'), '2024 年城市体检报告');
    await user.click(within(field('封面')).getByRole('radio', { name: '默认封面 3' }));
    await chooseTag(user, '时间', '2024年');
    calls.uploads.push('体检报告.pdf');
    await user.upload(fileInput('报告文件'), pdf('体检报告.pdf'));
    expect(await within(field('报告文件')).findByText('上传成功')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByPlaceholderText('请输入创建人')).toHaveValue('演示用户'));
    await submit(user);

    expect(await screen.findByText('新增报告成功')).toBeInTheDocument();
    expect(calls.created).toEqual([
      {
        name: '2024 年城市体检报告',
        create_user: '演示用户',
        cover: '/covers/default-3.png',
        file: `/api/uploader/v1/files/1/${encodeURIComponent('体检报告.pdf')}`,
        real_file_name: '体检报告.pdf',
        group_id: 5,
        tags: [[5, 12]],
      },
    ]);
    expect(onSaved).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows the server message of a refused create and closes', async () => {
    const calls = serveLibrary(() => HttpResponse.json({ code: 400, message: '文件不存在或不属于本项目，请重新上传' }, { status: 400 }));
    const { user, onClose, onSaved } = mount({ groupId: -1 });
    await user.type(screen.getByPlaceholderText('请输入报告名称'), '报告甲');
    await user.upload(fileInput('报告文件'), pdf('甲.pdf'));
    await within(field('报告文件')).findByText('上传成功');
    await submit(user);
    expect(await screen.findByText('文件不存在或不属于本项目，请重新上传')).toBeInTheDocument();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(onSaved).not.toHaveBeenCalled();
    expect(calls.created).toMatchObject([{ name: '报告甲', group_id: -1 }]);
  });

  it('shows the message of an answer whose code is not a success', async () => {
    serveLibrary(() => HttpResponse.json({ code: 500, message: '报告名称重复' }));
    const { user, onClose, onSaved } = mount();
    await user.type(screen.getByPlaceholderText('请输入报告名称'), '报告乙');
    await user.upload(fileInput('报告文件'), pdf('乙.pdf'));
    await within(field('报告文件')).findByText('上传成功');
    await submit(user);
    expect(await screen.findByText('报告名称重复')).toBeInTheDocument();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('says 系统错误, and only that, when the server cannot be reached', async () => {
    serveLibrary(() => HttpResponse.error());
    const { user, onClose } = mount();
    await user.type(screen.getByPlaceholderText('请输入报告名称'), '报告丙');
    await user.upload(fileInput('报告文件'), pdf('丙.pdf'));
    await within(field('报告文件')).findByText('上传成功');
    await submit(user);
    expect(await screen.findByText('系统错误')).toBeInTheDocument();
    expect(screen.queryByText('接口发生错误')).not.toBeInTheDocument();
    // The filled form stays for another try.
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByPlaceholderText('请输入报告名称')).toHaveValue('报告丙');
  });

  it('cancel closes and the next opening starts empty', async () => {
    serveLibrary();
    const { user, onClose, rerender } = mount();
    await user.type(screen.getByPlaceholderText('请输入报告名称'), '未保存的报告');
    await user.click(within(dialog()).getByRole('button', { name: /取\s*消/ }));
    expect(onClose).toHaveBeenCalledTimes(1);
    rerender({ open: false });
    // jsdom runs no animations: end the dialog's leave motion by hand.
    await waitFor(() => {
      document.querySelectorAll('.ant-modal, .ant-modal-mask').forEach((node) => {
        fireEvent.animationEnd(node);
        fireEvent.transitionEnd(node);
      });
      expect(screen.queryByPlaceholderText('请输入报告名称')).not.toBeInTheDocument();
    });
    rerender({ open: true });
    expect(await screen.findByPlaceholderText('请输入报告名称')).toHaveValue('');
  });

  it('edits a report: fields filled from it, PUT report_edit with its id, 数据保存成功!', async () => {
    const calls = serveLibrary();
    const item: LibraryItem = {
      id: 42, name: '旧名称', create_user: '张三', cover: '', file: '/api/uploader/v1/files/9/old.pdf', real_file_name: 'old.pdf', thumbnail: null,
      group_id: -1, labels: [{ id: 11, name: '2023年', label_group: 5, extra_info: {} }], created_at: '2024-03-01 09:30:00', updated_at: '2024-03-01 09:30:00',
    };
    const { user, onSaved } = mount({ mode: 'edit', item });
    expect(within(dialog()).getByText('编辑报告')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('请输入报告名称')).toHaveValue('旧名称');
    expect(screen.getByPlaceholderText('请输入创建人')).toHaveValue('张三');
    expect(within(field('报告文件')).getByText('old.pdf')).toBeInTheDocument();

    // An item without a cover must get one.
    await submit(user);
    expect(await screen.findByText('请上传报告封面')).toBeInTheDocument();
    await user.click(within(field('封面')).getByRole('radio', { name: '默认封面 2' }));
    await user.clear(screen.getByPlaceholderText('请输入报告名称'));
    await user.type(screen.getByPlaceholderText('请输入报告名称'), '新名称');
    await submit(user);
    expect(await screen.findByText('数据保存成功!')).toBeInTheDocument();
    expect(calls.edited).toEqual([
      { id: 42, name: '新名称', create_user: '张三', cover: '/covers/default-2.png', file: '/api/uploader/v1/files/9/old.pdf', real_file_name: 'old.pdf', tags: [[5, 11]] },
    ]);
    expect(onSaved).toHaveBeenCalled();
  });

  it('adds in bulk: one bulk_create, one report per file named after it', async () => {
    const calls = serveLibrary();
    serveChunks();
    const { user, onSaved } = mount({ mode: 'bulk', groupId: 5 });
    expect(within(dialog()).getByText('新增报告')).toBeInTheDocument();
    expect(within(dialog()).queryByPlaceholderText('请输入报告名称')).not.toBeInTheDocument();
    await submit(user);
    expect(await screen.findByText('请上传报告文件')).toBeInTheDocument();

    await user.upload(fileInput('报告文件'), [pdf('一季度报告.pdf'), pdf('二季度报告.docx')]);
    await allUploaded();
    await chooseTag(user, '未分组', '生态宜居');
    await waitFor(() => expect(screen.getByPlaceholderText('请输入创建人')).toHaveValue('演示用户'));
    await submit(user);
    expect(await screen.findByText('新增报告成功')).toBeInTheDocument();
    const bodies = calls.bulk[0] as Record<string, unknown>[];
    expect(bodies.map((body) => [body.name, body.real_file_name])).toEqual([
      ['一季度报告', '一季度报告.pdf'],
      ['二季度报告', '二季度报告.docx'],
    ]);
    for (const body of bodies) expect(body).toMatchObject({ create_user: '演示用户', cover: '/covers/default-1.png', group_id: 5, tags: [[0, 31]] });
    expect(onSaved).toHaveBeenCalledTimes(1);
  });

  it('keeps the bulk dialog open with the server message when the batch is refused', async () => {
    serveLibrary(() => HttpResponse.json({ code: 400, message: '第 2 个报告：请上传报告文件' }, { status: 400 }));
    serveChunks();
    const { user, onClose, onSaved } = mount({ mode: 'bulk' });
    await user.upload(fileInput('报告文件'), [pdf('甲.pdf'), pdf('乙.pdf')]);
    await allUploaded();
    await waitFor(() => expect(screen.getByPlaceholderText('请输入创建人')).toHaveValue('演示用户'));
    await submit(user);
    expect(await screen.findByText('第 2 个报告：请上传报告文件')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('asks for the research dimension with hasDimension and sends it with the tags', async () => {
    const calls = serveLibrary();
    const { user } = mount({ hasDimension: true });
    await user.type(screen.getByPlaceholderText('请输入报告名称'), '维度报告');
    await user.upload(fileInput('报告文件'), pdf('维度.pdf'));
    await within(field('报告文件')).findByText('上传成功');
    await waitFor(() => expect(screen.getByPlaceholderText('请输入创建人')).toHaveValue('演示用户'));
    await submit(user);
    expect(await screen.findByText('请选择维度标签')).toBeInTheDocument();

    await user.click(field('研究维度').querySelector('.ant-select-selector') as HTMLElement);
    await user.click(await screen.findByText('健康舒适', { selector: '.ant-select-item-option-content' }));
    await submit(user);
    await screen.findByText('新增报告成功');
    expect(calls.created).toMatchObject([{ name: '维度报告', labels: [32], tags: [] }]);
  });
});

describe('report dialog, results variant', () => {
  it('takes only a pdf, names the cover formats and requires a dimension (请选择维度标签)', async () => {
    const calls = serveLibrary();
    const { user } = mount({ variant: 'results' });
    expect(within(field('封面')).getByText('支持 jpg、jpeg、png 格式，不超过 2MB')).toBeInTheDocument();
    expect(within(field('报告文件')).getByText(/支持 pdf 格式/)).toBeInTheDocument();
    expect(fileInput('报告文件')).toHaveAttribute('accept', '.pdf,application/pdf');

    await user.upload(fileInput('报告文件'), new File(['PK'], '体检.docx', { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' }));
    expect(await screen.findByText('请上传正确的文件格式!')).toBeInTheDocument();

    await user.type(screen.getByPlaceholderText('请输入报告名称'), '社区体检报告');
    calls.uploads.push('社区.pdf');
    await user.upload(fileInput('报告文件'), pdf('社区.pdf'));
    await within(field('报告文件')).findByText('上传成功');
    await waitFor(() => expect(screen.getByPlaceholderText('请输入创建人')).toHaveValue('演示用户'));
    await submit(user);
    expect(await screen.findByText('请选择维度标签')).toBeInTheDocument();
    expect(calls.created).toEqual([]);

    await user.click(field('研究维度').querySelector('.ant-select-selector') as HTMLElement);
    await user.click(await screen.findByText('生态宜居', { selector: '.ant-select-item-option-content' }));
    await submit(user);
    await screen.findByText('新增报告成功');
    expect(calls.created).toMatchObject([{ name: '社区体检报告', labels: [31], real_file_name: '社区.pdf' }]);
  });
});

describe('material dialog', () => {
  it('is titled 新增数据 / 编辑数据 in the data variant, reports keep their titles', async () => {
    serveLibrary();
    const { rerender } = mount({ kind: MATERIAL_KIND, dataVariant: true });
    expect(within(dialog()).getByText('新增数据')).toBeInTheDocument();
    rerender({ kind: REPORT_KIND, dataVariant: true });
    expect(await within(dialog()).findByText('新增报告')).toBeInTheDocument();
  });

  it('limits the name to 20 characters and asks for the image', async () => {
    serveLibrary();
    const { user } = mount({ kind: MATERIAL_KIND });
    expect(within(dialog()).getByText('新增素材')).toBeInTheDocument();
    expect(within(dialog()).queryByText('封面', { selector: 'label' })).not.toBeInTheDocument();
    await submit(user);
    expect(await screen.findByText('请输入素材名称')).toBeInTheDocument();
    expect(screen.getByText('请上传素材文件')).toBeInTheDocument();
    await user.type(screen.getByPlaceholderText('请输入素材名称'), '一二三四五六七八九十一二三四五六七八九十一');
    expect(await screen.findByText('长度在 1 到 20 个字符')).toBeInTheDocument();
  });

  it('refuses a material image over 10MB and creates one with its image as cover', async () => {
    const calls = serveLibrary();
    const { user, onSaved } = mount({ kind: MATERIAL_KIND });
    const large = png('大图.png');
    Object.defineProperty(large, 'size', { value: 10 * 1024 * 1024 + 1 });
    await user.upload(fileInput('素材文件'), large);
    expect(await screen.findByText('上传图片大小不能超过 10MB!')).toBeInTheDocument();

    await user.type(screen.getByPlaceholderText('请输入素材名称'), '街景');
    calls.uploads.push('街景.png');
    await user.upload(fileInput('素材文件'), png('街景.png'));
    await waitFor(() => expect(within(field('素材文件')).getByAltText('素材图片')).toBeInTheDocument());
    await waitFor(() => expect(screen.getByPlaceholderText('请输入创建人')).toHaveValue('演示用户'));
    await submit(user);
    expect(await screen.findByText('新增素材成功')).toBeInTheDocument();
    const url = `/api/uploader/v1/files/1/${encodeURIComponent('街景.png')}`;
    expect(calls.created).toEqual([{ name: '街景', create_user: '演示用户', cover: url, file: url, real_file_name: '街景.png', group_id: -1, tags: [] }]);
    expect(onSaved).toHaveBeenCalled();
  });

  it('adds materials in bulk, one per image, named after it and with it as cover', async () => {
    const calls = serveLibrary();
    const { user } = mount({ kind: MATERIAL_KIND, mode: 'bulk' });
    await user.upload(fileInput('素材文件'), new File(['GIF89a'], '动图.gif', { type: 'image/gif' }));
    expect(await screen.findByText('请上传正确的文件格式！')).toBeInTheDocument();
    await user.upload(fileInput('素材文件'), [png('航拍一.png'), png('航拍二.png')]);
    await waitFor(() => expect(within(field('素材文件')).getAllByRole('img', { name: 'paper-clip' })).toHaveLength(2));
    await waitFor(() => expect(screen.getByPlaceholderText('请输入创建人')).toHaveValue('演示用户'));
    await submit(user);
    expect(await screen.findByText('新增素材成功')).toBeInTheDocument();
    const bodies = calls.bulk[0] as Record<string, unknown>[];
    expect(bodies.map((body) => [body.name, body.real_file_name])).toEqual([
      ['航拍一', '航拍一.png'],
      ['航拍二', '航拍二.png'],
    ]);
    for (const body of bodies) expect(body.cover).toBe(body.file);
  });

  it('marks an image whose bytes already are a material of the project', async () => {
    serveLibrary(undefined, 1);
    const { user } = mount({ kind: MATERIAL_KIND, mode: 'bulk' });
    await user.upload(fileInput('素材文件'), [png('重复照片.png'), png('新照片.png')]);
    await waitFor(() => expect(within(field('素材文件')).getAllByRole('img', { name: 'paper-clip' })).toHaveLength(2));
    expect(within(screen.getByRole('listitem', { name: '重复照片.png' })).getByText('与「已有素材」内容相同')).toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: '新照片.png' })).queryByText(/内容相同/)).toBeNull();
  });
});
