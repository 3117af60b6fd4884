import { Card, Empty } from 'antd';

/** Stands in for a screen a later issue builds: its title and its empty state. */
export function Placeholder({ title, empty = '暂无数据' }: { title: string; empty?: string }) {
  return (
    <Card title={title} variant="borderless" className="placeholder-card">
      <Empty description={empty} />
    </Card>
  );
}
