import { CloseOutlined } from '@ant-design/icons';
import { Button, Card, Progress, Space, Tag, theme, Typography } from 'antd';
import { GENERATION_STATE_NAMES, type GenerationJob } from '../../../../contract/results';
import { regionName } from '../regions';

const stateColors: Record<GenerationJob['state'], string> = { queued: 'default', running: 'processing', completed: 'success', failed: 'error' };

/** One generation job: what it makes, a progress bar of its regions, and why any region failed. */
function JobRow({ job, onDismiss }: { job: GenerationJob; onDismiss: () => void }) {
  const { token } = theme.useToken();
  const settled = job.done + job.failed;
  const percent = job.total ? Math.round((settled / job.total) * 100) : 0;
  const active = job.state === 'queued' || job.state === 'running';
  const failures = job.regions.filter((region) => region.state === 'failed');
  return (
    <div className="results-job" aria-label={`生成任务 ${job.dimension.name}`}>
      <div className="results-job__head">
        <Space size={8} wrap>
          <Typography.Text strong>
            {job.dimension.name} · {job.report_type.name}
          </Typography.Text>
          <Tag color={stateColors[job.state]}>{GENERATION_STATE_NAMES[job.state]}</Tag>
          <Typography.Text type="secondary">
            已完成 {job.done} / 失败 {job.failed} / 共 {job.total}
          </Typography.Text>
        </Space>
        {!active && <Button type="text" size="small" icon={<CloseOutlined />} aria-label="关闭任务" onClick={onDismiss} />}
      </div>
      <Progress
        percent={percent}
        success={{ percent: job.total ? Math.round((job.done / job.total) * 100) : 0 }}
        status={active ? 'active' : job.failed > 0 ? 'exception' : 'success'}
        // Green for made reports, red for failed regions.
        strokeColor={job.failed > 0 ? token.colorError : undefined}
        aria-label="生成进度"
      />
      {failures.length > 0 && (
        <ul className="results-job__failures" aria-label="失败的区域">
          {failures.map((region) => (
            <li key={region.path.join('/')}>
              <Typography.Text type="danger">
                {regionName(region.path)}：{region.error ?? '生成失败'}
              </Typography.Text>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The followed generation jobs, above the charts; nothing when there are none. */
export function JobProgress({ jobs, onDismiss }: { jobs: GenerationJob[]; onDismiss: (jobId: number) => void }) {
  if (jobs.length === 0) return null;
  return (
    <Card size="small" title="成果生成进度" className="results-jobs">
      {jobs.map((job) => (
        <JobRow key={job.job_id} job={job} onDismiss={() => onDismiss(job.job_id)} />
      ))}
    </Card>
  );
}
