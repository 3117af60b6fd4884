import { useCallback, useState } from 'react';

/**
 * Selection mode and the checked ids. Both belong to one load of the data: a new load
 * (another page, a filter, a reload after an action) turns selection mode off (spec section 4).
 */
export function useSelection(dataVersion: string) {
  const [state, setState] = useState({ version: dataVersion, on: false, ids: [] as number[] });
  const current = state.version === dataVersion ? state : { version: dataVersion, on: false, ids: [] as number[] };
  const setSelecting = useCallback((on: boolean) => setState({ version: dataVersion, on, ids: [] }), [dataVersion]);
  const setChecked = useCallback((ids: number[]) => setState({ version: dataVersion, on: true, ids }), [dataVersion]);
  return { selecting: current.on, checked: current.ids, setSelecting, setChecked };
}
