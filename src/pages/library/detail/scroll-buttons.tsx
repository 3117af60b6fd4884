import { VerticalAlignBottomOutlined, VerticalAlignTopOutlined } from '@ant-design/icons';
import { FloatButton } from 'antd';
import type { RefObject } from 'react';

/** 回到顶部 and 滚动到底部 of the preview pane. */
export function ScrollButtons({ pane }: { pane: RefObject<HTMLElement | null> }) {
  const scroll = (to: 'top' | 'bottom') => {
    const node = pane.current;
    node?.scrollTo({ top: to === 'top' ? 0 : node.scrollHeight, behavior: 'smooth' });
  };
  return (
    <FloatButton.Group shape="square" className="library-detail__scroll-buttons">
      <FloatButton icon={<VerticalAlignTopOutlined />} tooltip="回到顶部" aria-label="回到顶部" onClick={() => scroll('top')} />
      <FloatButton icon={<VerticalAlignBottomOutlined />} tooltip="滚动到底部" aria-label="滚动到底部" onClick={() => scroll('bottom')} />
    </FloatButton.Group>
  );
}
