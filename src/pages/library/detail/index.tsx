import { useRef } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { feedback } from '../../../lib/feedback';
import type { LibraryKind } from '../kinds';
import { DetailHeader } from './detail-header';
import { FileViewer } from './file-viewer';
import { InfoPanel } from './info-panel';
import { ScrollButtons } from './scroll-buttons';
import { useDetailItem } from './use-detail-item';
import './detail.css';

/**
 * The list of the route family the detail was opened in (/report/… or /cstjPage/…): the screen
 * named by the `from` query parameter (e.g. statistics), else the family's report list.
 */
function listPath(pathname: string, search: string, projectId: string): string {
  const area = pathname.split('/')[1] || 'report';
  const from = new URLSearchParams(search).get('from') ?? '';
  return `/${area}/${projectId}/${/^[A-Za-z]+$/.test(from) ? from : 'reportList'}`;
}

/**
 * The detail screen of a library item (spec section 2, 报告详情): back, fullscreen and
 * download, the item's information, and its file previewed inline.
 */
export function LibraryDetail({ kind }: { kind: LibraryKind }) {
  const { projectId = '' } = useParams();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const item = useDetailItem(kind, projectId);
  const viewer = useRef<HTMLDivElement>(null);
  const pane = useRef<HTMLDivElement>(null);

  const back = () => {
    // The router numbers its history entries; idx 0 means the detail was opened directly.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate(listPath(pathname, search, projectId));
  };
  const fullscreen = () => {
    const target = viewer.current ?? document.documentElement;
    if (!target.requestFullscreen) {
      feedback.warning('当前浏览器不支持全屏');
      return;
    }
    target.requestFullscreen().catch(() => feedback.warning('当前浏览器不支持全屏'));
  };

  return (
    <div className="library-detail">
      <DetailHeader
        title={item.name || `${kind.entity}详情`}
        onBack={back}
        onFullscreen={fullscreen}
        file={item.file}
        fileName={item.real_file_name || item.name}
      />
      <div className="library-detail__body">
        <InfoPanel item={item} noun={kind.entity} />
        <div ref={viewer} className="library-detail__viewer">
          <div ref={pane} className="library-detail__pane" aria-label="文件预览">
            <FileViewer file={item.file} realFileName={item.real_file_name} projectUuid={projectId} />
          </div>
          <ScrollButtons pane={pane} />
        </div>
      </div>
    </div>
  );
}
