import { Table, Typography } from 'antd';
import { ACTIVITY_TARGETS } from '../../../contract/activity';
import { ACTIVITY_FIELDS } from '../../../contract/activity-fields';
import type { Answer } from '../../api/client';

export type ActivityRow = Answer<'getReportProjectsByProjectIdActivity'>['result']['data'][number];

/** What an empty value reads as, by field: a report out of any group is 未分组, a member not yet in the project has no role. */
const EMPTY: Record<string, string> = { group: '未分组', role: '（无）' };

const shown = (value: unknown, field: string) => {
  if (value === null || value === undefined || value === '') return EMPTY[field] ?? '（空）';
  if (Array.isArray(value)) return value.length ? value.join('、') : '（无）';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
};

/** 字段：之前 → 之后, one line a changed field. */
export function ChangeList({ changes }: { changes: ActivityRow['changes'] }) {
  const entries = Object.entries(changes);
  if (entries.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <div>
      {entries.map(([field, [before, after]]) => (
        <div key={field}>
          {ACTIVITY_FIELDS[field] ?? field}：{shown(before, field)} → {shown(after, field)}
        </div>
      ))}
    </div>
  );
}

/** 时间 / 操作人 / 操作 / 对象 / 变更 of history rows. */
export function ActivityTable(props: { rows: ActivityRow[]; loading: boolean; pagination: false | { current: number; pageSize: number; total: number; onChange(page: number, size: number): void }; showTarget?: boolean }) {
  return (
    <Table<ActivityRow>
      rowKey="id"
      size="middle"
      loading={props.loading}
      dataSource={props.rows}
      pagination={props.pagination === false ? false : { ...props.pagination, showSizeChanger: true }}
      locale={{ emptyText: '暂无操作记录' }}
      columns={[
        { title: '时间', dataIndex: 'created_at', width: 170 },
        { title: '操作人', dataIndex: 'user_name', width: 120, render: (name: string) => name || '系统' },
        { title: '操作', dataIndex: 'action', width: 80 },
        ...(props.showTarget === false
          ? []
          : [{ title: '对象', key: 'target', width: 220, render: (_: unknown, row: ActivityRow) => `${ACTIVITY_TARGETS[row.target_type as keyof typeof ACTIVITY_TARGETS] ?? row.target_type}：${row.target_name}` }]),
        { title: '变更', dataIndex: 'changes', render: (changes: ActivityRow['changes']) => <ChangeList changes={changes} /> },
      ]}
    />
  );
}
