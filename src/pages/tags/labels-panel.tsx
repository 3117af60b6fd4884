import { DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Modal, Space } from 'antd';
import { useList } from '@refinedev/core';
import { useProjectContext } from '../../components/project-context';
import { useState } from 'react';
import { changed } from '../../lib/changed';
import type { EntityName } from '../../../contract/labels';
import type { Label, LabelGroup } from '../../resources/records';
import { labelFilters, type LabelApi, type LabelValues } from './api';
import type { CrudAccess } from '../../components/group-list/types';
import { LabelDialog, labelNames } from './label-dialog';
import { exportLabels } from './label-export';
import { LabelImportDialog } from './label-import-dialog';
import { LabelTable } from './label-table';
import { MoveDialog } from './move-dialog';

interface Props {
  api: LabelApi;
  groups: LabelGroup[];
  groupId?: number;
  access: CrudAccess;
  /** Labels were added, moved or deleted: group counts change. */
  onChanged: () => void;
}

/** The right side: search, the labels table, the label dialogs and the edit mode's batch actions. */
export function LabelsPanel({ api, groups, groupId, access, onChanged }: Props) {
  const { projectId } = useProjectContext();
  const [name, setName] = useState('');
  const [origin, setOrigin] = useState<EntityName>();
  // The page resets to 1 when another group is chosen.
  const [paging, setPaging] = useState({ groupId, page: 1 });
  const page = paging.groupId === groupId ? paging.page : 1;
  const setPage = (next: number) => setPaging({ groupId, page: next });
  const [pageSize, setPageSize] = useState(10);
  const [editing, setEditing] = useState(false);
  const [selected, setSelected] = useState<Label[]>([]);
  const selectedIds = selected.map((label) => label.id);
  const [dialog, setDialog] = useState<{ label?: Label }>();
  const [moving, setMoving] = useState(false);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);

  const query = { groupId, name, origin };
  const labels = useList<Label>({
    resource: 'labels',
    pagination: { current: page, pageSize },
    filters: labelFilters(query),
    meta: { projectId },
    queryOptions: { keepPreviousData: true },
  });
  const rows = labels.data?.data ?? [];
  const loading = labels.isFetching;

  const refresh = () => {
    void labels.refetch();
    onChanged();
  };

  // A duplicate name has been told by the HTTP layer as a warning.
  const save = async (values: LabelValues) => {
    const label = dialog?.label;
    const names = label ? [] : labelNames(values.name);
    const request = label ? api.updateLabel(label.id, values) : names.length > 1 ? api.createLabels(names, values) : api.createLabel({ ...values, name: names[0] });
    const ok = await changed(request, label ? '标签更新成功' : '新增标签成功');
    if (ok) {
      setDialog(undefined);
      refresh();
    }
    return ok;
  };

  const remove = async (label: Label) => {
    if (!(await changed(api.deleteLabel(label.id), '标签删除成功!'))) return;
    if (rows.length === 1 && page > 1) setPage(page - 1);
    refresh();
  };

  const removeMany = () =>
    Modal.confirm({
      title: '提示',
      content: `此操作将永久删除${selected.length}个标签，并解除其与报告和素材的关联，是否继续操作?`,
      okType: 'danger',
      onOk: async () => {
        if (!(await changed(api.deleteLabels(selectedIds), '批量删除成功!'))) return;
        setSelected([]);
        setPage(1);
        refresh();
      },
    });

  const move = async (target: number) => {
    if (!(await changed(api.moveLabels(selectedIds, target), '批量移动成功'))) return;
    setMoving(false);
    setSelected([]);
    refresh();
  };

  const exportSheet = async () => {
    setExporting(true);
    // A failed list request has been told by the HTTP layer.
    await exportLabels(api, selected, { groupId, name, origin }).catch(() => undefined);
    setExporting(false);
  };

  const mayBatch = access.edit || access.delete;

  return (
    <Flex vertical gap={12} style={{ flex: 1, minWidth: 0 }}>
      <Flex justify="space-between" wrap="wrap" gap={8}>
        <Input.Search
          allowClear
          placeholder="请输入标签名称搜索"
          style={{ width: 280 }}
          onSearch={(text) => {
            setName(text.trim());
            setPage(1);
          }}
        />
        <Space wrap>
          {editing && (
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportSheet()}>
              {selected.length > 0 ? `批量导出（${selected.length}）` : '批量导出'}
            </Button>
          )}
          {editing && access.create && (
            <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
              批量导入
            </Button>
          )}
          {editing && access.edit && (
            <Button disabled={selected.length === 0} onClick={() => setMoving(true)}>
              批量移动分组
            </Button>
          )}
          {editing && access.delete && (
            <Button danger disabled={selected.length === 0} onClick={removeMany}>
              批量删除
            </Button>
          )}
          {mayBatch && (
            <Button
              type={editing ? 'primary' : 'default'}
              onClick={() => {
                setEditing(!editing);
                setSelected([]);
              }}
            >
              {editing ? '退出编辑' : '编辑模式'}
            </Button>
          )}
          {access.create && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({})}>
              新增标签
            </Button>
          )}
        </Space>
      </Flex>
      <LabelTable
        rows={rows}
        total={labels.data?.total ?? 0}
        page={page}
        pageSize={pageSize}
        loading={loading}
        origin={origin}
        selectable={editing}
        selected={selected}
        mayEdit={access.edit}
        mayDelete={access.delete}
        onSelect={setSelected}
        onPage={(next, size) => {
          setPage(size === pageSize ? next : 1);
          setPageSize(size);
        }}
        onOrigin={(next) => {
          setOrigin(next);
          setPage(1);
        }}
        onEdit={(label) => setDialog({ label })}
        onDelete={(label) => void remove(label)}
      />
      {dialog && (
        <LabelDialog
          open
          label={dialog?.label}
          groups={groups}
          defaultGroup={groupId}
          onCancel={() => setDialog(undefined)}
          onSave={save}
        />
      )}
      <LabelImportDialog
        api={api}
        open={importing}
        onClose={() => setImporting(false)}
        onImported={() => {
          setSelected([]);
          setPage(1);
          refresh();
        }}
      />
      <MoveDialog open={moving} count={selected.length} groups={groups} onCancel={() => setMoving(false)} onMove={move} />
    </Flex>
  );
}
