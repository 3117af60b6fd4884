import { render, screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PreviewOverlay } from '../../src/pages/library/preview-overlay';
import type { LibraryItem } from '../../src/pages/library/types';

const material = (id: number, name: string): LibraryItem => ({
  id, name, create_user: 'demo', cover: `/api/uploader/v1/files/${id}/cover.png`, file: `/api/uploader/v1/files/${id}/${name}.png`,
  real_file_name: `${name}.png`, group_id: -1, labels: [], created_at: '2024-03-01 09:30:00', updated_at: '2024-03-01 09:30:00',
  thumbnail: `/api/uploader/v1/files/${id}/thumb.png`,
});

const pages: Record<number, LibraryItem[]> = {
  1: [material(1, '街景一'), material(2, '街景二')],
  2: [material(3, '街景三'), material(4, '街景四')],
  3: [material(5, '街景五')],
};

function mount(start: { pageNo: number; index: number }) {
  const loadPage = vi.fn(async (pageNo: number) => pages[pageNo]);
  const onClose = vi.fn();
  const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
  render(<PreviewOverlay open items={pages[start.pageNo]} index={start.index} pageNo={start.pageNo} pageCount={3} loadPage={loadPage} onClose={onClose} />);
  return { user, loadPage, onClose };
}

// The arrows' icons are images too: the picture is the one <img>.
const image = () => document.querySelector('img') as HTMLImageElement;

describe('material preview overlay', () => {
  it('shows the original image at 0.7 of the window height, with its name', () => {
    mount({ pageNo: 2, index: 1 });
    expect(image()).toHaveAttribute('src', `/api/uploader/v1/files/4/街景四.png`);
    expect(image()).toHaveAttribute('alt', '街景四');
    expect(image().style.height).toBe('70vh');
    expect(screen.getByText('街景四')).toBeInTheDocument();
  });

  it('moves with the arrows and the arrow keys, and crosses into the neighbouring pages', async () => {
    const { user, loadPage } = mount({ pageNo: 2, index: 0 });
    await user.click(screen.getByRole('button', { name: '下一个' }));
    expect(screen.getByText('街景四')).toBeInTheDocument();
    expect(loadPage).not.toHaveBeenCalled();

    await user.keyboard('{ArrowRight}');
    expect(await screen.findByText('街景五')).toBeInTheDocument();
    expect(loadPage).toHaveBeenLastCalledWith(3);

    await user.keyboard('{ArrowLeft}');
    // Back across the page: the previous page's last item.
    expect(await screen.findByText('街景四')).toBeInTheDocument();
    expect(loadPage).toHaveBeenLastCalledWith(2);

    await user.click(screen.getByRole('button', { name: '上一个' }));
    await user.click(screen.getByRole('button', { name: '上一个' }));
    expect(await screen.findByText('街景二')).toBeInTheDocument();
    expect(loadPage).toHaveBeenLastCalledWith(1);
    expect(image()).toHaveAttribute('src', '/api/uploader/v1/files/2/街景二.png');
  });

  it('says 已到首个素材 before the first item of page 1', async () => {
    const { user, loadPage } = mount({ pageNo: 1, index: 0 });
    await user.keyboard('{ArrowLeft}');
    expect(await screen.findByText('已到首个素材')).toBeInTheDocument();
    expect(screen.getByText('街景一')).toBeInTheDocument();
    expect(loadPage).not.toHaveBeenCalled();
  });

  it('says 已到最后素材 after the last item of the last page', async () => {
    const { user, loadPage } = mount({ pageNo: 3, index: 0 });
    await user.click(screen.getByRole('button', { name: '下一个' }));
    expect(await screen.findByText('已到最后素材')).toBeInTheDocument();
    expect(screen.getByText('街景五')).toBeInTheDocument();
    expect(loadPage).not.toHaveBeenCalled();
  });

  it('closes on Escape', async () => {
    const { user, onClose } = mount({ pageNo: 1, index: 1 });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });
});
