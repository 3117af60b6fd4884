import { Empty, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { fileBytes } from '../../../providers/files';

type State = 'loading' | 'shown' | 'failed';

/** A .docx drawn in the page by docx-preview, for Word files the server has no PDF of. Give it a `key` of its url. */
export function DocxViewer({ url }: { url: string }) {
  const body = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<State>('loading');

  useEffect(() => {
    const controller = new AbortController();
    (async () => {
      const [data, { renderAsync }] = await Promise.all([fileBytes(url, controller.signal), import('docx-preview')]);
      if (controller.signal.aborted || !body.current) return;
      body.current.replaceChildren();
      await renderAsync(data, body.current, undefined, { inWrapper: true, ignoreLastRenderedPageBreak: true });
      if (!controller.signal.aborted) setState('shown');
    })().catch(() => {
      if (!controller.signal.aborted) setState('failed');
    });
    return () => controller.abort();
  }, [url]);

  return (
    <div className="docx-viewer">
      {state === 'loading' && <Spin tip="正在加载文件…" className="pdf-viewer__status"><div /></Spin>}
      {state === 'failed' && <Empty className="pdf-viewer__status" description="文件加载失败，请稍后重试" />}
      <div ref={body} hidden={state !== 'shown'} />
    </div>
  );
}

export default DocxViewer;
