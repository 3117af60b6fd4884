import { Button, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { PageCheckAll } from '../library/items/page-check-all';

interface SelectionBarProps {
  /** Cards on the page and how many of them are checked. */
  count: number;
  checkedCount: number;
  onCheckAll: (all: boolean) => void;
  /**
   * Offered once the whole page is checked and more reports match the filter: choosing every
   * one of the `total` across the pages (`chosen` while that holds).
   */
  everyMatch?: { total: number; chosen: boolean; onChoose: () => void };
  /** 确认下载 or 确认删除. */
  confirm: { text: string; icon: ReactNode; danger?: boolean; onClick: () => void };
  onCancel: () => void;
}

/** Selection mode of a results list: 全选本页 (then, on 成果统计, 选择全部 N 项), the count, the one confirming action and 取消. */
export function SelectionBar({ count, checkedCount, onCheckAll, everyMatch, confirm, onCancel }: SelectionBarProps) {
  const pageChecked = count > 0 && checkedCount === count;
  return (
    <div className="library-batch" role="toolbar" aria-label="批量操作">
      <Space wrap size={[8, 8]}>
        <PageCheckAll count={count} checkedCount={checkedCount} onCheckAll={onCheckAll} />
        {everyMatch?.chosen ? (
          <Typography.Text strong>已选全部 {everyMatch.total} 项</Typography.Text>
        ) : (
          <Typography.Text type="secondary">已选 {checkedCount} 项</Typography.Text>
        )}
        {everyMatch && !everyMatch.chosen && pageChecked && everyMatch.total > count && (
          <Button type="link" size="small" onClick={everyMatch.onChoose}>
            选择全部 {everyMatch.total} 项
          </Button>
        )}
        <Button type="primary" danger={confirm.danger} icon={confirm.icon} onClick={confirm.onClick}>
          {confirm.text}
        </Button>
        <Button onClick={onCancel}>取消</Button>
      </Space>
    </div>
  );
}
