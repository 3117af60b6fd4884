import { BellOutlined, CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { useList } from '@refinedev/core';
import { App, Badge, Button, Empty, Popover, theme, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { GenerationJob } from '../../contract/results';
import {
  clearNotices,
  markNoticesRead,
  settleGeneration,
  unwatchGeneration,
  useGenerationNotices,
  WATCH_LIMIT_MS,
  type GenerationNotice,
  type WatchedGeneration,
} from '../lib/generation-notices';
import { useIdentity } from '../providers/identity';

/** As often as 成果统计 asks (pages/results/statistics/use-generation-jobs.ts). */
const POLL_MS = 2000;

/**
 * The query of a project's generations that 成果统计 and the watcher share (one cache entry, so
 * on that screen the watcher reads the screen's answers instead of asking again). silent: a
 * project the user has left answers 403/404, which ends the watch instead of a toast every 2 s.
 */
export const generationJobsQuery = (projectId: string) =>
  ({ resource: 'resultJobs', pagination: { current: 1, pageSize: 20 }, meta: { projectId, silent: true } }) as const;

/** The key the signed-in user's notices are kept under. */
export function useNoticeUser(): string | undefined {
  const { data: user } = useIdentity();
  return user?.uuid || user?.username || undefined;
}

export const resultsLink = (notice: Pick<GenerationNotice, 'projectId' | 'dimensionId'>) =>
  `/cstjPage/${notice.projectId}/statistics?dimension_id=${notice.dimensionId}`;

function noticeOf(projectId: string, job: GenerationJob): Omit<GenerationNotice, 'at' | 'read'> {
  const failed = job.state === 'failed';
  return {
    projectId,
    jobId: job.job_id,
    state: failed ? 'failed' : 'completed',
    title: failed ? '成果生成失败' : '成果生成完成',
    detail: `${job.dimension.name} · ${job.report_type.name}：已完成 ${job.done} / 失败 ${job.failed} / 共 ${job.total}`,
    dimensionId: job.dimension.id,
  };
}

/** Polls one project's generations while the user follows any of them there. */
function ProjectWatch({ user, projectId, watched }: { user: string; projectId: string; watched: WatchedGeneration[] }) {
  const { notification } = App.useApp();
  const navigate = useNavigate();
  // 成果统计 of this project polls the same query while a job runs: no second timer there.
  const onScreen = useLocation().pathname.toLowerCase() === `/cstjpage/${projectId}/statistics`.toLowerCase();
  const jobs = useList<GenerationJob>({
    ...generationJobsQuery(projectId),
    queryOptions: { refetchInterval: onScreen ? false : POLL_MS, refetchIntervalInBackground: false, retry: false },
  });
  const answer = jobs.data?.data;
  const answeredAt = jobs.dataUpdatedAt;
  const failedToAsk = jobs.isError;

  useEffect(() => {
    for (const entry of watched) {
      if (failedToAsk || Date.now() - entry.since > WATCH_LIMIT_MS) {
        unwatchGeneration(user, projectId, entry.jobId);
        continue;
      }
      // An answer from before the job was started does not know it yet.
      if (!answer || answeredAt < entry.since) continue;
      const job = answer.find((candidate) => candidate.job_id === entry.jobId);
      // Not among the newest 20: it cannot be followed (deleted, or 20 newer ones were started since).
      if (!job) {
        unwatchGeneration(user, projectId, entry.jobId);
        continue;
      }
      if (job.state !== 'completed' && job.state !== 'failed') continue;
      const notice = noticeOf(projectId, job);
      if (!settleGeneration(user, notice)) continue;
      const key = `generation-${projectId}-${job.job_id}`;
      notification[notice.state === 'failed' ? 'error' : 'success']({
        key,
        message: notice.title,
        description: notice.detail,
        placement: 'topRight',
        btn: (
          <Button
            type="primary"
            size="small"
            onClick={() => {
              notification.destroy(key);
              navigate(resultsLink(notice));
            }}
          >
            查看成果
          </Button>
        ),
      });
    }
  }, [answer, answeredAt, failedToAsk, watched, user, projectId, notification, navigate]);
  return null;
}

/**
 * Tells the user, on whichever screen, when a generation they started finishes or fails. It asks
 * the server only while such a generation is followed (kept in localStorage across reloads), one
 * request every 2 s per project concerned, and nothing once none is left.
 */
export function GenerationWatcher() {
  const user = useNoticeUser();
  const { watched } = useGenerationNotices(user);
  if (!user || watched.length === 0) return null;
  const projects = [...new Set(watched.map((entry) => entry.projectId))];
  return (
    <>
      {projects.map((projectId) => (
        <ProjectWatch key={projectId} user={user} projectId={projectId} watched={watched.filter((entry) => entry.projectId === projectId)} />
      ))}
    </>
  );
}

function NoticeList({ user, notices, onOpen }: { user: string; notices: GenerationNotice[]; onOpen: () => void }) {
  const { token } = theme.useToken();
  if (notices.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无通知" />;
  return (
    <div className="generation-notices">
      <ul className="generation-notices__list" aria-label="成果通知列表">
        {notices.map((notice) => (
          <li key={`${notice.projectId}-${notice.jobId}`} className="generation-notices__item" style={{ borderColor: token.colorBorderSecondary }}>
            {notice.state === 'failed' ? (
              <CloseCircleFilled style={{ color: token.colorError }} aria-hidden />
            ) : (
              <CheckCircleFilled style={{ color: token.colorSuccess }} aria-hidden />
            )}
            <div className="generation-notices__text">
              <Typography.Text strong={!notice.read}>{notice.title}</Typography.Text>
              <Typography.Text type="secondary" className="generation-notices__detail">
                {notice.detail}
              </Typography.Text>
              <span className="generation-notices__foot">
                <Typography.Text type="secondary">{dayjs(notice.at).format('MM-DD HH:mm')}</Typography.Text>
                <Link to={resultsLink(notice)} onClick={onOpen}>
                  查看成果
                </Link>
              </span>
            </div>
          </li>
        ))}
      </ul>
      <div className="generation-notices__actions">
        <Button type="link" size="small" onClick={() => clearNotices(user)}>
          清空通知
        </Button>
      </div>
    </div>
  );
}

/** The header's bell: the last 20 notices of finished generations, the unread ones counted on it. */
export function GenerationBell() {
  const user = useNoticeUser();
  const { notices, unread } = useGenerationNotices(user);
  if (!user) return null;
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title="成果通知"
      content={<NoticeList user={user} notices={notices} onOpen={() => markNoticesRead(user)} />}
      onOpenChange={(open) => {
        // Seen once the list closes, so the unread ones stay marked while it is open.
        if (!open) markNoticesRead(user);
      }}
    >
      <Badge count={unread} size="small" offset={[-2, 2]}>
        <Button type="text" className="app-header__bell" icon={<BellOutlined />} aria-label={unread ? `成果通知，${unread} 条未读` : '成果通知'} />
      </Badge>
    </Popover>
  );
}
