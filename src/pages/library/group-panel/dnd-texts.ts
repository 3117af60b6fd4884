import type { Announcements, ScreenReaderInstructions, UniqueIdentifier } from '@dnd-kit/core';

const screenReaderInstructions: ScreenReaderInstructions = {
  draggable: '按空格键或回车键拿起分组，用上下方向键移动，再按空格键或回车键放下，按 Esc 键取消。',
};

/** dnd-kit's screen-reader texts in Chinese, naming the groups. */
export function dndAccessibility(groups: { id: number; name: string }[]) {
  const name = (id: UniqueIdentifier | undefined) => groups.find((group) => group.id === Number(id))?.name ?? '';
  const position = (id: UniqueIdentifier | undefined) => groups.findIndex((group) => group.id === Number(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `已拿起分组 ${name(active.id)}`,
    onDragOver: ({ active, over }) => (over ? `分组 ${name(active.id)} 移到第 ${position(over.id)} 位` : `分组 ${name(active.id)} 不在列表上`),
    onDragEnd: ({ active, over }) => (over ? `分组 ${name(active.id)} 放在第 ${position(over.id)} 位` : `分组 ${name(active.id)} 已放下`),
    onDragCancel: ({ active }) => `已取消移动分组 ${name(active.id)}`,
  };
  return { announcements, screenReaderInstructions };
}
