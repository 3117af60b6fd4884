import { useEffect, useRef, type ReactNode } from 'react';

/**
 * react-pdf in page tests: pdf.js needs a real canvas, DOMMatrix and a worker, which jsdom lacks
 * (the browser test tests/e2e/report-detail.test.ts draws real pages). A document of three pages,
 * each page a line of text.
 */
export const pdfjs = { GlobalWorkerOptions: {} };

export function Document({ file, onLoadSuccess, children }: { file: string; onLoadSuccess: (pdf: unknown) => void; children: ReactNode }) {
  // Loaded once, as pdf.js does, whatever callback later renders pass.
  const loaded = useRef(onLoadSuccess);
  useEffect(() => {
    loaded.current({ numPages: 3, getPage: async () => ({ getViewport: () => ({ width: 600, height: 800 }) }) });
  }, []);
  return (
    <div role="document" aria-label="PDF" data-file={file}>
      {children}
    </div>
  );
}

export const Page = ({ pageNumber }: { pageNumber: number }) => <div>PDF 第 {pageNumber} 页</div>;
