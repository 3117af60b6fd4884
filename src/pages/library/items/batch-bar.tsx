import { DeleteOutlined, DownloadOutlined, ExportOutlined, FolderOutlined, LogoutOutlined, PlusOutlined, TagsOutlined } from '@ant-design/icons';
import { Button, Select, Space, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { PageCheckAll } from './page-check-all';

interface BatchBarProps {
  /** Items on the page and how many of them are checked. */
  count: number;
  checkedCount: number;
  /** What the batch acts on when more than the page is selected (选择全部 N 条). */
  selectedCount?: number;
  onCheckAll: (all: boolean) => void;
  groups: { id: number; name: string }[];
  /** Each action shows only when its handler is given (the permission allows it). */
  onMove?: (groupId: number | undefined) => void;
  /** Only while a group is chosen. */
  onMoveOut?: () => void;
  onDelete?: () => void;
  onDownload: () => void;
  onBulkAdd?: () => void;
  /** 批量打标签 (add or remove labels). */
  onLabel?: () => void;
  onExportTags?: () => void;
  /** The tag spreadsheet import, which brings its own button. */
  importTags?: ReactNode;
}

/** The actions on the checked cards or rows, shown in selection mode. */
export function BatchBar(props: BatchBarProps) {
  const { count, checkedCount, selectedCount = checkedCount, onCheckAll, groups, onMove, onMoveOut, onDelete, onDownload, onBulkAdd, onLabel, onExportTags, importTags } = props;
  const [target, setTarget] = useState<number>();

  return (
    <div className="library-batch" role="toolbar" aria-label="批量操作">
      <Space wrap size={[8, 8]}>
        <PageCheckAll count={count} checkedCount={checkedCount} onCheckAll={onCheckAll} />
        <Typography.Text type="secondary">已选 {selectedCount.toLocaleString('en-US')} 项</Typography.Text>
        {onMove && (
          <Space.Compact>
            <Select
              className="library-batch__group"
              placeholder="请选择分组"
              aria-label="目标分组"
              allowClear
              value={target}
              onChange={setTarget}
              options={groups.map((group) => ({ value: group.id, label: group.name }))}
            />
            <Button icon={<FolderOutlined />} onClick={() => onMove(target)}>
              移动到分组
            </Button>
          </Space.Compact>
        )}
        {onMoveOut && (
          <Button icon={<LogoutOutlined />} onClick={onMoveOut}>
            移出分组
          </Button>
        )}
        {onDelete && (
          <Button danger icon={<DeleteOutlined />} onClick={onDelete}>
            删除
          </Button>
        )}
        <Button icon={<DownloadOutlined />} onClick={onDownload}>
          下载
        </Button>
        {onBulkAdd && (
          <Button icon={<PlusOutlined />} onClick={onBulkAdd}>
            批量新增
          </Button>
        )}
        {onLabel && (
          <Button icon={<TagsOutlined />} onClick={onLabel}>
            批量打标签
          </Button>
        )}
        {onExportTags && (
          <Button icon={<ExportOutlined />} onClick={onExportTags}>
            导出标签
          </Button>
        )}
        {importTags}
      </Space>
    </div>
  );
}
