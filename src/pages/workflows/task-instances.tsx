import { FileTextOutlined } from '@ant-design/icons';
import { useTable } from '@refinedev/antd';
import type { CrudFilter } from '@refinedev/core';
import { Button, DatePicker, Flex, Form, InputNumber, Select, Space, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { OPERATOR_LABELS, TASK_STATE_LABELS, TASK_STATES, type DagRun, type TaskInstance, type TaskState } from '../../../contract/workflows';
import { rangeFilters } from './dag-runs';
import { isActiveRun, POLL_MS, shownDate, shownDuration, TASK_STATE_COLORS } from './states';
import { TaskLog } from './task-log';

type Range = [Dayjs | null, Dayjs | null] | null;
interface Filters {
  state?: TaskState[];
  pool?: string[];
  queue?: string[];
  start_date?: Range;
  end_date?: Range;
  execution_date?: Range;
  duration_gte?: number | null;
  duration_lte?: number | null;
}

/** The query of the filter form: several states, pools or queues repeat their key; ranges become _gte/_lte. */
function toFilters(values: Filters): CrudFilter[] {
  return [
    { field: 'state', operator: 'in', value: values.state },
    { field: 'pool', operator: 'in', value: values.pool },
    { field: 'queue', operator: 'in', value: values.queue },
    ...rangeFilters('start_date', values.start_date),
    ...rangeFilters('end_date', values.end_date),
    ...rangeFilters('execution_date', values.execution_date),
    { field: 'duration_gte', operator: 'eq', value: values.duration_gte ?? undefined },
    { field: 'duration_lte', operator: 'eq', value: values.duration_lte ?? undefined },
  ];
}

const tags = (label: string) => ({ mode: 'tags' as const, allowClear: true, placeholder: `输入${label}后回车`, tokenSeparators: [',', '，'], open: false, suffixIcon: null });

/** 任务实例 of the selected run, with filters and each one's 日志; asked again every 2 s while the run has not finished. */
export function TaskInstances({ projectId, workflowId, run }: { projectId: string; workflowId: string; run: DagRun }) {
  const [form] = Form.useForm<Filters>();
  const [logOf, setLogOf] = useState<TaskInstance>();
  const { tableProps, tableQuery, setFilters, setCurrent } = useTable<TaskInstance>({
    resource: 'taskInstances',
    meta: { projectId, workflowId, dagRunId: run.id },
    syncWithLocation: false,
    pagination: { pageSize: 20 },
    queryOptions: { refetchInterval: isActiveRun(run.state) ? POLL_MS : false },
  });
  // The last task's end comes after the last poll: ask once more when the run's state changes.
  const { refetch } = tableQuery;
  useEffect(() => {
    void refetch();
  }, [run.state, refetch]);
  const apply = (values: Filters) => {
    setFilters(toFilters(values), 'replace');
    setCurrent(1);
  };

  return (
    <Flex vertical gap={12}>
      <Form<Filters> form={form} layout="inline" name="task-instance-filters" onFinish={apply} className="workflow-filters">
        <Form.Item name="state" label="状态">
          <Select mode="multiple" allowClear placeholder="全部" className="workflow-filter" options={TASK_STATES.map((state) => ({ label: TASK_STATE_LABELS[state], value: state }))} />
        </Form.Item>
        <Form.Item name="pool" label="资源池">
          <Select {...tags('pool')} className="workflow-filter" />
        </Form.Item>
        <Form.Item name="queue" label="队列">
          <Select {...tags('queue')} className="workflow-filter" />
        </Form.Item>
        <Form.Item name="execution_date" label="执行日期">
          <DatePicker.RangePicker showTime allowEmpty={[true, true]} />
        </Form.Item>
        <Form.Item name="start_date" label="开始时间">
          <DatePicker.RangePicker showTime allowEmpty={[true, true]} />
        </Form.Item>
        <Form.Item name="end_date" label="结束时间">
          <DatePicker.RangePicker showTime allowEmpty={[true, true]} />
        </Form.Item>
        <Form.Item label="时长（秒）">
          <Space.Compact>
            <Form.Item name="duration_gte" noStyle>
              <InputNumber min={0} placeholder="最短" aria-label="最短时长" />
            </Form.Item>
            <Form.Item name="duration_lte" noStyle>
              <InputNumber min={0} placeholder="最长" aria-label="最长时长" />
            </Form.Item>
          </Space.Compact>
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              查询
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                apply({});
              }}
            >
              重置
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <Table<TaskInstance>
        {...tableProps}
        size="small"
        rowKey="id"
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: '暂无任务实例' }}
        pagination={{ ...tableProps.pagination, showTotal: (total) => `共 ${total} 条` }}
        columns={[
          { key: 'task_id', title: '任务', dataIndex: 'task_id' },
          {
            key: 'state',
            title: '状态',
            dataIndex: 'state',
            render: (state: TaskState, instance) => (
              <Space size={4} wrap>
                <Tag color={TASK_STATE_COLORS[state]}>{TASK_STATE_LABELS[state] ?? state}</Tag>
                {state === 'up_for_retry' && instance.next_retry_at && <Typography.Text type="secondary">下次重试 {shownDate(instance.next_retry_at)}</Typography.Text>}
              </Space>
            ),
          },
          { key: 'tries', title: '尝试次数', render: (_, instance) => `${instance.try_number}/${instance.max_tries}` },
          { key: 'operator', title: '运算符', dataIndex: 'operator', render: (operator: TaskInstance['operator']) => OPERATOR_LABELS[operator] ?? operator },
          { key: 'pool', title: '资源池', dataIndex: 'pool' },
          { key: 'queue', title: '队列', dataIndex: 'queue' },
          { key: 'start_date', title: '开始时间', dataIndex: 'start_date', render: shownDate },
          { key: 'end_date', title: '结束时间', dataIndex: 'end_date', render: shownDate },
          { key: 'duration', title: '时长', dataIndex: 'duration', render: shownDuration },
          {
            key: 'actions',
            title: '操作',
            fixed: 'right',
            render: (_, instance) => (
              <Button type="link" size="small" icon={<FileTextOutlined />} onClick={() => setLogOf(instance)}>
                日志
              </Button>
            ),
          },
        ]}
      />
      <TaskLog projectId={projectId} workflowId={workflowId} instance={logOf} onClose={() => setLogOf(undefined)} />
    </Flex>
  );
}
