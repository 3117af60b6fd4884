import type { Announcements, ScreenReaderInstructions, UniqueIdentifier } from '@dnd-kit/core';

type Say = (name: string, position: number) => string;
type Speech = Record<'start' | 'over' | 'away' | 'end' | 'dropped' | 'cancel', Say> & { instructions: string };

// Each look keeps the wording its screen had.
const speech: Record<'card' | 'list', Speech> = {
  card: {
    start: (name) => `已拿起分组 ${name}`, over: (name, at) => `分组 ${name} 移到第 ${at} 位`, away: (name) => `分组 ${name} 不在列表上`,
    end: (name, at) => `分组 ${name} 放在第 ${at} 位`, dropped: (name) => `分组 ${name} 已放下`, cancel: (name) => `已取消移动分组 ${name}`,
    instructions: '按空格键或回车键拿起分组，用上下方向键移动，再按空格键或回车键放下，按 Esc 键取消。',
  },
  list: {
    start: (name, at) => `已拿起分组「${name}」，位于第 ${at} 位。`, over: (name, at) => `分组「${name}」移到第 ${at} 位。`,
    away: (name) => `分组「${name}」不在列表中。`, end: (name, at) => `分组「${name}」放在第 ${at} 位。`,
    dropped: (name) => `分组「${name}」已放下。`, cancel: (name) => `已取消拖动，分组「${name}」回到原位。`,
    instructions: '按空格键拿起分组，用上下方向键移动，再按空格键放下；按 Esc 取消。',
  },
};

/** dnd-kit's screen-reader texts in Chinese, naming the groups. */
export function dndAccessibility(look: 'card' | 'list', groups: { id: number; name: string }[]) {
  const say = speech[look];
  const name = (id: UniqueIdentifier) => groups.find((group) => group.id === Number(id))?.name ?? '';
  const position = (id: UniqueIdentifier) => groups.findIndex((group) => group.id === Number(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => say.start(name(active.id), position(active.id)),
    onDragOver: ({ active, over }) => (over ? say.over(name(active.id), position(over.id)) : say.away(name(active.id), 0)),
    onDragEnd: ({ active, over }) => (over ? say.end(name(active.id), position(over.id)) : say.dropped(name(active.id), 0)),
    onDragCancel: ({ active }) => say.cancel(name(active.id), 0),
  };
  const screenReaderInstructions: ScreenReaderInstructions = { draggable: say.instructions };
  return { announcements, screenReaderInstructions };
}
