import { Empty, Spin } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Document, Page } from 'react-pdf';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import 'react-pdf/dist/Page/AnnotationLayer.css';
import 'react-pdf/dist/Page/TextLayer.css';
import { fileSrc } from '../uploads';
import { highlightRun, type OpenAt } from './highlight';
import { pdfOptions } from './pdf-assets';
import { pagesToRender, usePageVisibility } from './page-visibility';

const MAX_PAGE_WIDTH = 960;
/** Until the first page's size is known: A4 portrait. */
const A4_RATIO = 297 / 210;

/** The width pages are drawn at: the pane's, capped so text stays a readable size. */
function usePageWidth() {
  const [width, setWidth] = useState(MAX_PAGE_WIDTH);
  const observer = useRef<ResizeObserver | null>(null);
  const measure = useCallback((node: HTMLDivElement | null) => {
    observer.current?.disconnect();
    if (!node) return;
    const update = () => {
      // jsdom measures 0; keep the default there.
      if (node.clientWidth > 0) setWidth(Math.min(MAX_PAGE_WIDTH, node.clientWidth - 32));
    };
    update();
    observer.current = new ResizeObserver(update);
    observer.current.observe(node);
  }, []);
  return { width, measure };
}

/**
 * A PDF shown page by page as it scrolls into view: every page has a placeholder of its size
 * (page 1's until its own is known) and only the pages in view, and one either side, are
 * drawn, so a 300-page file opens as fast as a 3-page one. Give it a `key` of its url.
 */
export function PdfViewer({ url, openAt }: { url: string; openAt?: OpenAt }) {
  const [numPages, setNumPages] = useState(0);
  const [firstRatio, setFirstRatio] = useState(A4_RATIO);
  const [ratios, setRatios] = useState<Record<number, number>>({});
  const { width, measure } = usePageWidth();
  const { container, visible } = usePageVisibility(numPages);

  const loaded = (pdf: PDFDocumentProxy) => {
    setNumPages(pdf.numPages);
    setRatios({});
    void pdf.getPage(1).then((page) => {
      const viewport = page.getViewport({ scale: 1 });
      setFirstRatio(viewport.height / viewport.width);
    });
  };

  // A content search hit: once the pages have their places, the hit's page is scrolled to the top.
  const target = openAt?.page && openAt.page <= numPages ? openAt.page : undefined;
  useEffect(() => {
    if (!target) return;
    const placeholder = document.querySelector<HTMLElement>(`.pdf-viewer__page[data-page="${target}"]`);
    placeholder?.scrollIntoView?.({ block: 'start' });
  }, [target]);
  const highlight = openAt?.highlight;
  const renderText = useCallback(({ str }: { str: string }) => highlightRun(str, highlight), [highlight]);

  const drawn = pagesToRender(visible, numPages);
  return (
    <div ref={measure} className="pdf-viewer">
      <Document
        file={fileSrc(url)}
        options={pdfOptions}
        onLoadSuccess={loaded}
        loading={<Spin tip="正在加载文件…" className="pdf-viewer__status"><div /></Spin>}
        error={<Empty className="pdf-viewer__status" description="文件加载失败，请稍后重试" />}
        noData={<Empty className="pdf-viewer__status" description="暂无文件" />}
      >
        <div ref={container} className="pdf-viewer__pages">
          {Array.from({ length: numPages }, (_, index) => {
            const pageNumber = index + 1;
            const height = Math.round(width * (ratios[pageNumber] ?? firstRatio));
            return (
              <div key={pageNumber} data-page={pageNumber} className="pdf-viewer__page" style={{ width, height }}>
                {drawn.has(pageNumber) ? (
                  <Page
                    pageNumber={pageNumber}
                    width={width}
                    customTextRenderer={highlight ? renderText : undefined}
                    loading={<Spin className="pdf-viewer__page-loading" />}
                    onLoadSuccess={(page) =>
                      setRatios((known) => ({ ...known, [pageNumber]: page.originalHeight / page.originalWidth }))
                    }
                  />
                ) : (
                  <span className="pdf-viewer__page-number">{pageNumber}</span>
                )}
              </div>
            );
          })}
        </div>
      </Document>
    </div>
  );
}

export default PdfViewer;
