import { useCallback, useEffect, useState } from 'react';

/** Pages in view and one either side: the ones worth drawing. */
export function pagesToRender(visible: ReadonlySet<number>, numPages: number): Set<number> {
  const pages = new Set<number>();
  for (const page of visible) {
    for (const near of [page - 1, page, page + 1]) if (near >= 1 && near <= numPages) pages.add(near);
  }
  return pages;
}

/** The nearest ancestor that scrolls, so the look-ahead margin applies to it rather than the window. */
function scrollParent(node: HTMLElement): HTMLElement | null {
  for (let parent = node.parentElement; parent; parent = parent.parentElement) {
    if (/(auto|scroll)/.test(getComputedStyle(parent).overflowY)) return parent;
  }
  return null;
}

/**
 * Which page placeholders (`[data-page]` children of the returned ref's node) are in view.
 * Page 1 counts as visible until the observer says otherwise, and wherever there is no
 * IntersectionObserver.
 */
export function usePageVisibility(numPages: number) {
  const [node, setNode] = useState<HTMLElement | null>(null);
  const [visible, setVisible] = useState<ReadonlySet<number>>(() => new Set([1]));
  const container = useCallback((element: HTMLElement | null) => setNode(element), []);

  useEffect(() => {
    if (!node || numPages === 0 || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) =>
        setVisible((before) => {
          const next = new Set(before);
          for (const entry of entries) {
            const page = Number((entry.target as HTMLElement).dataset.page);
            if (entry.isIntersecting) next.add(page);
            else next.delete(page);
          }
          return next;
        }),
      // Start drawing a little before a page scrolls in.
      { root: scrollParent(node), rootMargin: '300px 0px' },
    );
    node.querySelectorAll<HTMLElement>('[data-page]').forEach((placeholder) => observer.observe(placeholder));
    return () => observer.disconnect();
  }, [node, numPages]);

  return { container, visible };
}
