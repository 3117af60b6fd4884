import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { REPORT_KIND } from '../../src/pages/library/kinds';
import { readListQuery } from '../../src/pages/library/list-query';
import { useLibraryData } from '../../src/pages/library/use-library-data';
import { useSelection } from '../../src/pages/library/use-selection';
import { demoProject } from './msw';
import { InApp } from './render';

function useListWithSelection() {
  const data = useLibraryData(demoProject.uuid, REPORT_KIND, readListQuery(new URLSearchParams()));
  return { data, selection: useSelection(data.loadKey) };
}

describe('selection mode of a library list', () => {
  it('survives a quiet refresh of the same list and ends with a reload after a change', async () => {
    const { result } = renderHook(useListWithSelection, { wrapper: InApp });
    await waitFor(() => expect(result.current.data.items.isSuccess).toBe(true));
    act(() => result.current.selection.setChecked([3, 5]));

    // A later answer to the same query, as a refresh on focus or on coming back gives.
    await new Promise((resolve) => setTimeout(resolve, 20));
    await act(async () => void (await result.current.data.items.refetch()));
    expect(result.current.selection.selecting).toBe(true);
    expect(result.current.selection.checked).toEqual([3, 5]);

    await act(() => result.current.data.reload());
    expect(result.current.selection.selecting).toBe(false);
    expect(result.current.selection.checked).toEqual([]);
  });
});
