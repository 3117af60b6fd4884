import { Button, Checkbox, Space, Typography } from 'antd';
import type { ReactNode } from 'react';

interface SelectionBarProps {
  /** Cards on the page and how many of them are checked. */
  count: number;
  checkedCount: number;
  onCheckAll: (all: boolean) => void;
  /** 确认下载 or 确认删除. */
  confirm: { text: string; icon: ReactNode; danger?: boolean; onClick: () => void };
  onCancel: () => void;
}

/** Selection mode of a results list: 全选, the count, the one confirming action and 取消. */
export function SelectionBar({ count, checkedCount, onCheckAll, confirm, onCancel }: SelectionBarProps) {
  const all = count > 0 && checkedCount === count;
  return (
    <div className="library-batch" role="toolbar" aria-label="批量操作">
      <Space wrap size={[8, 8]}>
        <Checkbox checked={all} indeterminate={checkedCount > 0 && !all} disabled={count === 0} onChange={(event) => onCheckAll(event.target.checked)}>
          全选
        </Checkbox>
        <Typography.Text type="secondary">已选 {checkedCount} 项</Typography.Text>
        <Button type="primary" danger={confirm.danger} icon={confirm.icon} onClick={confirm.onClick}>
          {confirm.text}
        </Button>
        <Button onClick={onCancel}>取消</Button>
      </Space>
    </div>
  );
}
