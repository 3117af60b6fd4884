import { ArrowDownOutlined, ArrowUpOutlined, EditOutlined, PlusOutlined, SettingOutlined } from '@ant-design/icons';
import { Badge, Button, Checkbox, Flex, List, Modal, Space, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { feedback } from '../../lib/feedback';
import type { LabelApi, LabelGroup } from './api';
import { GroupNameDialog } from './group-name-dialog';

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

/** The label-group side list: 全部 plus each group, with a manager for add, rename, sort and delete. */
export function GroupPanel({ api, groups, total, selected, access, onSelect, onChanged }: Props) {
  const [managing, setManaging] = useState(false);
  const [checked, setChecked] = useState<number[]>([]);
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<LabelGroup>();
  const mayManage = access.create || access.edit || access.delete;

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

  const move = async (index: number, step: -1 | 1) => {
    const ids = groups.map((group) => group.id);
    [ids[index], ids[index + step]] = [ids[index + step], ids[index]];
    try {
      await api.sortGroups(ids);
    } catch {
      return;
    }
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
      <List
        size="small"
        bordered
        dataSource={[{ key: 'all' }, ...groups.map((group) => ({ key: String(group.id), group }))]}
        renderItem={({ group }: { key: string; group?: LabelGroup }) => {
          const id = group?.id;
          const index = group ? groups.indexOf(group) : -1;
          return (
            <List.Item
              style={{ cursor: 'pointer', background: selected === id ? 'rgba(22,119,255,0.08)' : undefined }}
              onClick={() => onSelect(id)}
              actions={
                managing && group
                  ? [
                      access.edit && (
                        <Button key="up" size="small" type="text" icon={<ArrowUpOutlined />} aria-label="上移"
                          disabled={index === 0} onClick={(e) => { e.stopPropagation(); void move(index, -1); }} />
                      ),
                      access.edit && (
                        <Button key="down" size="small" type="text" icon={<ArrowDownOutlined />} aria-label="下移"
                          disabled={index === groups.length - 1} onClick={(e) => { e.stopPropagation(); void move(index, 1); }} />
                      ),
                      access.edit && (
                        <Button key="rename" size="small" type="text" icon={<EditOutlined />} aria-label="重命名"
                          onClick={(e) => { e.stopPropagation(); setRenaming(group); }} />
                      ),
                    ].filter(Boolean)
                  : undefined
              }
            >
              <Space>
                {managing && group && access.delete && (
                  <Checkbox checked={checked.includes(group.id)} onClick={(e) => e.stopPropagation()}
                    onChange={(e) => toggle(group.id, e.target.checked)} />
                )}
                <span>{group ? group.name : '全部'}</span>
                <Badge count={group ? group.label_num : total} showZero overflowCount={99999} color="#8c8c8c" />
              </Space>
            </List.Item>
          );
        }}
      />
      {managing && access.delete && (
        <Button danger disabled={checked.length === 0} onClick={remove}>
          删除分组
        </Button>
      )}
      <GroupNameDialog title="新增标签分组" open={adding} required="分组名称必填！" onCancel={() => setAdding(false)} onSave={add} />
      <GroupNameDialog title="修改分组名称" open={Boolean(renaming)} initial={renaming?.name} required="组名不能为空"
        onCancel={() => setRenaming(undefined)} onSave={rename} />
    </Flex>
  );
}
