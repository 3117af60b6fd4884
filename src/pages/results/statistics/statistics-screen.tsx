import { DownloadOutlined, ExperimentOutlined } from '@ant-design/icons';
import { Button, Card, Skeleton, Space, Statistic, Typography } from 'antd';
import { Suspense, useEffect, useState } from 'react';
import type { RegionLevel } from '../../../../contract/results';
import { useApiMutation } from '../../../api/hooks';
import { preloadable } from '../../../components/lazy-page';
import { useProjectContext } from '../../../components/project-context';
import { everyPage } from '../../../lib/every-page';
import { reportListPage, reportListQuery } from '../../../providers/data/report';
import { DimensionField, useDimensionOptions } from '../../library/item-dialog/dimension-field';
import { DownloadProgress } from '../../library/items/download-progress';
import { useSelection } from '../../library/use-selection';
import { useZipDownload } from '../../library/use-zip-download';
import { RESULT_KIND } from '../kinds';
import { NoConnection } from '../no-connection';
import { RegionCascader } from '../region-cascader';
import { pathsAtMost } from '../regions';
import { ResultItems } from '../result-items';
import { useSurfaceColors } from '../../library/library-screen';
import { SelectionBar } from '../selection-bar';
import { useRegionTree, useResultsList, useResultStatistics } from '../use-results-data';
import { useResultsQuery } from '../use-results-query';
import { resultsFilters } from '../results-query';
import type { ResultItem } from '../types';
import { GenerateDialog } from './generate-dialog';
import { JobProgress } from './job-progress';
import { useGenerationJobs } from './use-generation-jobs';
import '../results.css';

const ResultCharts = preloadable(async () => (await import('./result-charts')).default);
/** The filter's tree depth before a dimension is chosen, when no dimension names a level. */
const FALLBACK_LEVEL: RegionLevel = 5;
/** The most the results list answers at once (server results-routes.ts). */
const MAX_PAGE_SIZE = 100;

/** 成果统计: filter by region and dimension, charts, the generated reports, 成果生成 and 批量下载. */
export function StatisticsScreen() {
  const { projectId, project, can } = useProjectContext();
  // The charts' chunk (recharts) is fetched while the statistics load, not once they have come.
  useEffect(() => void ResultCharts.preload().catch(() => undefined), []);
  const surface = useSurfaceColors();
  const { query, update } = useResultsQuery();
  const dimensions = useDimensionOptions(projectId, true);
  const dimension = dimensions?.find((option) => option.value === query.dimensionId);
  const deepest = Math.max(0, ...(dimensions ?? []).map((option) => option.level ?? 0));
  const level = dimension?.level ?? (deepest > 0 ? (deepest as RegionLevel) : dimensions ? FALLBACK_LEVEL : undefined);
  const tree = useRegionTree(projectId, level);

  const jobs = useGenerationJobs(projectId);
  const { list, page } = useResultsList(projectId, query, undefined, jobs.version);
  const statsData = useResultStatistics(projectId, query, jobs.version);
  const loadKey = `${JSON.stringify(query)}#${jobs.version}`;
  const { selecting, checked, setSelecting, setChecked } = useSelection(loadKey);
  // 选择全部 N 项: every report the filter matches, on any page; holds for this load while nothing is unchecked.
  const [everyMatchOf, setEveryMatchOf] = useState<string>();
  const everyMatch = selecting && everyMatchOf === loadKey;
  const { call } = useApiMutation();
  const zip = useZipDownload(RESULT_KIND);
  const [generating, setGenerating] = useState(false);
  const mayGenerate = can('resultJobs', 'create');

  const downloadChosen = async () => {
    if (!everyMatch) return zip.download(page.items.filter((item) => checked.includes(item.id)));
    let all: ResultItem[];
    try {
      all = await everyPage(async (current) => {
        const list = reportListQuery({ filters: resultsFilters(query), pagination: { current, pageSize: MAX_PAGE_SIZE } });
        return reportListPage<ResultItem>(await call('getOaResultProjectsByProjectIdReportList', { path: { projectId }, query: list }));
      });
    } catch {
      return; // The HTTP layer has said why.
    }
    return zip.download(all);
  };

  const chooseDimension = (id: number | undefined) => {
    const next = dimensions?.find((option) => option.value === id);
    update({ dimensionId: id, regions: next?.level ? pathsAtMost(query.regions, next.level) : query.regions, pageNo: 1 });
  };

  return (
    <div className="results-screen" style={surface}>
      <div className="library-toolbar">
        <div className="library-toolbar__row">
          <Typography.Title level={4} className="library-toolbar__title">
            成果统计
          </Typography.Title>
          <Space size={8}>
            {mayGenerate && (
              <Button type="primary" icon={<ExperimentOutlined />} onClick={() => setGenerating(true)}>
                成果生成
              </Button>
            )}
            <Button icon={<DownloadOutlined />} type={selecting ? 'primary' : 'default'} ghost={selecting} aria-pressed={selecting} onClick={() => setSelecting(!selecting)}>
              批量下载
            </Button>
          </Space>
        </div>
        <div className="library-toolbar__row results-filters">
          <Space wrap size={[12, 8]}>
            <DimensionField options={dimensions} value={query.dimensionId} onChange={chooseDimension} placeholder="全部维度" className="results-filters__dimension" />
            <RegionCascader
              purpose="filter"
              className="results-filters__regions"
              nodes={tree.nodes}
              level={level}
              loading={tree.loading}
              value={query.regions}
              onChange={(regions) => update({ regions, pageNo: 1 })}
            />
          </Space>
          <Statistic className="results-total" title="成果总数" value={page.total} suffix="份" loading={list.isLoading} />
        </div>
      </div>
      {tree.problem && page.total > 0 && <NoConnection projectId={projectId} reason={tree.problem} look="banner" canOpenSettings={can('resultsData', 'list')} />}
      <JobProgress jobs={jobs.shown} onDismiss={jobs.dismiss} />
      {statsData && statsData.total > 0 && (
        <Suspense fallback={<ChartsLoading />}>
          <ResultCharts
            stats={statsData}
            dimensionId={query.dimensionId}
            regions={query.regions}
            onDimension={chooseDimension}
            onRegions={(regions) => update({ regions, pageNo: 1 })}
          />
        </Suspense>
      )}
      {selecting && (
        <SelectionBar
          count={page.items.length}
          checkedCount={checked.length}
          onCheckAll={(all) => {
            setEveryMatchOf(undefined);
            setChecked(all ? page.items.map((item) => item.id) : []);
          }}
          everyMatch={{ total: page.total, chosen: everyMatch, onChoose: () => setEveryMatchOf(loadKey) }}
          confirm={{ text: '确认下载', icon: <DownloadOutlined />, onClick: () => void downloadChosen() }}
          onCancel={() => setSelecting(false)}
        />
      )}
      {tree.problem && page.total === 0 && !list.isLoading ? (
        <NoConnection projectId={projectId} reason={tree.problem} look="empty" canOpenSettings={can('resultsData', 'list')} />
      ) : (
        <ResultItems
          kind={RESULT_KIND}
          projectId={projectId}
          from="statistics"
          query={query}
          onPage={update}
          page={page}
          loading={list.isLoading}
          fetching={list.isFetching && list.isPreviousData}
          selecting={selecting}
          checked={checked}
          onCheck={(ids) => {
            setEveryMatchOf(undefined);
            setChecked(ids);
          }}
        />
      )}
      <GenerateDialog
        open={generating}
        projectId={projectId}
        project={project}
        dimensions={dimensions}
        chosen={{ dimensionId: query.dimensionId, regions: query.regions }}
        onGenerate={jobs.start}
        starting={jobs.starting}
        onClose={() => setGenerating(false)}
      />
      <DownloadProgress percent={zip.progress} />
    </div>
  );
}

function ChartsLoading() {
  return (
    <div className="results-charts" aria-busy="true" aria-label="图表加载中">
      {[0, 1, 2].map((index) => (
        <Card key={index} size="small" className="results-chart">
          <Skeleton active paragraph={{ rows: 5 }} />
        </Card>
      ))}
    </div>
  );
}
