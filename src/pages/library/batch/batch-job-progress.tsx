import { Modal, Progress, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';

export interface BatchJobState {
  total: number;
  done: number;
  skipped: number;
  state: string;
  error: string | null;
}

interface Props {
  /** The running batch job, or undefined. */
  batchId?: number;
  title: string;
  read: (id: number) => Promise<BatchJobState>;
  /** The job ended: done (with how many items were gone meanwhile) or failed with its reason. */
  onEnd: (job: BatchJobState) => void;
}

const POLL_MS = 1000;

/** The progress bar of a batch above 1,000 items, read from the server until the job ends. */
export function BatchJobProgress({ batchId, title, read, onEnd }: Props) {
  const [job, setJob] = useState<BatchJobState>();
  const ended = useRef(onEnd);
  useEffect(() => {
    ended.current = onEnd;
  });
  useEffect(() => {
    if (batchId === undefined) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      try {
        const answer = await read(batchId);
        if (stopped) return;
        setJob(answer);
        if (answer.state !== 'running') {
          ended.current(answer);
          return;
        }
      } catch {
        if (stopped) return;
      }
      timer = setTimeout(() => void poll(), POLL_MS);
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
      setJob(undefined);
    };
  }, [batchId, read]);
  const percent = job && job.total > 0 ? Math.floor((job.done / job.total) * 100) : 0;
  return (
    <Modal open={batchId !== undefined} title={title} footer={null} closable={false} maskClosable={false} destroyOnHidden>
      <Progress percent={percent} status="active" aria-label="批量操作进度" />
      <Typography.Text type="secondary">
        已处理 {(job?.done ?? 0).toLocaleString('en-US')} / {(job?.total ?? 0).toLocaleString('en-US')} 条
      </Typography.Text>
    </Modal>
  );
}
