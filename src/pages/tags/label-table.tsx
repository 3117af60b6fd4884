import { Button, Popconfirm, Space, Table } from 'antd';
import type { ColumnsType, TablePaginationConfig } from 'antd/es/table';
import type { FilterValue } from 'antd/es/table/interface';
import { ENTITY_NAMES, type EntityName } from '../../../contract/labels';
import type { Label } from '../../resources/records';

interface Props {
  rows: Label[];
  total: number;
  page: number;
  pageSize: number;
  loading: boolean;
  origin?: EntityName;
  selectable: boolean;
  selected: Label[];
  mayEdit: boolean;
  mayDelete: boolean;
  /** The chosen labels, those of other pages included. */
  onSelect: (labels: Label[]) => void;
  onPage: (page: number, pageSize: number) => void;
  onOrigin: (origin: EntityName | undefined) => void;
  onEdit: (label: Label) => void;
  onDelete: (label: Label) => void;
}

const all = '全部';

/** The labels table, paged on the server (limit/offset). */
export function LabelTable(props: Props) {
  const { rows, total, page, pageSize, loading, origin, selectable, selected, mayEdit, mayDelete } = props;

  const columns: ColumnsType<Label> = [
    { title: '序号', key: 'index', width: 60, render: (_, __, index) => (page - 1) * pageSize + index + 1 },
    { title: '名称', dataIndex: 'name', ellipsis: true },
    { title: '类别', dataIndex: 'label_group_name', ellipsis: true, width: 110, render: (name: string | null) => name ?? '-' },
    {
      title: '实体',
      dataIndex: 'origin',
      width: 76,
      filterMultiple: false,
      filters: [all, ...ENTITY_NAMES].map((text) => ({ text, value: text })),
      filteredValue: origin ? [origin] : null,
    },
    { title: '创建时间', dataIndex: 'created_at', width: 158 },
    { title: '更新时间', dataIndex: 'updated_at', width: 158 },
  ];
  if (mayEdit || mayDelete) {
    columns.push({
      title: '操作',
      key: 'actions',
      width: 110,
      render: (_, label) => (
        <Space size={0}>
          {mayEdit && (
            <Button type="link" size="small" onClick={() => props.onEdit(label)}>
              编辑
            </Button>
          )}
          {mayDelete && (
            <Popconfirm
              title="提示"
              description="此操作将永久删除该标签，并解除其与报告和素材的关联，是否继续操作?"
              okText="确定"
              cancelText="取消"
              onConfirm={() => props.onDelete(label)}
            >
              <Button type="link" size="small" danger>
                删除
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    });
  }

  const change = (pagination: TablePaginationConfig, filters: Record<string, FilterValue | null>) => {
    const picked = filters.origin?.[0];
    const next = ENTITY_NAMES.find((name) => name === picked);
    if (next !== origin) props.onOrigin(next);
    else props.onPage(pagination.current ?? 1, pagination.pageSize ?? pageSize);
  };

  return (
    <Table<Label>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={rows}
      loading={loading}
      onChange={change}
      rowSelection={
        selectable
          ? {
              selectedRowKeys: selected.map((label) => label.id),
              preserveSelectedRowKeys: true,
              onChange: (_, labels) => props.onSelect(labels.filter(Boolean)),
            }
          : undefined
      }
      pagination={{
        current: page,
        pageSize,
        total,
        showSizeChanger: true,
        showQuickJumper: true,
        pageSizeOptions: [10, 20, 50, 100],
        showTotal: (count) => `共 ${count} 条`,
      }}
    />
  );
}
