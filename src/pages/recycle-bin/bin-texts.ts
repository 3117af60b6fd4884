/** What the 回收站 screen says, for deleted items and for deleted groups of an origin. */
export type Origin = '报告' | '素材';
export type Target = 'item' | 'group';

interface Named {
  name: string;
  batch_size: number;
  group_exists: boolean;
  name_taken?: boolean;
}

export interface BinTexts {
  noun: string;
  empty: string;
  notice: (days: number | string) => string;
  restoreOne: (entry: Named) => string;
  restoreBatch: (entry: Named) => string;
  restoreChosen: (count: number) => string;
  purgeOne: (entry: Named) => string;
  emptyBin: string;
}

const goneGroupNote = '原分组已删除的，将重建同名分组后放回。';

function itemTexts(origin: Origin): BinTexts {
  return {
    noun: origin,
    empty: `回收站中没有${origin}`,
    notice: (days) => `删除的${origin}在回收站保留 ${days} 天，到期后连同文件彻底删除。还原后回到原分组并带回标签；${goneGroupNote}`,
    restoreOne: (entry) => `确定还原「${entry.name}」吗？${entry.group_exists ? '' : goneGroupNote}`,
    restoreBatch: (entry) => `确定还原与「${entry.name}」同一次删除的 ${entry.batch_size} 项吗？${goneGroupNote}`,
    restoreChosen: (count) => `确定还原所选的 ${count} 项吗？${goneGroupNote}`,
    purgeOne: (entry) => `此操作将彻底删除「${entry.name}」及其文件，无法恢复，是否继续操作?`,
    emptyBin: `此操作将彻底删除回收站中的全部${origin}及其文件，无法恢复，是否继续操作?`,
  };
}

function groupTexts(origin: Origin): BinTexts {
  const back = `其中删除分组时所含、至今仍未分组的${origin}将移回该分组（已移至其他分组或已删除的保持不变）。`;
  const merged = '已有同名分组的，将并入该分组。';
  const untouched = `（其中的${origin}不受影响）`;
  return {
    noun: `${origin}分组`,
    empty: `回收站中没有${origin}分组`,
    notice: (days) => `删除的${origin}分组在回收站保留 ${days} 天，到期后彻底删除${untouched}。还原时重建分组，${back}${merged}`,
    restoreOne: (entry) => `确定还原分组「${entry.name}」吗？${back}${entry.name_taken ? '已有同名分组，将并入该分组。' : ''}`,
    restoreBatch: (entry) => `确定还原与「${entry.name}」同一次删除的 ${entry.batch_size} 个分组吗？${back}${merged}`,
    restoreChosen: (count) => `确定还原所选的 ${count} 个分组吗？${back}${merged}`,
    purgeOne: (entry) => `此操作将彻底删除分组「${entry.name}」${untouched}，无法还原，是否继续操作?`,
    emptyBin: `此操作将彻底删除回收站中的全部${origin}分组${untouched}，无法还原，是否继续操作?`,
  };
}

export const binTexts = (origin: Origin, target: Target): BinTexts => (target === 'group' ? groupTexts(origin) : itemTexts(origin));
