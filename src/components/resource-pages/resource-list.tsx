import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useModalForm, useTable } from '@refinedev/antd';
import type { BaseKey } from '@refinedev/core';
import { Button, Card, Flex, Input, Modal, Space, Table } from 'antd';
import { Suspense, useState, type Key, type ReactNode } from 'react';
import type { AppResource, ResourceAction } from '../../resources/types';
import { useProjectContext } from '../project-context';
import { fieldColumns } from './fields';
import { ResourceFormModal } from './resource-form';
import { useDeleteActions } from './use-delete-actions';

type Row = Record<string, unknown>;

/**
 * The generic screen of a plain admin resource: search, a paged table (DRF limit/offset),
 * create, edit, delete and batch delete, each button shown by the resource's permissions.
 */
export function ResourceList({ resource, scope }: { resource: AppResource; scope?: Record<string, string | number> }) {
  const { name, meta } = resource;
  const fields = meta.fields ?? [];
  const { projectId, can: canDo } = useProjectContext();
  const can = (action: ResourceAction) => canDo(name, action);
  const [selected, setSelected] = useState<Key[]>([]);
  // Set on the first 编辑: until then the edit form has no record to load.
  const [editId, setEditId] = useState<BaseKey>();
  const { tableProps, setFilters, setCurrent } = useTable<Row>({
    resource: name,
    // Named here (not only taken from the route) so each project's list has its own cache entry.
    meta: { ...scope, projectId },
    syncWithLocation: false,
    pagination: { pageSize: 10 },
  });
  const formOptions = { resource: name, redirect: false as const, meta: { ...scope, projectId } };
  const [createdView, setCreatedView] = useState<ReactNode>();
  const createForm = useModalForm({
    ...formOptions,
    action: 'create',
    successNotification: (answer) =>
      meta.createdView?.(answer?.data ?? {}) ? false : { message: `新增${meta.label}成功`, type: 'success' },
    onMutationSuccess: (answer) => setCreatedView(meta.createdView?.(answer.data ?? {})),
  });
  const editForm = useModalForm({
    ...formOptions,
    action: 'edit',
    id: editId,
    queryOptions: { enabled: editId !== undefined },
    successNotification: { message: '数据保存成功!', type: 'success' },
  });
  const { removeOne, removeMany } = useDeleteActions(name, () => setSelected([]), scope);
  const deletable = (row: Row) => meta.deletable?.(row) ?? true;
  const editable = (row: Row) => meta.editable?.(row) ?? true;
  const hasForm = (form: 'create' | 'edit') => fields.some((field) => field.form?.includes(form));
  const { toolbar: Toolbar, rowActions: RowActions } = meta;
  const edit = (id: BaseKey) => {
    setEditId(id);
    editForm.show(id);
  };

  const actions = {
    key: 'actions',
    title: '操作',
    render: (_: unknown, row: Row) => (
      <Space size={4} wrap>
        {RowActions && (
          <Suspense fallback={null}>
            <RowActions record={row} projectId={projectId} can={can} />
          </Suspense>
        )}
        {can('edit') && hasForm('edit') && editable(row) && (
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => edit(row.id as BaseKey)}>
            编辑
          </Button>
        )}
        {can('delete') && deletable(row) && (
          <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => removeOne(row.id as BaseKey)}>
            删除
          </Button>
        )}
      </Space>
    ),
  };

  return (
    <Card title={meta.label} variant="borderless" className="resource-list">
      <Flex justify="space-between" align="center" wrap gap={12} className="resource-list__toolbar">
        {meta.searchPlaceholder ? (
          <Input.Search
            placeholder={meta.searchPlaceholder}
            allowClear
            className="resource-list__search"
            onSearch={(value) => {
              setFilters([{ field: 'search', operator: 'eq', value: value.trim() }], 'replace');
              setCurrent(1);
            }}
          />
        ) : (
          <span />
        )}
        <Space wrap>
          {Toolbar && (
            <Suspense fallback={null}>
              <Toolbar projectId={projectId} can={can} />
            </Suspense>
          )}
          {can('delete') && (
            <Button danger disabled={selected.length === 0} onClick={() => removeMany(selected as BaseKey[])}>
              批量删除
            </Button>
          )}
          {can('create') && hasForm('create') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => createForm.show()}>
              新增
            </Button>
          )}
        </Space>
      </Flex>
      <Table<Row>
        {...tableProps}
        rowKey="id"
        columns={[...fieldColumns(fields), actions]}
        rowSelection={
          can('delete')
            ? {
                selectedRowKeys: selected,
                onChange: setSelected,
                getCheckboxProps: (row) => ({ disabled: !deletable(row) }),
              }
            : undefined
        }
        pagination={{ ...tableProps.pagination, showTotal: (total) => `共 ${total} 条` }}
      />
      {hasForm('create') && <ResourceFormModal name={name} label={meta.label} fields={fields} action="create" modalForm={createForm} formActions={meta.formActions} />}
      <Modal title={`新增${meta.label}`} open={createdView !== undefined} footer={null} onCancel={() => setCreatedView(undefined)}>
        {createdView}
      </Modal>
      {hasForm('edit') && <ResourceFormModal name={name} label={meta.label} fields={fields} action="edit" modalForm={editForm} formActions={meta.formActions} id={editId} />}
    </Card>
  );
}
