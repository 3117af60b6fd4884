import { DeleteOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Space, Typography } from 'antd';
import { useInvalidate } from '@refinedev/core';
import { useState } from 'react';
import type { ResultSource } from '../../../contract/results';
import { useApiMutation } from '../../api/hooks';
import { useProjectContext } from '../../components/project-context';
import { feedback } from '../../lib/feedback';
import { ItemDialog } from '../library/item-dialog';
import { DateRange } from '../library/items/date-range';
import { SearchBox } from '../library/items/search-box';
import { REPORT_KIND } from '../library/kinds';
import { useSurfaceColors } from '../library/library-screen';
import { useSelection } from '../library/use-selection';
import { useBinNotice } from '../recycle-bin/delete-notice';
import { ResultItems } from './result-items';
import { SelectionBar } from './selection-bar';
import { useResultsList } from './use-results-data';
import { useResultsQuery } from './use-results-query';
import './results.css';

interface ResultListScreenProps {
  title: string;
  /** This screen's route segment, where the detail's 返回 leads. */
  path: string;
  source: ResultSource;
  /** 新增报告 / 删除报告 / 确认删除 (单体报告列表), or only 上传报告 (报告上传列表). */
  actions: 'manage' | 'upload';
}

/**
 * A list of the 成果 area's reports: name search, time range and cards; with `create_report`,
 * the results variant of the report dialog and, on 单体报告列表, the delete mode.
 */
export function ResultListScreen({ title, path, source, actions }: ResultListScreenProps) {
  const { projectId, can } = useProjectContext();
  const surface = useSurfaceColors();
  const { modal } = App.useApp();
  const binNotice = useBinNotice(projectId);
  const { query, update } = useResultsQuery();
  const invalidate = useInvalidate();
  const [reloads, setReloads] = useState(0);
  const { list, page } = useResultsList(projectId, query, source, reloads);
  const { selecting, checked, setSelecting, setChecked } = useSelection(`${JSON.stringify(query)}#${reloads}`);
  const [adding, setAdding] = useState(false);
  const { call } = useApiMutation();
  const mayCreate = can('results', 'create');

  const reload = () => {
    setReloads((count) => count + 1);
    void invalidate({ resource: 'reportGroups', dataProviderName: 'report', invalidates: ['all'] });
  };

  const confirmDelete = async () => {
    if (checked.length === 0) {
      feedback.warning('请勾选批量删除数据!');
      return;
    }
    modal.confirm({
      title: '提示',
      content: `此操作将把${checked.length}条数据报告${await binNotice()}，是否继续操作?`,
      okType: 'danger',
      onOk: async () => {
        try {
          const answer = await call('postReportProjectsByProjectIdReportBatchDelete', { path: { projectId }, body: { ids: checked.join(',') } });
          feedback.success((answer as { message?: string }).message || '批量删除成功!');
        } catch {
          return; // The HTTP layer has shown the server's message.
        }
        reload();
      },
    });
  };

  return (
    <div className="results-screen" style={surface}>
      <div className="library-toolbar">
        <div className="library-toolbar__row">
          <Typography.Title level={4} className="library-toolbar__title">
            {title}
          </Typography.Title>
          {mayCreate && (
            <Space size={8}>
              {actions === 'manage' ? (
                <>
                  <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
                    新增报告
                  </Button>
                  <Button danger={selecting} icon={<DeleteOutlined />} aria-pressed={selecting} onClick={() => setSelecting(!selecting)}>
                    删除报告
                  </Button>
                </>
              ) : (
                <Button type="primary" icon={<UploadOutlined />} onClick={() => setAdding(true)}>
                  上传报告
                </Button>
              )}
            </Space>
          )}
        </div>
        <div className="library-toolbar__row">
          <Space wrap size={[8, 8]}>
            <SearchBox value={query.name} placeholder={REPORT_KIND.searchPlaceholder} onSearch={(name) => update({ name, pageNo: 1 })} />
            <DateRange start={query.start} end={query.end} onChange={(start, end) => update({ start, end, pageNo: 1 })} />
          </Space>
        </div>
      </div>
      {selecting && (
        <SelectionBar
          count={page.items.length}
          checkedCount={checked.length}
          onCheckAll={(all) => setChecked(all ? page.items.map((item) => item.id) : [])}
          confirm={{ text: '确认删除', icon: <DeleteOutlined />, danger: true, onClick: confirmDelete }}
          onCancel={() => setSelecting(false)}
        />
      )}
      <ResultItems
        kind={REPORT_KIND}
        projectId={projectId}
        from={path}
        query={query}
        onPage={update}
        page={page}
        loading={list.isLoading}
        fetching={list.isFetching && list.isPreviousData}
        selecting={selecting}
        checked={checked}
        onCheck={setChecked}
        createHint={mayCreate}
      />
      <ItemDialog
        kind={REPORT_KIND}
        projectUuid={projectId}
        mode="create"
        variant="results"
        open={adding}
        onClose={() => setAdding(false)}
        onSaved={reload}
      />
    </div>
  );
}
