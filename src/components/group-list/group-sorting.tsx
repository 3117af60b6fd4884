import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent, type Modifier } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ReactNode } from 'react';
import { dndAccessibility } from './dnd-texts';
import type { ListedGroup } from './types';

interface Props {
  look: 'card' | 'list';
  groups: ListedGroup[];
  /** The ids in their new order, after a drop that moved something. */
  onMove: (ids: number[]) => void;
  children: ReactNode;
}

const onlyVertical: Modifier = ({ transform }) => ({ ...transform, x: 0 });

/** Drag sort of the groups by pointer or keyboard (space to lift, arrows to move, space to drop, Esc to cancel). */
export function GroupSorting({ look, groups, onMove, children }: Props) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = groups.map((group) => group.id);
  const end = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onMove(arrayMove(ids, ids.indexOf(Number(active.id)), ids.indexOf(Number(over.id))));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={look === 'list' ? [onlyVertical] : undefined}
      onDragEnd={end}
      accessibility={dndAccessibility(look, groups)}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

/** One draggable group row: its node, its handle's props and its moving style. */
export function useSortableRow(id: number, enabled: boolean) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id, disabled: !enabled });
  return {
    setNodeRef,
    setActivatorNodeRef,
    isDragging,
    handle: { ...attributes, ...listeners },
    style: { transform: CSS.Translate.toString(transform), transition },
  };
}
