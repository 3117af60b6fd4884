import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Modal, Spin, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { fileSrc } from '../uploads';
import { feedback } from '../../../lib/feedback';
import type { LibraryItem } from '../types';
import { edgeTexts, step, type Position } from './navigation';
import './preview-overlay.css';

interface PreviewOverlayProps {
  open: boolean;
  items: LibraryItem[];
  index: number;
  pageNo: number;
  pageCount: number;
  loadPage: (pageNo: number) => Promise<LibraryItem[]>;
  onClose: () => void;
}

/**
 * The material image preview (spec section 2): the original image at 0.7 of the window
 * height with its name, arrows and ArrowLeft/ArrowRight that cross into the neighbouring
 * list pages, and Escape to close.
 */
export function PreviewOverlay(props: PreviewOverlayProps) {
  return (
    <Modal
      open={props.open}
      onCancel={props.onClose}
      footer={null}
      closable
      keyboard={false}
      centered
      width="auto"
      destroyOnHidden
      className="preview-overlay"
      styles={{ mask: { background: 'rgba(0, 0, 0, 0.8)' } }}
      aria-label="素材预览"
    >
      {/* Mounted while open only, so each opening starts at the item it was opened on. */}
      <PreviewBody {...props} />
    </Modal>
  );
}

function PreviewBody({ items, index, pageNo, pageCount, loadPage, onClose }: PreviewOverlayProps) {
  const [position, setPosition] = useState<Position>({ items, index, pageNo });
  const [loading, setLoading] = useState(false);
  const busy = useRef(false);
  const settings = useRef({ pageCount, loadPage });
  useEffect(() => {
    settings.current = { pageCount, loadPage };
  });

  const move = useCallback(async (direction: -1 | 1) => {
    if (busy.current) return;
    const next = step(position, direction, settings.current.pageCount);
    if (next.kind === 'edge') {
      feedback.warning(edgeTexts[next.edge]);
      return;
    }
    if (next.kind === 'same-page') {
      setPosition(next.position);
      return;
    }
    busy.current = true;
    setLoading(true);
    try {
      const loaded = await settings.current.loadPage(next.pageNo);
      if (loaded.length > 0) setPosition({ items: loaded, pageNo: next.pageNo, index: direction < 0 ? loaded.length - 1 : 0 });
    } catch {
      // The error catalogue has told the user; the current image stays.
    } finally {
      busy.current = false;
      setLoading(false);
    }
  }, [position]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowLeft') void move(-1);
      else if (event.key === 'ArrowRight') void move(1);
      else if (event.key === 'Escape') onClose();
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [move, onClose]);

  const item = position.items[position.index];
  return (
    <div className="preview-overlay__body">
      <Button className="preview-overlay__arrow preview-overlay__arrow--left" shape="circle" size="large" icon={<LeftOutlined />} aria-label="上一个" onClick={() => void move(-1)} />
      <Spin spinning={loading}>
        <figure className="preview-overlay__figure">
          {item?.file ? (
            <img src={fileSrc(item.file)} alt={item.name} className="preview-overlay__image" style={{ height: '70vh' }} />
          ) : (
            <div className="preview-overlay__image preview-overlay__missing" style={{ height: '70vh' }}>暂无图片</div>
          )}
          <figcaption>
            <Typography.Text className="preview-overlay__name">{item?.name}</Typography.Text>
          </figcaption>
        </figure>
      </Spin>
      <Button className="preview-overlay__arrow preview-overlay__arrow--right" shape="circle" size="large" icon={<RightOutlined />} aria-label="下一个" onClick={() => void move(1)} />
    </div>
  );
}
