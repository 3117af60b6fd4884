import { Badge, Button, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { useApiMutation } from '../../../api/hooks';
import type { LibraryItem } from '../types';

/**
 * The server escapes the file's text and marks hits with <em>; this keeps only those marks
 * (everything else is escaped again), so no markup of a file can reach the page.
 */
export function safeSnippet(snippet: string): string {
  const escaped = snippet.replace(/&(?!(?:amp|lt|gt|quot|#39);)/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return escaped.replace(/&lt;em&gt;/g, '<em>').replace(/&lt;\/em&gt;/g, '</em>');
}

/** A content search hit: the text around it, the hits marked, and its page. */
export function ContentHit({ item }: { item: LibraryItem }) {
  if (!item.snippet) return null;
  return (
    <div className="library-hit">
      <Typography.Text type="secondary" className="library-hit__page">
        第 {item.page} 页
      </Typography.Text>
      <div className="library-hit__snippet" dangerouslySetInnerHTML={{ __html: safeSnippet(item.snippet) }} />
    </div>
  );
}

/** Each state as a coloured dot beside text in the theme's text colour: a coloured tag's text was too pale to read on its tint. */
const STATES = {
  queued: { text: '排队中', status: 'processing' },
  indexed: { text: '已索引', status: 'success' },
  unreadable: { text: '未识别', status: 'warning' },
  failed: { text: '失败', status: 'error' },
} as const;

/** 内容状态: the item's text extraction, its reason when not indexed, and 重新识别 for those who may edit. */
export function ContentState({ item, canEdit }: { item: LibraryItem; canEdit: boolean }) {
  const { call } = useApiMutation();
  const { projectId: projectUuid = '' } = useParams();
  const [requeued, setRequeued] = useState(false);
  const state = requeued ? 'queued' : item.content_state;
  if (!state) return null;
  const shown = STATES[state];
  return (
    <span className="library-content-state">
      <Tooltip title={!requeued && item.content_reason}>
        <Badge status={shown.status} text={shown.text} />
      </Tooltip>
      {canEdit && (state === 'failed' || state === 'unreadable' || state === 'indexed') && (
        <Button
          type="link"
          size="small"
          onClick={async (event) => {
            event.stopPropagation();
            await call('postReportProjectsByProjectIdReportByIdContentReindex', { path: { projectId: projectUuid, id: item.id } }, { success: '已重新加入识别队列' });
            setRequeued(true);
          }}
        >
          重新识别
        </Button>
      )}
    </span>
  );
}
