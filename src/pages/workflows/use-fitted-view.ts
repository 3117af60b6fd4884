import { useReactFlow, useStore } from '@xyflow/react';
import { useCallback, useEffect, useRef } from 'react';

export const FIT_VIEW_OPTIONS = { maxZoom: 1.2 };

/**
 * Fits the DAG to its canvas again after an edit, a resize of the canvas (the window, the page
 * around it), and whenever a task is outside it, so no task is left outside. A view the user zoomed or panned themselves is kept,
 * except when a task or link is added: what was added must be seen.
 * `ids` names every task and link shown; must be used inside the canvas's ReactFlowProvider.
 */
export function useFittedView(ids: string[]) {
  const { fitView } = useReactFlow();
  const moved = useRef(false);
  const shown = useRef(new Set(ids));
  const key = ids.join(',');
  useEffect(() => {
    const before = shown.current;
    const now = new Set(key.split(','));
    shown.current = now;
    const added = [...now].some((id) => !before.has(id));
    const removed = [...before].some((id) => !now.has(id));
    if (added) moved.current = false;
    // Queued by React Flow until the new nodes are measured.
    if ((added || removed) && !moved.current) void fitView(FIT_VIEW_OPTIONS);
  }, [key, fitView]);

  const width = useStore((state) => state.width);
  const height = useStore((state) => state.height);
  // Fitted again when the canvas is resized, and when a task is past its edge, whatever put it
  // there (a task grown by a run's state, a fit done for a moment's canvas size under load).
  const taskOutside = useStore(({ nodeLookup, transform: [x, y, zoom], width: canvasWidth, height: canvasHeight }) =>
    [...nodeLookup.values()].some(({ internals: { positionAbsolute: at }, measured }) => {
      const left = x + at.x * zoom;
      const top = y + at.y * zoom;
      return left < 0 || top < 0 || left + (measured.width ?? 0) * zoom > canvasWidth || top + (measured.height ?? 0) * zoom > canvasHeight;
    }),
  );
  useEffect(() => {
    if (width > 0 && height > 0 && !moved.current) void fitView(FIT_VIEW_OPTIONS);
  }, [width, height, taskOutside, fitView]);

  return {
    /** The user zoomed or panned (a programmatic move has no event). */
    onMoveEnd: useCallback((event: unknown) => {
      if (event) moved.current = true;
    }, []),
    onZoomed: useCallback(() => {
      moved.current = true;
    }, []),
    onFitted: useCallback(() => {
      moved.current = false;
    }, []),
  };
}
