import {
  closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors,
  type Announcements, type DragEndEvent, type Modifier, type UniqueIdentifier,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import type { ReactNode } from 'react';
import type { LabelGroup } from './api';

interface Props {
  groups: LabelGroup[];
  /** The ids in their new order, after a drop that moved something. */
  onSort: (ids: number[]) => void;
  children: ReactNode;
}

const onlyVertical: Modifier = ({ transform }) => ({ ...transform, x: 0 });

/** Drag sort of the label groups by pointer or keyboard (space to lift, arrows to move, space to drop, Esc to cancel). */
export function GroupSort({ groups, onSort, children }: Props) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = groups.map((group) => group.id);
  const nameOf = (id: UniqueIdentifier) => groups.find((group) => group.id === id)?.name ?? '';
  const position = (id: UniqueIdentifier) => ids.indexOf(Number(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `已拿起分组「${nameOf(active.id)}」，位于第 ${position(active.id)} 位。`,
    onDragOver: ({ active, over }) =>
      over ? `分组「${nameOf(active.id)}」移到第 ${position(over.id)} 位。` : `分组「${nameOf(active.id)}」不在列表中。`,
    onDragEnd: ({ active, over }) =>
      over ? `分组「${nameOf(active.id)}」放在第 ${position(over.id)} 位。` : `分组「${nameOf(active.id)}」已放下。`,
    onDragCancel: ({ active }) => `已取消拖动，分组「${nameOf(active.id)}」回到原位。`,
  };

  const end = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onSort(arrayMove(ids, ids.indexOf(Number(active.id)), ids.indexOf(Number(over.id))));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={[onlyVertical]}
      onDragEnd={end}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: '按空格键拿起分组，用上下方向键移动，再按空格键放下；按 Esc 取消。' },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}
