import { useCan } from '@refinedev/core';
import { Typography } from 'antd';
import { TargetHistory } from '../../activity/target-history';

/** 历史: the item's own activity rows, for those who may read the project's history. */
export function DetailHistory({ targetType, id }: { targetType: string; id?: number }) {
  const { data: can } = useCan({ resource: 'projectActivity', action: 'list' });
  if (!id || !can?.can) return null;
  return (
    <section className="library-detail__history" aria-label="历史">
      <Typography.Title level={5}>历史</Typography.Title>
      <TargetHistory targetType={targetType} targetId={id} />
    </section>
  );
}
