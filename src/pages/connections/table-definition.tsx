import { KeyOutlined } from '@ant-design/icons';
import { Flex, Spin, Table, Tag, Typography } from 'antd';
import { useBrowserQuery, type Place } from './use-browser-query';

const dash = (value: string | null | undefined) => (value === null || value === undefined || value === '' ? '—' : value);
const CONSTRAINT_NAMES: Record<string, string> = { 'FOREIGN KEY': '外键', UNIQUE: '唯一', CHECK: '检查' };

/** 表结构: columns with types, nullability, defaults and comments; the primary key, indexes and constraints. */
export function TableDefinitionView({ place, table }: { place: Place; table: string }) {
  const { value, loading } = useBrowserQuery('table', place, { name: table });
  const primary = new Set(value?.primary_key ?? []);
  return (
    <Spin spinning={loading}>
      {value && (
        <Flex vertical gap={16}>
          <Flex gap={24} wrap>
            {value.comment && <Typography.Text type="secondary">表注释：{value.comment}</Typography.Text>}
            <Typography.Text type="secondary">主键：{value.primary_key.length ? value.primary_key.join(', ') : '无'}</Typography.Text>
          </Flex>
          <Table
            size="small"
            rowKey="name"
            pagination={false}
            dataSource={value.columns}
            title={() => '列'}
            columns={[
              {
                key: 'name',
                title: '列名',
                render: (_, column) => (
                  <>
                    {primary.has(column.name) && <KeyOutlined className="browser-key" aria-label="主键" />} {column.name}
                  </>
                ),
              },
              { key: 'type', title: '类型', dataIndex: 'type' },
              { key: 'nullable', title: '可为空', render: (_, column) => (column.nullable ? '是' : '否') },
              { key: 'default', title: '默认值', render: (_, column) => dash(column.default) },
              { key: 'comment', title: '注释', render: (_, column) => dash(column.comment) },
            ]}
          />
          <Table
            size="small"
            rowKey="name"
            pagination={false}
            dataSource={value.indexes}
            title={() => '索引'}
            locale={{ emptyText: '无索引' }}
            columns={[
              { key: 'name', title: '索引名', dataIndex: 'name' },
              { key: 'columns', title: '列', render: (_, index) => index.columns.join(', ') },
              { key: 'unique', title: '唯一', render: (_, index) => (index.unique ? <Tag color="blue">唯一</Tag> : '否') },
            ]}
          />
          <Table
            size="small"
            rowKey="name"
            pagination={false}
            dataSource={value.constraints}
            title={() => '约束'}
            locale={{ emptyText: '无约束' }}
            columns={[
              { key: 'name', title: '约束名', dataIndex: 'name' },
              { key: 'type', title: '类型', render: (_, constraint) => CONSTRAINT_NAMES[constraint.type] ?? constraint.type },
              { key: 'columns', title: '列', render: (_, constraint) => dash(constraint.columns.join(', ')) },
              {
                key: 'detail',
                title: '引用 / 定义',
                render: (_, constraint) =>
                  constraint.references ? `${constraint.references.table}(${constraint.references.columns.join(', ')})` : dash(constraint.definition),
              },
            ]}
          />
        </Flex>
      )}
    </Spin>
  );
}
