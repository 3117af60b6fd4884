import { PlusOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Flex, List, Modal, Space, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { feedback } from '../../lib/feedback';
import type { LabelApi, LabelGroup } from './api';
import { GroupNameDialog } from './group-name-dialog';
import { AllRow, GroupRow } from './group-row';
import { GroupSort } from './group-sort';

/** Which of add, edit and delete the user may do. */
export interface CrudAccess {
  create: boolean;
  edit: boolean;
  delete: boolean;
}

interface Props {
  api: LabelApi;
  groups: LabelGroup[];
  total: number;
  selected?: number;
  access: CrudAccess;
  onSelect: (id: number | undefined) => void;
  /** Reload groups (and labels, whose groups may have gone). */
  onChanged: () => void;
}

/** The label-group side list: 全部 plus each group, with a manager for add, rename, drag sort and delete. */
export function GroupPanel({ api, groups, total, selected, access, onSelect, onChanged }: Props) {
  const [managing, setManaging] = useState(false);
  const [checked, setChecked] = useState<number[]>([]);
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<LabelGroup>();
  // The dropped order shows until the groups reload; it belongs to the list it was made from.
  const [dropped, setDropped] = useState<{ from: LabelGroup[]; ids: number[] }>();
  const mayManage = access.create || access.edit || access.delete;
  const shown =
    dropped?.from === groups
      ? dropped.ids.flatMap((id) => groups.filter((group) => group.id === id))
      : groups;

  const add = async (name: string) => {
    try {
      await api.createGroup(name);
    } catch {
      return false;
    }
    feedback.success('新增标签分组成功');
    setAdding(false);
    onChanged();
    return true;
  };

  const rename = async (name: string) => {
    if (!renaming) return false;
    try {
      await api.renameGroup(renaming.id, name);
    } catch {
      return false;
    }
    feedback.success('修改分组名称成功');
    setRenaming(undefined);
    onChanged();
    return true;
  };

  const sort = async (ids: number[]) => {
    setDropped({ from: groups, ids });
    try {
      await api.sortGroups(ids);
    } catch {
      // The HTTP layer has shown the server's message; the old order comes back.
      setDropped(undefined);
      return;
    }
    feedback.success('排序成功');
    onChanged();
  };

  const remove = () =>
    Modal.confirm({
      title: '提示',
      content: `此操作将永久删除${checked.length}个标签分组，分组下的标签也将一并删除，是否继续操作?`,
      okType: 'danger',
      onOk: async () => {
        try {
          await api.deleteGroups(checked);
        } catch {
          return;
        }
        feedback.success('批量删除成功!');
        if (selected !== undefined && checked.includes(selected)) onSelect(undefined);
        setChecked([]);
        onChanged();
      },
    });

  const toggle = (id: number, on: boolean) => setChecked((now) => (on ? [...now, id] : now.filter((x) => x !== id)));

  return (
    <Flex vertical gap={8} style={{ width: 240, flex: 'none' }}>
      <Flex justify="space-between" align="center">
        <Typography.Text strong>标签分组</Typography.Text>
        <Space size={4}>
          {access.create && (
            <Tooltip title="新增分组">
              <Button size="small" type="text" icon={<PlusOutlined />} aria-label="新增分组" onClick={() => setAdding(true)} />
            </Tooltip>
          )}
          {mayManage && (
            <Tooltip title="管理分组">
              <Button
                size="small"
                type={managing ? 'primary' : 'text'}
                icon={<SettingOutlined />}
                aria-label="管理分组"
                onClick={() => {
                  setManaging(!managing);
                  setChecked([]);
                }}
              />
            </Tooltip>
          )}
        </Space>
      </Flex>
      {managing && access.edit && shown.length > 1 && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          拖动分组左侧的手柄调整顺序
        </Typography.Text>
      )}
      <GroupSort groups={shown} onSort={(ids) => void sort(ids)}>
        <List
          size="small"
          bordered
          dataSource={[{ key: 'all' }, ...shown.map((group) => ({ key: String(group.id), group }))]}
          renderItem={({ group }: { key: string; group?: LabelGroup }) =>
            group ? (
              <GroupRow
                group={group}
                selected={selected === group.id}
                onSelect={() => onSelect(group.id)}
                managing={managing}
                sortable={access.edit}
                checked={checked.includes(group.id)}
                onCheck={access.delete ? (on) => toggle(group.id, on) : undefined}
                onRename={access.edit ? () => setRenaming(group) : undefined}
              />
            ) : (
              <AllRow total={total} selected={selected === undefined} onSelect={() => onSelect(undefined)} />
            )
          }
        />
      </GroupSort>
      {managing && access.delete && (
        <Button danger disabled={checked.length === 0} onClick={remove}>
          删除分组
        </Button>
      )}
      <GroupNameDialog title="新增标签分组" formName="addLabelGroup" open={adding} required="分组名称必填！" onCancel={() => setAdding(false)} onSave={add} />
      <GroupNameDialog title="修改分组名称" formName="renameLabelGroup" open={Boolean(renaming)} initial={renaming?.name} required="组名不能为空"
        onCancel={() => setRenaming(undefined)} onSave={rename} />
    </Flex>
  );
}
