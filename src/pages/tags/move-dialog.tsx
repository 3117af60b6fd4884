import { Modal, Select } from 'antd';
import { useState } from 'react';
import type { LabelGroup } from '../../resources/records';

interface Props {
  open: boolean;
  count: number;
  groups: LabelGroup[];
  onCancel: () => void;
  onMove: (groupId: number) => Promise<void>;
}

/** 批量移动分组: picks the group the chosen labels move to. */
export function MoveDialog({ open, count, groups, onCancel, onMove }: Props) {
  const [target, setTarget] = useState<number>();
  const [saving, setSaving] = useState(false);
  const ok = async () => {
    if (target === undefined) return;
    setSaving(true);
    await onMove(target).finally(() => setSaving(false));
    setTarget(undefined);
  };
  return (
    <Modal
      title="批量移动分组"
      open={open}
      onCancel={onCancel}
      onOk={() => void ok()}
      okButtonProps={{ disabled: target === undefined }}
      confirmLoading={saving}
    >
      <p>将选中的 {count} 个标签移动到：</p>
      <Select
        style={{ width: '100%' }}
        placeholder="请选择标签分组"
        value={target}
        onChange={setTarget}
        options={groups.map((group) => ({ label: group.name, value: group.id }))}
      />
    </Modal>
  );
}
