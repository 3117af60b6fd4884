import { EditOutlined, HolderOutlined } from '@ant-design/icons';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Badge, Button, Checkbox, Flex, List, theme, Typography } from 'antd';
import { forwardRef, type CSSProperties, type ReactNode } from 'react';
import type { LabelGroup } from './api';

const selectedBackground = 'rgba(22,119,255,0.08)';

interface RowProps {
  name: string;
  count: number;
  selected: boolean;
  onSelect: () => void;
  /** Shown before the name (drag handle, checkbox). */
  leading?: ReactNode;
  actions?: ReactNode;
  style?: CSSProperties;
}

const Row = forwardRef<HTMLDivElement, RowProps>(function Row({ name, count, selected, onSelect, leading, actions, style }, ref) {
  return (
    <List.Item
      ref={ref}
      style={{ cursor: 'pointer', background: selected ? selectedBackground : undefined, ...style }}
      onClick={onSelect}
    >
      <Flex align="center" gap={8} style={{ width: '100%', minWidth: 0 }}>
        {leading}
        <Typography.Text ellipsis={{ tooltip: name }} style={{ flex: 1, minWidth: 0 }}>
          {name}
        </Typography.Text>
        <Badge count={count} showZero overflowCount={99999} color="#8c8c8c" />
        {actions}
      </Flex>
    </List.Item>
  );
});

/** The 全部 row: every label of the project. */
export function AllRow({ total, selected, onSelect }: { total: number; selected: boolean; onSelect: () => void }) {
  return <Row name="全部" count={total} selected={selected} onSelect={onSelect} />;
}

interface GroupRowProps {
  group: LabelGroup;
  selected: boolean;
  onSelect: () => void;
  /** Managing: a drag handle (when sortable), a checkbox (when deletable) and rename (when renamable). */
  managing: boolean;
  sortable: boolean;
  checked?: boolean;
  onCheck?: (on: boolean) => void;
  onRename?: () => void;
}

/** One label group; while managing, it can be dragged by its handle and keyboard. */
export function GroupRow({ group, selected, onSelect, managing, sortable, checked, onCheck, onRename }: GroupRowProps) {
  const draggable = managing && sortable;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: group.id,
    disabled: !draggable,
  });
  const { token } = theme.useToken();
  const style: CSSProperties = {
    transform: CSS.Translate.toString(transform),
    transition,
    position: 'relative',
    ...(isDragging && { zIndex: 1, background: token.colorBgElevated, boxShadow: token.boxShadowSecondary }),
  };
  const leading = managing && (
    <>
      {draggable && (
        <Button
          ref={setActivatorNodeRef}
          size="small"
          type="text"
          icon={<HolderOutlined />}
          aria-label={`拖动排序：${group.name}`}
          style={{ cursor: isDragging ? 'grabbing' : 'grab' }}
          onClick={(event) => event.stopPropagation()}
          {...attributes}
          {...listeners}
        />
      )}
      {onCheck && (
        <Checkbox checked={checked} onClick={(event) => event.stopPropagation()} onChange={(event) => onCheck(event.target.checked)} />
      )}
    </>
  );
  const actions = managing && onRename && (
    <Button size="small" type="text" icon={<EditOutlined />} aria-label="重命名"
      onClick={(event) => { event.stopPropagation(); onRename(); }} />
  );
  return (
    <Row ref={setNodeRef} name={group.name} count={group.label_num} selected={selected} onSelect={onSelect} leading={leading}
      actions={actions} style={style} />
  );
}
