import { useTable } from '@refinedev/antd';
import type { CrudFilter } from '@refinedev/core';
import { Button, ConfigProvider, DatePicker, Flex, Select, Space, Table, Tag, theme, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { DAG_RUN_STATE_LABELS, DAG_RUN_STATES, DAG_RUN_TYPE_LABELS, type DagRun, type DagRunState } from '../../../contract/workflows';
import { isActiveRun, POLL_MS, RUN_STATE_COLORS, runDuration, shownDate, shownDuration } from './states';
import { useRunActions } from './use-run-actions';

interface Props {
  projectId: string;
  workflowId: string;
  selectedId?: number;
  onSelect: (runId: number | undefined) => void;
  can: (action: 'edit' | 'delete') => boolean;
}

/** A date range as `{name}_gte` and `{name}_lte` filters. */
export function rangeFilters(name: string, range: [Dayjs | null, Dayjs | null] | null | undefined): CrudFilter[] {
  const [from, to] = range ?? [null, null];
  return [
    { field: `${name}_gte`, operator: 'eq', value: from ? from.format() : undefined },
    { field: `${name}_lte`, operator: 'eq', value: to ? to.format() : undefined },
  ];
}

/** 运行记录: the workflow's runs, newest first, asked again every 2 s while one of them has not finished. */
export function DagRuns({ projectId, workflowId, selectedId, onSelect, can }: Props) {
  const { tableProps, filters, setFilters, setCurrent } = useTable<DagRun>({
    resource: 'workflowRuns',
    meta: { projectId, workflowId },
    syncWithLocation: false,
    pagination: { pageSize: 10 },
    filters: { permanent: [{ field: 'order_by', operator: 'eq', value: '-execution_date' }] },
    queryOptions: { refetchInterval: (answer) => (answer?.data.some((run) => isActiveRun(run.state)) ? POLL_MS : false) },
  });
  const { token } = theme.useToken();
  // The chosen run is marked by its radio, not a tinted row: the tint left the row's link buttons unreadable.
  const plainRows = { components: { Table: { rowSelectedBg: token.colorBgContainer, rowSelectedHoverBg: token.colorBgContainer } } };
  const actions = useRunActions(projectId, workflowId, (runId) => runId === selectedId && onSelect(undefined));
  const filterValue = (field: string) => (filters.find((filter) => 'field' in filter && filter.field === field) as CrudFilter | undefined)?.value;
  const filterBy = (changed: CrudFilter[]) => {
    const kept = filters.filter((filter) => 'field' in filter && !changed.some((next) => 'field' in next && next.field === filter.field));
    setFilters([...kept, ...changed], 'replace');
    setCurrent(1);
  };

  return (
    <Flex vertical gap={12}>
      <Space wrap>
        <Select<DagRunState[]>
          mode="multiple"
          allowClear
          aria-label="运行状态"
          placeholder="运行状态"
          className="workflow-filter"
          value={(filterValue('state') as DagRunState[] | undefined) ?? []}
          onChange={(states) => filterBy([{ field: 'state', operator: 'in', value: states }])}
          options={DAG_RUN_STATES.map((state) => ({ label: DAG_RUN_STATE_LABELS[state], value: state }))}
        />
        <DatePicker.RangePicker
          showTime
          allowEmpty={[true, true]}
          placeholder={['执行日期起', '执行日期止']}
          onChange={(range) => filterBy(rangeFilters('execution_date', range))}
        />
      </Space>
      <ConfigProvider theme={plainRows}>
        <Table<DagRun>
          {...tableProps}
          size="small"
          rowKey="id"
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: '暂无运行记录' }}
          rowSelection={{
            type: 'radio',
            columnTitle: '查看',
            columnWidth: 56,
            selectedRowKeys: selectedId === undefined ? [] : [selectedId],
            onChange: (keys) => onSelect(keys[0] as number | undefined),
          }}
          onRow={(run) => ({ onClick: () => onSelect(run.id), className: 'workflow-run-row' })}
          pagination={{ ...tableProps.pagination, showTotal: (total) => `共 ${total} 条` }}
          columns={[
            { key: 'dag_run_id', title: '运行 ID', dataIndex: 'dag_run_id', render: (id: string) => <Typography.Text copyable={{ text: id }}>{id}</Typography.Text> },
            { key: 'run_type', title: '类型', dataIndex: 'run_type', render: (type: DagRun['run_type']) => <Tag>{DAG_RUN_TYPE_LABELS[type] ?? type}</Tag> },
            { key: 'state', title: '状态', dataIndex: 'state', render: (state: DagRunState) => <Tag color={RUN_STATE_COLORS[state]}>{DAG_RUN_STATE_LABELS[state] ?? state}</Tag> },
            { key: 'execution_date', title: '执行日期', dataIndex: 'execution_date', render: shownDate },
            { key: 'start_date', title: '开始时间', dataIndex: 'start_date', render: shownDate },
            { key: 'end_date', title: '结束时间', dataIndex: 'end_date', render: shownDate },
            { key: 'duration', title: '时长', render: (_, run) => shownDuration(runDuration(run.start_date, run.end_date)) },
            { key: 'triggered_by', title: '触发人', dataIndex: 'triggered_by', render: (by: string) => by || '定时调度' },
            {
              key: 'actions',
              title: '操作',
              fixed: 'right',
              render: (_, run) => (
                // The row's click selects it; a button's click does only what it says.
                <Space size={0} wrap onClick={(event) => event.stopPropagation()}>
                  {can('edit') && run.state !== 'success' && (
                    <Button type="link" size="small" onClick={() => actions.markSuccess(run)}>
                      标记成功
                    </Button>
                  )}
                  {can('edit') && run.state !== 'failed' && (
                    <Button type="link" size="small" onClick={() => actions.markFailed(run)}>
                      标记失败
                    </Button>
                  )}
                  {can('edit') && !isActiveRun(run.state) && (
                    <Button type="link" size="small" onClick={() => actions.clear(run)}>
                      清除重跑
                    </Button>
                  )}
                  {can('delete') && (
                    <Button type="link" size="small" danger onClick={() => actions.remove(run)}>
                      删除
                    </Button>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </ConfigProvider>
    </Flex>
  );
}
