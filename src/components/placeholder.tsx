import { Card, Empty } from 'antd';
import type { ReactNode } from 'react';

/** Stands in for a screen a later issue builds: its title and its empty state. */
export function Placeholder({ title, empty = '暂无数据', extra }: { title: string; empty?: string; extra?: ReactNode }) {
  return (
    <Card title={title} extra={extra} variant="borderless" className="placeholder-card">
      <Empty description={empty} />
    </Card>
  );
}
