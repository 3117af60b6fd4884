import { Alert, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ImportPlan, ImportPlanRow } from './api';

const actions: Record<ImportPlanRow['action'], { text: string; color: string }> = {
  create: { text: '新增', color: 'green' },
  change: { text: '变更', color: 'blue' },
  unchanged: { text: '不变', color: 'default' },
  reject: { text: '无法导入', color: 'red' },
};

interface Props {
  plan: ImportPlan;
  /** The sheet's row number of each planned row, at the same index. */
  lines: number[];
}

/** The dry run's answer row by row: what will be created, moved to another group, left alone or refused, and why. */
export function LabelImportPreview({ plan, lines }: Props) {
  const columns: ColumnsType<ImportPlanRow> = [
    { title: '行号', key: 'line', width: 70, render: (_, row) => lines[row.row - 1] ?? row.row },
    { title: '标签名称', dataIndex: 'name', ellipsis: true, width: 200, render: (name: string) => name || '-' },
    { title: '标签类别', dataIndex: 'group', ellipsis: true, width: 130, render: (group: string) => group || '未分组' },
    { title: '实体', dataIndex: 'origin', width: 70 },
    {
      title: '结果',
      dataIndex: 'action',
      width: 100,
      filters: Object.entries(actions).map(([value, { text }]) => ({ text, value })),
      onFilter: (value, row) => row.action === value,
      render: (action: ImportPlanRow['action']) => <Tag color={actions[action].color}>{actions[action].text}</Tag>,
    },
    { title: '说明', dataIndex: 'reason', render: (reason?: string) => reason ?? '' },
  ];
  const writes = plan.created + plan.changed;
  return (
    <>
      <Alert
        type={writes > 0 ? 'info' : 'warning'}
        showIcon
        style={{ marginBottom: 12 }}
        message={`共 ${plan.rows.length} 行：新增 ${plan.created} 个，变更 ${plan.changed} 个，不变 ${plan.unchanged} 个，无法导入 ${plan.rejected} 个`}
        description={writes > 0 ? '确认后一次性导入新增和变更的标签，无法导入的行将被跳过。' : '没有需要导入的标签。'}
      />
      <Table<ImportPlanRow>
        rowKey="row"
        size="small"
        columns={columns}
        dataSource={plan.rows}
        pagination={{ pageSize: 10, showSizeChanger: false, showTotal: (count) => `共 ${count} 条` }}
      />
    </>
  );
}
