import { useApiQuery } from '../../api/hooks';
import { useProjectContext } from '../../components/project-context';
import { ActivityTable } from './activity-table';

/** 历史 of one report or material: its own rows. */
export function TargetHistory({ targetType, targetId }: { targetType: string; targetId: number | string }) {
  const { projectId } = useProjectContext();
  const { data, isFetching } = useApiQuery('getReportProjectsByProjectIdActivity', { path: { projectId }, query: { target_type: targetType, target_id: String(targetId), pageSize: '50' } });
  return <ActivityTable rows={data?.data.result.data ?? []} loading={isFetching} pagination={false} showTarget={false} />;
}
