import { Button, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState, type ReactNode } from 'react';
import { NameCell } from '../../../components/name-cell';
import type { LibraryItem } from '../types';
import { loadColumnWidths, saveColumnWidth } from './column-widths';
import { ResizableTitle, type ResizableTitleProps } from './resizable-title';

interface ItemTableProps {
  /** Whose widths these are in localStorage columnWidths, e.g. 'report'. */
  widthsKey: string;
  items: LibraryItem[];
  /** The number of the first row (序号 counts across pages). */
  firstIndex: number;
  loading: boolean;
  selecting: boolean;
  checked: number[];
  canEdit: boolean;
  onCheck: (ids: number[]) => void;
  onOpen: (item: LibraryItem) => void;
  onEdit: (item: LibraryItem) => void;
  /** Reports: the 内容 column (extraction state, a content search's hit). */
  content?: (item: LibraryItem) => ReactNode;
  /** A content search: 内容 (its hits) comes right after 名称, seen without scrolling the row. */
  contentFirst?: boolean;
}

const DEFAULT_WIDTHS: Record<string, number> = { index: 60, name: 200, created_at: 168, updated_at: 168, labels: 220, content: 260, actions: 112 };

/** The list view: 序号, 名称, 创建时间, 更新时间, 标签, 操作, with widths the user drags and the browser keeps. */
export function ItemTable(props: ItemTableProps) {
  const { widthsKey, items, firstIndex, loading, selecting, checked, canEdit, onCheck, onOpen, onEdit, content, contentFirst } = props;
  const [widths, setWidths] = useState(() => ({ ...DEFAULT_WIDTHS, ...loadColumnWidths(widthsKey) }));

  const columns = useMemo(() => {
    const contentColumn = content ? [{ key: 'content', title: '内容', render: (_value: unknown, item: LibraryItem) => content(item) }] : [];
    const base: ColumnsType<LibraryItem> = [
      { key: 'index', title: '序号', render: (_value, _item, index) => firstIndex + index },
      { key: 'name', title: '名称', dataIndex: 'name', ellipsis: { showTitle: false }, render: (name: string) => <NameCell text={name} /> },
      ...(contentFirst ? contentColumn : []),
      { key: 'created_at', title: '创建时间', dataIndex: 'created_at' },
      { key: 'updated_at', title: '更新时间', dataIndex: 'updated_at' },
      {
        key: 'labels',
        title: '标签',
        render: (_value, item) => (
          <Space size={[0, 4]} wrap>
            {item.labels.map((label) => (
              <Tag key={label.id} color="blue" bordered={false}>
                {label.name}
              </Tag>
            ))}
          </Space>
        ),
      },
      ...(contentFirst ? [] : contentColumn),
      {
        key: 'actions',
        title: '操作',
        // Kept in view when the columns are wider than the screen.
        fixed: 'right',
        render: (_value, item) => (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => onOpen(item)}>
              查看
            </Button>
            {canEdit && (
              <Button type="link" size="small" onClick={() => onEdit(item)}>
                更新
              </Button>
            )}
          </Space>
        ),
      },
    ];
    return base.map((column) => {
      const key = String(column.key);
      return {
        ...column,
        width: widths[key],
        onHeaderCell: (): ResizableTitleProps => ({
          width: widths[key],
          resizeLabel: `调整列宽：${String(column.title)}`,
          onResize: (width) => setWidths((now) => ({ ...now, [key]: width })),
          onResizeEnd: (width) => saveColumnWidth(widthsKey, key, width),
        }),
      };
    });
  }, [widths, widthsKey, firstIndex, canEdit, onOpen, onEdit, content, contentFirst]);

  return (
    <Table<LibraryItem>
      className="library-table"
      rowKey="id"
      size="middle"
      tableLayout="fixed"
      columns={columns}
      dataSource={items}
      loading={loading}
      pagination={false}
      // As wide as the columns' widths (not as the longest name): a narrow screen scrolls, a long name does not.
      scroll={{ x: columns.reduce((total, column) => total + (column.width ?? 0), 0) }}
      components={{ header: { cell: ResizableTitle } }}
      rowSelection={
        selecting
          ? { selectedRowKeys: checked, onChange: (keys) => onCheck(keys.map(Number)) }
          : undefined
      }
    />
  );
}
