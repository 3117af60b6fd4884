import { HolderOutlined } from '@ant-design/icons';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Checkbox, Input } from 'antd';
import { useState } from 'react';
import type { LibraryGroup } from '../api';

interface Props {
  group: LibraryGroup;
  canSort: boolean;
  canRename: boolean;
  canCheck: boolean;
  checked: boolean;
  onCheck: (checked: boolean) => void;
  /** Resolves false when the name was refused; the input then shows the old name again. */
  onRename: (name: string) => Promise<boolean>;
}

/** One group in the manager: a checkbox for batch delete, a drag handle, the name as an input. */
export function SortableGroupRow({ group, canSort, canRename, canCheck, checked, onCheck, onRename }: Props) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: group.id,
    disabled: !canSort,
  });
  const [draft, setDraft] = useState(group.name);
  const [saving, setSaving] = useState(false);

  const commit = async () => {
    if (saving || draft === group.name) return;
    setSaving(true);
    const kept = await onRename(draft);
    setSaving(false);
    if (!kept) setDraft(group.name);
  };

  return (
    <li
      ref={setNodeRef}
      className={`group-manager__row${isDragging ? ' group-manager__row--dragging' : ''}`}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      {canCheck && <Checkbox checked={checked} aria-label={`选择分组 ${group.name}`} onChange={(event) => onCheck(event.target.checked)} />}
      {canSort && (
        <button type="button" ref={setActivatorNodeRef} className="group-manager__handle" {...attributes} {...listeners} aria-label={`拖动排序 ${group.name}`}>
          <HolderOutlined />
        </button>
      )}
      {canRename ? (
        <Input
          size="small"
          className="group-manager__name"
          aria-label={`分组名称 ${group.name}`}
          maxLength={50}
          value={draft}
          disabled={saving}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={() => void commit()}
          onPressEnter={(event) => event.currentTarget.blur()}
        />
      ) : (
        <span className="group-manager__name">{group.name}</span>
      )}
      <span className="group-panel__count">{group.num}</span>
    </li>
  );
}
