import { Button, Form, Input, Modal, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { useApiMutation } from '../../../api/hooks';
import { FormDialog } from '../../../components/form-dialog';
import type { CrudAccess } from '../../../components/group-list/types';
import { useList } from '@refinedev/core';
import { useMemo, useState } from 'react';
import { LABEL_LIST_LIMIT, type EntityName } from '../../../../contract/labels';
import { changed } from '../../../lib/changed';
import type { FilterGroup, FilterLabel } from './types';
import { tagFilterTexts as t } from './texts';

interface FilterGroupSettingsProps {
  open: boolean;
  projectUuid: string;
  origin: EntityName;
  groupId?: number;
  groups: FilterGroup[];
  access: CrudAccess;
  onClose: () => void;
  /** Called after a save or a delete, to reload the filter groups. */
  onChanged: () => void;
}

interface EditorState {
  /** The group edited, or null when adding. */
  group: FilterGroup | null;
}

interface FormValues {
  name: string;
  tags: number[];
}

/** The settings dialog: lists the filter groups and adds, edits and deletes them. */
export function FilterGroupSettings(props: FilterGroupSettingsProps) {
  const { open, projectUuid, origin, groupId, groups, access, onClose, onChanged } = props;
  const [editor, setEditor] = useState<EditorState | null>(null);
  const [checked, setChecked] = useState<number[]>([]);

  const { call } = useApiMutation();
  const path = { projectId: projectUuid };
  const labelQuery = useList<FilterLabel>({
    resource: 'labels',
    pagination: { current: 1, pageSize: LABEL_LIST_LIMIT },
    filters: [{ field: 'origin', operator: 'eq', value: origin }],
    meta: { projectId: projectUuid },
    queryOptions: { enabled: open },
  });
  const labels = labelQuery.data?.data;

  const labelOptions = useMemo(() => {
    const byGroup = new Map<string, { label: string; value: number }[]>();
    (labels ?? []).forEach((label) => {
      const key = label.label_group_name || t.ungrouped;
      const list = byGroup.get(key) ?? [];
      list.push({ label: label.name, value: label.id });
      byGroup.set(key, list);
    });
    return [...byGroup.entries()].map(([label, options]) => ({ label, title: label, options }));
  }, [labels]);

  const openEditor = (group: FilterGroup | null) => setEditor({ group });

  const save = async (values: FormValues) => {
    const input = { name: values.name.trim(), tags: values.tags ?? [] };
    const ok = await changed(
      editor?.group
        ? call('patchReportProjectsByProjectIdFilterLabelSettingById', { path: { ...path, id: editor.group.id }, body: input })
        : call('postReportProjectsByProjectIdFilterLabelSetting', { path, body: { name: input.name, origin, ...(groupId !== undefined ? { group_id: groupId } : {}), tags: input.tags } }),
      t.saved,
    );
    if (!ok) return;
    setEditor(null);
    onChanged();
  };

  const remove = async (group: FilterGroup) => {
    if (await changed(call('deleteReportProjectsByProjectIdFilterLabelSettingById', { path: { ...path, id: group.id } }), t.deleted)) onChanged();
  };

  const removeChecked = async () => {
    if (!(await changed(call('postReportProjectsByProjectIdFilterLabelSettingBulkDelete', { path, body: { ids: checked } }), t.bulkDeleted))) return;
    setChecked([]);
    onChanged();
  };

  return (
    <>
      <Modal open={open} title={t.settings} onCancel={onClose} footer={null} width={720} destroyOnHidden>
        <Space style={{ marginBottom: 12 }}>
          {access.create && (
            <Button type="primary" onClick={() => openEditor(null)}>
              {t.add}
            </Button>
          )}
          {access.delete && (
            <Popconfirm title={t.confirmBulkDelete(checked.length)} onConfirm={removeChecked} disabled={checked.length === 0}>
              <Button danger disabled={checked.length === 0}>
                {t.bulkDelete}
              </Button>
            </Popconfirm>
          )}
        </Space>
        <Table<FilterGroup>
          rowKey="id"
          rowSelection={access.delete ? { selectedRowKeys: checked, onChange: (keys) => setChecked(keys as number[]) } : undefined}
          size="small"
          pagination={false}
          dataSource={groups}
          locale={{ emptyText: t.noGroups }}
          columns={[
            { title: t.name, dataIndex: 'name', key: 'name', width: 180 },
            {
              title: t.labels,
              key: 'labels',
              render: (_, group) => group.labels.map((label) => <Tag key={label.id}>{label.name}</Tag>),
            },
            ...(access.edit || access.delete
              ? [
                  {
                    title: '操作',
                    key: 'actions',
                    width: 140,
                    render: (_: unknown, group: FilterGroup) => (
                      <Space>
                        {access.edit && (
                          <Button type="link" size="small" onClick={() => openEditor(group)}>
                            {t.edit}
                          </Button>
                        )}
                        {access.delete && (
                          <Popconfirm title={t.confirmDelete} onConfirm={() => remove(group)}>
                            <Button type="link" size="small" danger>
                              {t.remove}
                            </Button>
                          </Popconfirm>
                        )}
                      </Space>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Modal>
      {editor && (
        <FormDialog<FormValues>
          open
          title={editor.group ? t.editTitle : t.addTitle}
          initial={{ name: editor.group?.name ?? '', tags: editor.group?.tags ?? [] }}
          onCancel={() => setEditor(null)}
          onSave={save}
        >
          <Form.Item name="name" label={t.name} rules={[{ required: true, whitespace: true, message: t.nameRequired }]}>
            <Input placeholder={t.namePlaceholder} maxLength={50} />
          </Form.Item>
          <Form.Item name="tags" label={t.labels} rules={[{ required: true, type: 'array', min: 1, message: t.labelsRequired }]}>
            <Select
              mode="multiple"
              allowClear
              placeholder={t.labelsPlaceholder}
              options={labelOptions}
              optionFilterProp="label"
            />
          </Form.Item>
        </FormDialog>
      )}
    </>
  );
}
