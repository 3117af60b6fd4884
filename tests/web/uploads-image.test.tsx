import { readFileSync } from 'node:fs';
import path from 'node:path';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { Form } from 'antd';
import { http, HttpResponse } from 'msw';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_COVER, DEFAULT_COVERS, DefaultCoverPicker } from '../../src/pages/library/uploads/default-cover-picker';
import { ImageUpload } from '../../src/pages/library/uploads/image-upload';
import { server } from './msw';
import { signIn } from './render';

const MB = 1024 * 1024;

function mount(ui: ReactElement) {
  // applyAccept off: the widget's own checks must catch what a file dialog would let through.
  const user = userEvent.setup({ applyAccept: false, pointerEventsCheck: PointerEventsCheckLevel.Never });
  return { user, ...render(ui) };
}

const fileInput = (container: HTMLElement) => container.querySelector('input[type="file"]') as HTMLInputElement;

/** A small file that claims `size` bytes (the checks read only the size). */
function fileOf(name: string, type: string, size?: number): File {
  const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}

interface SeenUpload {
  path: string;
  purpose: string | null;
  fields: string[];
  /** Whether `file` is a file part (jsdom's XHR hands msw the part without its name and bytes). */
  filePart: boolean;
  authorization: string | null;
}

/** Answers uploads like the server (201 with the file info) and records each request. */
function serveUploads(answer: (index: number) => Response | undefined = () => undefined) {
  const seen: SeenUpload[] = [];
  const handler = async ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    const form = await request.formData();
    const file = form.get('file');
    seen.push({
      path: url.pathname,
      purpose: url.searchParams.get('purpose'),
      fields: [...form.keys()],
      filePart: typeof file === 'object' && file !== null,
      authorization: request.headers.get('Authorization'),
    });
    const id = seen.length;
    return (
      answer(id) ??
      HttpResponse.json(
        { id, url: `/api/uploader/v1/files/${id}/${encodeURIComponent('封面.png')}`, name: '封面.png', size: 4, mime: 'image/png', sha256: 'a'.repeat(64), project_uuid: null, transcode: 'none', status: null, pdf_url: null },
        { status: 201 },
      )
    );
  };
  server.use(http.post('*/api/uploader/v1/file_upload/', handler), http.post('*/api/uploader/v1/projects/:uuid/file_upload/', handler));
  return seen;
}

function ImageForm({ onValues, ...props }: { onValues: (values: { cover?: string }) => void } & Parameters<typeof ImageUpload>[0]) {
  return (
    <Form onValuesChange={(_, values) => onValues(values)}>
      <Form.Item name="cover" label="封面">
        <ImageUpload {...props} />
      </Form.Item>
    </Form>
  );
}

describe('image upload', () => {
  it('shows the tooltip 点击上传图片 and a placeholder without an image', async () => {
    const { user, container } = mount(<ImageUpload />);
    expect(container.querySelector('img')).toBeNull();
    await user.hover(screen.getByLabelText('点击上传图片'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('点击上传图片');
  });

  it('shows the current image at height 200 with a hover mask', () => {
    const { container } = mount(<ImageUpload value="/covers/default-2.png" alt="报告封面" />);
    const image = screen.getByRole('img', { name: '报告封面' });
    expect(image).toHaveAttribute('src', '/covers/default-2.png');
    expect(container.querySelector('.uw-image-mask .anticon-picture')).not.toBeNull();
  });

  it('refuses what is not a JPEG or PNG, by type and by extension, without a request', async () => {
    const seen = serveUploads();
    const { user, container } = mount(<ImageUpload />);
    await user.upload(fileInput(container), fileOf('封面.gif', 'image/gif'));
    expect(await screen.findByText('请上传正确的文件格式！')).toBeInTheDocument();
    await user.upload(fileInput(container), fileOf('封面.pdf', 'image/png'));
    await user.upload(fileInput(container), fileOf('封面.png', 'application/pdf'));
    expect(screen.getAllByText('请上传正确的文件格式！')).toHaveLength(1);
    expect(seen).toEqual([]);
  });

  it.each([
    ['cover', 2 * MB, '上传图片大小不能超过 2MB!'],
    ['material', 10 * MB, '上传图片大小不能超过 10MB!'],
    ['avatar', 1 * MB, '上传头像图片大小不能超过 1MB!'],
  ] as const)('limits a %s image to its size', async (purpose, limit, message) => {
    const seen = serveUploads();
    const { user, container } = mount(<ImageUpload purpose={purpose} />);
    await user.upload(fileInput(container), fileOf('大图.png', 'image/png', limit + 1));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(seen).toEqual([]);
    // Exactly at the limit is fine.
    await user.upload(fileInput(container), fileOf('图.png', 'image/png', limit));
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0].purpose).toBe(purpose);
  });

  it("uploads the field file to the project's path and gives the answer's url to the form", async () => {
    signIn();
    const seen = serveUploads();
    const values: { cover?: string }[] = [];
    const { user, container } = mount(<ImageForm projectUuid="p-1" onValues={(v) => values.push(v)} alt="报告封面" />);
    await user.upload(fileInput(container), fileOf('封面.png', 'image/png'));
    const image = await screen.findByRole('img', { name: '报告封面' });
    expect(image).toHaveAttribute('src', `/api/uploader/v1/files/1/${encodeURIComponent('封面.png')}`);
    expect(values.at(-1)).toEqual({ cover: `/api/uploader/v1/files/1/${encodeURIComponent('封面.png')}` });
    expect(seen).toEqual([
      { path: '/api/uploader/v1/projects/p-1/file_upload/', purpose: 'cover', fields: ['file'], filePart: true, authorization: 'Token token-demo' },
    ]);
  });

  it("uploads to the organization's path without a project, for a material image", async () => {
    const seen = serveUploads();
    const { user, container } = mount(<ImageForm purpose="material" alt="素材" onValues={() => undefined} />);
    await user.upload(fileInput(container), fileOf('素材.jpg', 'image/jpeg'));
    await screen.findByRole('img', { name: '素材' });
    expect(seen.map((s) => [s.path, s.purpose])).toEqual([['/api/uploader/v1/file_upload/', 'material']]);
  });

  it('leaves a refused upload to the error catalogue: one message, the value unchanged', async () => {
    serveUploads(() => HttpResponse.json({ code: 41300, message: '上传图片大小不能超过 2MB!' }, { status: 413 }));
    const values: { cover?: string }[] = [];
    const { user, container } = mount(<ImageForm onValues={(v) => values.push(v)} />);
    await user.upload(fileInput(container), fileOf('封面.png', 'image/png'));
    expect(await screen.findByText('上传图片大小不能超过 2MB!')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('点击上传图片')).toHaveAttribute('aria-busy', 'false'));
    expect(screen.getAllByText('上传图片大小不能超过 2MB!')).toHaveLength(1);
    expect(values).toEqual([]);
  });
});

describe('default cover picker', () => {
  it('offers the five built-in covers, the first being the stock cover', () => {
    expect(DEFAULT_COVER).toBe('/covers/default-1.png');
    mount(<DefaultCoverPicker value={DEFAULT_COVER} />);
    const radios = within(screen.getByRole('radiogroup', { name: '默认封面' })).getAllByRole('radio');
    expect(radios).toHaveLength(5);
    expect(radios.map((radio) => radio.querySelector('img')?.getAttribute('src'))).toEqual(DEFAULT_COVERS);
    expect(radios.map((radio) => radio.getAttribute('aria-checked'))).toEqual(['true', 'false', 'false', 'false', 'false']);
  });

  it('selects a cover by click and by arrow keys, as a form value', async () => {
    const values: { cover?: string }[] = [];
    const { user } = mount(
      <Form initialValues={{ cover: DEFAULT_COVER }} onValuesChange={(_, all) => values.push(all)}>
        <Form.Item name="cover">
          <DefaultCoverPicker />
        </Form.Item>
      </Form>,
    );
    await user.click(screen.getByRole('radio', { name: '默认封面 3' }));
    expect(screen.getByRole('radio', { name: '默认封面 3' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('radio', { name: '默认封面 1' })).toHaveAttribute('aria-checked', 'false');
    expect(values.at(-1)).toEqual({ cover: '/covers/default-3.png' });
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: '默认封面 4' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('radio', { name: '默认封面 4' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    expect(values.at(-1)).toEqual({ cover: '/covers/default-5.png' });
  });

  it('ships the covers as 320×200 PNG images', () => {
    for (const url of DEFAULT_COVERS) {
      const bytes = readFileSync(path.join('public', url));
      expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
      expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([320, 200]);
    }
  });
});
