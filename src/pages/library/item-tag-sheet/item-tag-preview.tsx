import { Alert, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ItemTagPlanRow, ItemTagStatus } from './plan';

const statuses: Record<ItemTagStatus, { text: string; color: string }> = {
  update: { text: '更新', color: 'blue' },
  unchanged: { text: '不变', color: 'default' },
  reject: { text: '无法导入', color: 'red' },
};

const names = (list: string[]) => (list.length > 0 ? list.join('，') : '无');

/** Row by row: the item, its tags now and after the import, and the tag names that match nothing. */
export function ItemTagPreview({ rows }: { rows: ItemTagPlanRow[] }) {
  const count = (status: ItemTagStatus) => rows.filter((row) => row.status === status).length;
  const unmatched = rows.filter((row) => row.unmatched.length > 0).length;
  const columns: ColumnsType<ItemTagPlanRow> = [
    { title: '行号', dataIndex: 'line', width: 64 },
    { title: 'id', dataIndex: 'id', width: 70, ellipsis: true },
    { title: '名称', dataIndex: 'name', ellipsis: true },
    {
      title: '标签变化',
      key: 'tags',
      render: (_, row) =>
        row.status === 'update' ? (
          <Space direction="vertical" size={0}>
            <Typography.Text type="secondary" delete>{names(row.current)}</Typography.Text>
            <Typography.Text>{names(row.next)}</Typography.Text>
          </Space>
        ) : (
          names(row.current)
        ),
    },
    {
      title: '未匹配标签',
      key: 'unmatched',
      render: (_, row) => row.unmatched.map((name) => <Tag key={name} color="red">{name}</Tag>),
    },
    {
      title: '结果',
      dataIndex: 'status',
      width: 150,
      filters: Object.entries(statuses).map(([value, { text }]) => ({ text, value })),
      onFilter: (value, row) => row.status === value,
      render: (status: ItemTagStatus, row) => (
        <Space size={4} wrap>
          <Tag color={statuses[status].color}>{statuses[status].text}</Tag>
          {row.reason && <Typography.Text type="secondary">{row.reason}</Typography.Text>}
        </Space>
      ),
    },
  ];
  return (
    <>
      <Alert
        type={count('update') > 0 ? 'info' : 'warning'}
        showIcon
        style={{ marginBottom: 12 }}
        message={`共 ${rows.length} 行：更新 ${count('update')} 行，不变 ${count('unchanged')} 行，无法导入 ${count('reject')} 行`}
        description={
          unmatched > 0
            ? `${unmatched} 行含有标签池中不存在的标签名称，这些名称将被忽略。`
            : count('update') > 0
              ? '确认后一次性更新这些标签。'
              : '没有需要更新的标签。'
        }
      />
      <Table<ItemTagPlanRow>
        rowKey="line"
        size="small"
        columns={columns}
        dataSource={rows}
        pagination={{ pageSize: 10, showSizeChanger: false, showTotal: (total) => `共 ${total} 条` }}
      />
    </>
  );
}
