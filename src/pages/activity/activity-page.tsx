import { useList } from '@refinedev/core';
import { Card, DatePicker, Flex, Select, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { ACTIVITY_DEPTH_MAX, ACTIVITY_TARGETS } from '../../../contract/activity';
import { displayName } from '../../../contract/users';
import { useApiQuery } from '../../api/hooks';
import { useProjectContext } from '../../components/project-context';
import { ActivityTable } from './activity-table';
import './activity.css';

type Member = { user?: { uuid: string; username: string; nickname: string } };

/** 操作记录: the project's writes, filtered by 操作人, 类型 and 日期范围, newest first. */
export function ActivityPage() {
  const { projectId } = useProjectContext();
  const [userUuid, setUserUuid] = useState<string>();
  const [targetType, setTargetType] = useState<string>();
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [page, setPage] = useState({ current: 1, pageSize: 20 });
  const members = useList<Member>({ resource: 'projectMembers', pagination: { pageSize: 100 }, meta: { projectId } });
  const query = {
    pageNo: String(page.current),
    pageSize: String(page.pageSize),
    ...(userUuid ? { user_uuid: userUuid } : {}),
    ...(targetType ? { target_type: targetType } : {}),
    ...(range?.[0] ? { start_time: range[0].format('YYYY-MM-DD') } : {}),
    ...(range?.[1] ? { end_time: range[1].format('YYYY-MM-DD') } : {}),
  };
  const { data, isFetching } = useApiQuery('getReportProjectsByProjectIdActivity', { path: { projectId }, query });
  const result = data?.data.result;
  const filtered = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    setPage((current) => ({ ...current, current: 1 }));
  };
  return (
    <Card title="操作记录" variant="borderless" className="settings-card activity-card">
      <Flex gap={12} wrap style={{ marginBottom: 16 }}>
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder="操作人"
          aria-label="操作人"
          style={{ width: 200 }}
          value={userUuid}
          onChange={filtered(setUserUuid)}
          options={(members.data?.data ?? []).filter((member) => member.user).map(({ user }) => ({ value: user!.uuid, label: displayName(user) }))}
        />
        <Select allowClear aria-label="类型" placeholder="类型" style={{ width: 160 }} value={targetType} onChange={filtered(setTargetType)} options={Object.entries(ACTIVITY_TARGETS).map(([value, label]) => ({ value, label }))} />
        <DatePicker.RangePicker value={range} onChange={filtered(setRange)} placeholder={['开始日期', '结束日期']} />
      </Flex>
      <ActivityTable
        rows={result?.data ?? []}
        loading={isFetching}
        pagination={{ current: page.current, pageSize: page.pageSize, total: result?.total ?? 0, onChange: (current, pageSize) => setPage({ current, pageSize }) }}
      />
      {result?.more && result.total >= ACTIVITY_DEPTH_MAX && (
        <Typography.Text type="secondary">可翻阅最近 {ACTIVITY_DEPTH_MAX} 条记录，更早的记录请选择日期范围。</Typography.Text>
      )}
    </Card>
  );
}
