import { App } from 'antd';
import { useState } from 'react';
import { feedback } from '../../lib/feedback';
import { changed } from '../../lib/changed';
import type { GroupListProps, ListedGroup } from './types';
import { arrange, sameOrder } from './order';

type GroupListState<G extends ListedGroup> = ReturnType<typeof useGroupList<G>>;

/** What a look draws from: the widget's props and its state. */
export interface LookProps<G extends ListedGroup> {
  props: GroupListProps<G>;
  list: GroupListState<G>;
}

/** What a group list does, whatever its look: manage mode, checks, the drafted order and the calls' messages. */
export function useGroupList<G extends ListedGroup>({ saveOrder, texts, groups, selected, onSelect, onChanged, ...calls }: GroupListProps<G>) {
  const { modal } = App.useApp();
  const [managing, setManaging] = useState(false);
  const [checked, setChecked] = useState<number[]>([]);
  const [order, setOrder] = useState<number[]>();
  const [busy, setBusy] = useState(false);
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<G>();
  const shown = order ? arrange(groups, order) : groups;
  const dirty = !sameOrder(shown, groups);

  const manage = (on: boolean) => {
    setManaging(on);
    setChecked([]);
    setOrder(undefined);
  };

  /** Resolves whether the group was added. */
  const create = async (name: string) => {
    setBusy(true);
    try {
      feedback.success(await calls.onCreate(name));
    } catch {
      return false;
    } finally {
      setBusy(false);
    }
    setAdding(false);
    onChanged();
    return true;
  };

  /** Resolves whether the new name holds. */
  const rename = async (group: G, name: string) => {
    if (!(await changed(calls.onRename(group, name), '修改分组名称成功'))) return false;
    setRenaming(undefined);
    onChanged();
    return true;
  };

  const sort = async (ids: number[]) => {
    setOrder(ids);
    setBusy(true);
    try {
      await calls.onSort(arrange(groups, ids));
      feedback.success('排序成功');
    } catch {
      if (texts.sortFailed) feedback.error(texts.sortFailed);
      setOrder(undefined);
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
      content: texts.deleteConfirm(checked.length),
      okType: 'danger',
      onOk: async () => {
        if (!(await changed(calls.onDelete(checked), '批量删除成功!'))) return;
        if (selected !== undefined && checked.includes(selected)) onSelect(undefined);
        setChecked([]);
        onChanged();
      },
    });
  };

  const removeOne = (group: G) => {
    const deleteOne = calls.onDeleteOne;
    if (!deleteOne) return;
    modal.confirm({
      title: '提示',
      content: texts.deleteConfirm(1),
      okType: 'danger',
      onOk: async () => {
        if (!(await changed(deleteOne(group), '删除成功'))) return;
        if (selected === group.id) onSelect(undefined);
        setChecked((now) => now.filter((id) => id !== group.id));
        onChanged();
      },
    });
  };

  const leave = () => {
    if (!dirty) {
      manage(false);
      return;
    }
    modal.confirm({
      title: '提示',
      content: '分组顺序已修改，是否保存？',
      okText: '保存',
      cancelText: '不保存',
      onOk: async () => {
        await sort(shown.map((group) => group.id));
        manage(false);
      },
      onCancel: () => {
        onChanged();
        manage(false);
      },
    });
  };

  return {
    managing, manage, leave, shown, dirty, busy, checked, adding, setAdding, renaming, setRenaming, create, rename, remove, removeOne,
    saveOrder: () => void sort(shown.map((group) => group.id)),
    /** A drop: saved now, or drafted until 保存排序. */
    move: (ids: number[]) => (saveOrder === 'on-drop' ? void sort(ids) : setOrder(ids)),
    check: (id: number, on: boolean) => setChecked((now) => (on ? [...now, id] : now.filter((other) => other !== id))),
  };
}
