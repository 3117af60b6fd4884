import { useCallback, useState } from 'react';

/**
 * Selection mode, the checked ids and whether every item of the filter is selected (选择全部 N 条).
 * All belong to one load of the data: a new load (another page, a filter, a reload after an
 * action) turns selection mode off (spec section 4).
 */
export function useSelection(dataVersion: string) {
  const [state, setState] = useState({ version: dataVersion, on: false, ids: [] as number[], all: false });
  const current = state.version === dataVersion ? state : { version: dataVersion, on: false, ids: [] as number[], all: false };
  const setSelecting = useCallback((on: boolean) => setState({ version: dataVersion, on, ids: [], all: false }), [dataVersion]);
  const setChecked = useCallback((ids: number[]) => setState({ version: dataVersion, on: true, ids, all: false }), [dataVersion]);
  /** Selects every item the filter matches (the page's ids stay checked), or clears the selection. */
  const setAllMatching = useCallback((all: boolean, pageIds: number[]) => setState({ version: dataVersion, on: true, ids: all ? pageIds : [], all }), [dataVersion]);
  return { selecting: current.on, checked: current.ids, allMatching: current.all, setSelecting, setChecked, setAllMatching };
}
