import { Empty, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { extensionOf } from '../uploads';
import { fileInfo } from '../../../providers/files';
import type { OpenAt } from './highlight';

const PdfViewer = lazy(() => import('./pdf-viewer'));
const DocxViewer = lazy(() => import('./docx-viewer'));

const unsupportedText = '该文件类型暂不支持预览!';

const STORED_FILE = /^\/api\/uploader\/v1\/files\/(\d+)\//;

/** The kind of preview a file gets, from its real name or else its URL. */
function fileKind(file: string, realFileName: string | null | undefined): 'pdf' | 'doc' | 'docx' | 'other' {
  const path = file.split(/[?#]/)[0];
  const extension = extensionOf(realFileName || decodeURIComponent(path));
  return extension === 'pdf' || extension === 'doc' || extension === 'docx' ? extension : 'other';
}

function Unsupported({ text = unsupportedText }: { text?: string }) {
  return <Empty className="pdf-viewer__status" description={text} />;
}

const loading = <Spin tip="正在加载文件…" className="pdf-viewer__status"><div /></Spin>;

/**
 * A Word file: its PDF conversion when the server made one, else docx-preview for .docx;
 * a .doc without a conversion cannot be shown.
 */
function WordViewer({ file, kind, projectUuid, openAt }: { file: string; kind: 'doc' | 'docx'; projectUuid: string; openAt?: OpenAt }) {
  const id = STORED_FILE.exec(new URL(file, window.location.origin).pathname)?.[1];
  // A failed read leaves the file without its conversion.
  const info = useQuery({
    queryKey: ['fileInfo', id, projectUuid],
    queryFn: ({ signal }) => fileInfo(Number(id), projectUuid, signal),
    enabled: id !== undefined,
    keepPreviousData: false,
  });

  if (id && info.isLoading) return loading;
  const answer = info.data;
  if (answer?.pdf_url) return <PdfViewer key={answer.pdf_url} url={answer.pdf_url} openAt={openAt} />;
  if (kind === 'docx') return <DocxViewer key={file} url={file} />;
  if (answer?.transcode === 'pending') return <Unsupported text="文件正在转换为 PDF，请稍后刷新页面查看" />;
  return <Unsupported />;
}

/** The preview of a report file: PDF inline, Word through its PDF or docx-preview, else a notice. */
export function FileViewer({ file, realFileName, projectUuid, openAt }: { file: string; realFileName?: string | null; projectUuid: string; openAt?: OpenAt }) {
  if (!file) return <Unsupported text="暂无文件" />;
  const kind = fileKind(file, realFileName);
  return (
    <Suspense fallback={loading}>
      {kind === 'pdf' ? (
        <PdfViewer key={file} url={file} openAt={openAt} />
      ) : kind === 'other' ? (
        <Unsupported />
      ) : (
        <WordViewer file={file} kind={kind} projectUuid={projectUuid} openAt={openAt} />
      )}
    </Suspense>
  );
}
