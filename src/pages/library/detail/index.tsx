import { useRef } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { BackResult } from '../../../components/back-result';
import { PageLoading } from '../../../components/page-loading';
import { feedback } from '../../../lib/feedback';
import { canGoBack } from '../../../lib/navigation';
import type { LibraryKind } from '../kinds';
import { DetailHeader } from './detail-header';
import { DetailHistory } from './detail-history';
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
  const { item, missing, loading } = useDetailItem(kind, projectId);
  const viewer = useRef<HTMLDivElement>(null);
  const pane = useRef<HTMLDivElement>(null);

  const list = listPath(pathname, search, projectId);
  // Opened from a content search hit: that page, the searched words highlighted.
  const hit = new URLSearchParams(search);
  const openAt = { page: Number(hit.get('page')) || undefined, highlight: hit.get('highlight') || undefined };
  const back = () => (canGoBack() ? navigate(-1) : navigate(list));
  const fullscreen = () => {
    const target = viewer.current ?? document.documentElement;
    if (!target.requestFullscreen) {
      feedback.warning('当前浏览器不支持全屏');
      return;
    }
    target.requestFullscreen().catch(() => feedback.warning('当前浏览器不支持全屏'));
  };

  if (missing) return <BackResult status="404" title={`${kind.entity}不存在或已被删除`} home={{ to: list, label: `返回${kind.entity}列表` }} />;
  // With query values there is something to show while GET {id}/ answers; without, "-" everywhere would mislead.
  if (loading && !item.name) return <PageLoading />;
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
            <FileViewer file={item.file} realFileName={item.real_file_name} projectUuid={projectId} openAt={openAt} />
          </div>
          <ScrollButtons pane={pane} />
        </div>
      </div>
      <DetailHistory targetType={kind.kind} id={item.id} />
    </div>
  );
}
