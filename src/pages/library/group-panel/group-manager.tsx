import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CheckOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Empty, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { feedback } from '../../../lib/feedback';
import type { LibraryGroup } from '../api';
import type { GroupPanelProps } from './group-panel';
import { dndAccessibility } from './dnd-texts';
import { arrange, sameOrder } from './order';
import { SortableGroupRow } from './sortable-group-row';

export interface GroupAccess {
  create: boolean;
  edit: boolean;
  remove: boolean;
}

type Props = GroupPanelProps & { onExit: () => void };

/** Edit mode of the group panel: add, rename in place, drag to sort (saved on demand), batch delete. */
export function GroupManager({ noun, groups, selected, onSelect, access, api, userUuid, onChanged, onExit }: Props) {
  const { modal } = App.useApp();
  const [order, setOrder] = useState<number[] | null>(null);
  const [checked, setChecked] = useState<number[]>([]);
  const [newName, setNewName] = useState('');
  const [busy, setBusy] = useState(false);
  const shown = order ? arrange(groups, order) : groups;
  const dirty = !sameOrder(shown, groups);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const add = async () => {
    const name = newName.trim();
    if (!name) {
      feedback.warning('分组名称必填！');
      return;
    }
    setBusy(true);
    try {
      const answer = await api.createGroup(name, groups.length, userUuid);
      feedback.success(answer.message || '新增分组成功');
      setNewName('');
      onChanged();
    } catch {
      // The HTTP layer has shown the server's message.
    } finally {
      setBusy(false);
    }
  };

  /** Answers whether the new name holds; the input goes back to the old name otherwise. */
  const rename = async (group: LibraryGroup, text: string): Promise<boolean> => {
    const name = text.trim();
    if (name === group.name) return true;
    if (!name) {
      feedback.warning('组名不能为空');
      return false;
    }
    try {
      await api.renameGroup(group, name, userUuid);
    } catch {
      return false;
    }
    feedback.success('修改分组名称成功');
    onChanged();
    return true;
  };

  const save = async () => {
    setBusy(true);
    try {
      await api.sortGroups(shown, userUuid);
      feedback.success('排序成功');
    } catch {
      feedback.error('数据保存失败!');
      setOrder(null);
    } finally {
      setBusy(false);
      onChanged();
    }
  };

  const remove = () => {
    if (checked.length === 0) {
      feedback.warning('请选择删除分组');
      return;
    }
    modal.confirm({
      title: '提示',
      content: `此操作将永久删除${checked.length}个分组，分组中的${noun}将移出分组，是否继续操作?`,
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
  };

  const exit = () => {
    if (!dirty) {
      onExit();
      return;
    }
    modal.confirm({
      title: '提示',
      content: '分组顺序已修改，是否保存？',
      okText: '保存',
      cancelText: '不保存',
      onOk: async () => {
        await save();
        onExit();
      },
      onCancel: () => {
        setOrder(null);
        onChanged();
        onExit();
      },
    });
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const ids = shown.map((group) => group.id);
    setOrder(arrayMove(ids, ids.indexOf(Number(active.id)), ids.indexOf(Number(over.id))));
  };

  return (
    <div className="group-manager">
      <div className="group-panel__header">
        <Typography.Text strong>分组管理</Typography.Text>
        <Button size="small" type="primary" icon={<CheckOutlined />} onClick={exit}>
          完成
        </Button>
      </div>
      {access.create && (
        <Space.Compact className="group-manager__add">
          <Input
            placeholder="请输入分组名称"
            aria-label="新分组名称"
            maxLength={50}
            value={newName}
            onChange={(event) => setNewName(event.target.value)}
            onPressEnter={() => void add()}
          />
          <Button icon={<PlusOutlined />} onClick={() => void add()} loading={busy}>
            添加
          </Button>
        </Space.Compact>
      )}
      {shown.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无分组" />
      ) : (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={dndAccessibility(shown)}>
          <SortableContext items={shown.map((group) => group.id)} strategy={verticalListSortingStrategy}>
            <ul className="group-manager__list">
              {shown.map((group) => (
                <SortableGroupRow
                  key={`${group.id}:${group.name}`}
                  group={group}
                  canSort={access.edit}
                  canRename={access.edit}
                  canCheck={access.remove}
                  checked={checked.includes(group.id)}
                  onCheck={(on) => setChecked((now) => (on ? [...now, group.id] : now.filter((id) => id !== group.id)))}
                  onRename={(name) => rename(group, name)}
                />
              ))}
            </ul>
          </SortableContext>
        </DndContext>
      )}
      <Space className="group-manager__actions">
        {access.edit && (
          <Button type="primary" disabled={!dirty} loading={busy} onClick={() => void save()}>
            保存排序
          </Button>
        )}
        {access.remove && (
          <Button danger icon={<DeleteOutlined />} onClick={remove}>
            删除
          </Button>
        )}
      </Space>
    </div>
  );
}
