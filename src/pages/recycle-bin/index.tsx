import { Alert, App, Button, Space, Table, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import type { Answer } from '../../api/client';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { useProjectContext } from '../../components/project-context';
import { feedback } from '../../lib/feedback';
import { BIN_TABS } from '../../resources/recycle-bin-tabs';
import { binTexts, type Origin, type Target } from './bin-texts';

type BinPage = Answer<'getReportProjectsByProjectIdRecycleBin'>['result'];
export type BinEntry = BinPage['data'][number];


/** 原分组: the group it goes back to, and what happens when that group is gone. */
function GroupCell({ entry }: { entry: BinEntry }) {
  if (entry.group_id === -1 || !entry.group_name) return <Typography.Text type="secondary">未分组</Typography.Text>;
  if (entry.group_exists) return <>{entry.group_name}</>;
  return (
    <Space size={4}>
      {entry.group_name}
      <Tag color="warning">已删除，还原时重建</Tag>
    </Space>
  );
}

/** A group entry's name, and what a restore does when a group of that name exists now. */
function GroupName({ entry }: { entry: BinEntry }) {
  if (!entry.name_taken) return <>{entry.name}</>;
  return (
    <Space size={4}>
      {entry.name}
      <Tag color="processing">已有同名分组，还原时并入</Tag>
    </Space>
  );
}

/** One tab: the origin's deleted items or groups, newest first, with restore and purge for those who may delete them. */
function BinTable({ origin, target, mayRestore }: { origin: Origin; target: Target; mayRestore: boolean }) {
  const { projectId } = useProjectContext();
  const { modal } = App.useApp();
  const { call } = useApiMutation();
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const [checked, setChecked] = useState<number[]>([]);
  const texts = binTexts(origin, target);
  const query = { origin, target, pageNo: String(page.pageNo), pageSize: String(page.pageSize) };
  const { data, isLoading, refetch } = useApiQuery('getReportProjectsByProjectIdRecycleBin', { path: { projectId }, query });
  const answer = data?.data.result;
  const entries = answer?.data ?? [];
  const days = answer?.retention_days;
  const path = { projectId };

  /** Confirms, runs, says the server's message and lists again; a failure was told by the HTTP layer. */
  const confirmThen = (title: string, content: string, run: () => Promise<{ message?: string }>, danger = false) =>
    modal.confirm({
      title,
      content,
      okType: danger ? 'danger' : 'primary',
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        try {
          feedback.success((await run()).message || '操作成功');
        } catch {
          return;
        }
        setChecked([]);
        void refetch();
      },
    });

  const restore = (body: { ids?: string; batch?: string }) => () => call('postReportProjectsByProjectIdRecycleBinRestore', { path, body });
  const purge = (body: { ids?: string; all?: boolean; origin?: string; target?: string }) => () => call('postReportProjectsByProjectIdRecycleBinPurge', { path, body });

  const columns: ColumnsType<BinEntry> = [
    ...(target === 'group'
      ? [
          { title: '名称', key: 'name', ellipsis: true, render: (_: unknown, entry: BinEntry) => <GroupName entry={entry} /> },
          { title: '包含', dataIndex: 'item_count', width: 120, render: (value: number) => `包含 ${value ?? 0} 项` },
        ]
      : [
          { title: '名称', dataIndex: 'name', ellipsis: true },
          { title: '原分组', key: 'group', render: (_: unknown, entry: BinEntry) => <GroupCell entry={entry} /> },
        ]),
    { title: '删除人', dataIndex: 'deleted_by', width: 140 },
    { title: '删除时间', dataIndex: 'deleted_at', width: 180 },
    { title: '剩余天数', dataIndex: 'days_left', width: 100, render: (value: number) => <Typography.Text type={value <= 3 ? 'danger' : undefined}>{value} 天</Typography.Text> },
    ...(mayRestore
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 240,
            render: (_: unknown, entry: BinEntry) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => confirmThen('还原', texts.restoreOne(entry), restore({ ids: String(entry.id) }))}>
                  还原
                </Button>
                {entry.batch_size > 1 && (
                  <Button
                    type="link"
                    size="small"
                    onClick={() => confirmThen('还原此批', texts.restoreBatch(entry), restore({ batch: entry.batch }))}
                  >
                    还原此批
                  </Button>
                )}
                <Button
                  type="link"
                  size="small"
                  danger
                  onClick={() => confirmThen('彻底删除', texts.purgeOne(entry), purge({ ids: String(entry.id) }), true)}
                >
                  彻底删除
                </Button>
              </Space>
            ),
          },
        ]
      : []),
  ];

  const restoreChosen = () => confirmThen('还原所选', texts.restoreChosen(checked.length), restore({ ids: checked.join(',') }));
  const emptyBin = () => confirmThen('清空回收站', texts.emptyBin, purge({ all: true, origin, ...(target === 'group' ? { target } : {}) }), true);

  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <Alert
        type="info"
        showIcon
        message={texts.notice(days ?? '…')}
      />
      {mayRestore && (
        <Space>
          <Button type="primary" onClick={restoreChosen} disabled={checked.length === 0}>
            还原所选
          </Button>
          <Button danger onClick={emptyBin} disabled={!answer?.total}>
            清空回收站
          </Button>
        </Space>
      )}
      <Table<BinEntry>
        rowKey="id"
        size="middle"
        loading={isLoading}
        columns={columns}
        dataSource={entries}
        locale={{ emptyText: texts.empty }}
        rowSelection={mayRestore ? { selectedRowKeys: checked, onChange: (keys) => setChecked(keys as number[]) } : undefined}
        pagination={{
          current: page.pageNo,
          pageSize: page.pageSize,
          total: answer?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => `共 ${total} 条`,
          onChange: (pageNo, pageSize) => {
            setPage({ pageNo, pageSize });
            setChecked([]);
          },
        }}
      />
    </Space>
  );
}

/** 回收站: #/main/{projectId}/recycleBin, a tab for each origin's items and groups the user may view. */
export function RecycleBin() {
  const { can } = useProjectContext();
  const tabs = BIN_TABS.filter((tab) => can('recycleBin', tab.view));
  return (
    <div style={{ padding: 16 }}>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        回收站
      </Typography.Title>
      <Tabs
        destroyOnHidden
        items={tabs.map((tab) => ({
          key: tab.label,
          label: tab.label,
          children: <BinTable origin={tab.origin} target={tab.target} mayRestore={can('recycleBin', tab.restore)} />,
        }))}
      />
    </div>
  );
}
