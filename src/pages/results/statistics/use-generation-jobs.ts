import { useCreate, useList } from '@refinedev/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { GENERATE_MESSAGE, type GeneratePayload, type GenerationJob } from '../../../../contract/results';
import { generationJobsQuery, useNoticeUser } from '../../../components/generation-notices';
import { feedback } from '../../../lib/feedback';
import { watchGeneration } from '../../../lib/generation-notices';

const POLL_MS = 2000;
const isActive = (job: GenerationJob) => job.state === 'queued' || job.state === 'running';

/**
 * The project's generation jobs, asked again every 2 s while any is queued or running. The
 * screen follows the jobs that were running when it opened and those it started; `version`
 * grows each time one of them finishes a region, so the cards and charts can refresh.
 */
export function useGenerationJobs(projectId: string) {
  // The app's watcher of finished generations shares this query (one request, not two).
  const jobs = useList<GenerationJob>({
    ...generationJobsQuery(projectId),
    queryOptions: {
      refetchInterval: (answer) => (answer?.data.some(isActive) ? POLL_MS : false),
      refetchIntervalInBackground: false,
    },
  });
  const all = useMemo(() => jobs.data?.data ?? [], [jobs.data]);

  const [followed, setFollowed] = useState<number[]>([]);
  const seenFirst = useRef(false);
  useEffect(() => {
    if (seenFirst.current || !jobs.data) return;
    seenFirst.current = true;
    setFollowed(all.filter(isActive).map((job) => job.job_id));
  }, [jobs.data, all]);

  // Regions finished so far by the followed jobs: a new one means new reports.
  const finished = all.filter((job) => followed.includes(job.job_id)).reduce((sum, job) => sum + job.done + job.failed, 0);
  const [version, setVersion] = useState({ finished: 0, count: 0 });
  if (finished !== version.finished) setVersion({ finished, count: version.count + (finished > version.finished ? 1 : 0) });

  const { mutateAsync: create, isLoading: starting } = useCreate<{ job_id: number; total: number }>();
  const user = useNoticeUser();
  const start = useCallback(
    async (payload: GeneratePayload) => {
      const { data } = await create({ resource: 'resultJobs', values: payload, meta: { projectId }, successNotification: false });
      feedback.success(GENERATE_MESSAGE);
      setFollowed((ids) => [data.job_id, ...ids]);
      // The app's watcher tells the user when it ends, on whichever screen they are then.
      if (user) watchGeneration(user, projectId, data.job_id);
    },
    [create, projectId, user],
  );
  const dismiss = useCallback((jobId: number) => setFollowed((ids) => ids.filter((id) => id !== jobId)), []);

  const shown = followed.map((id) => all.find((job) => job.job_id === id)).filter((job): job is GenerationJob => Boolean(job));
  return { shown, start, starting, dismiss, version: version.count };
}
