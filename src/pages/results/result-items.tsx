import { EnvironmentOutlined } from '@ant-design/icons';
import { Tag, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import type { LibraryKind } from '../library/kinds';
import { ItemsArea } from '../library/items-area';
import { ItemPagination } from '../library/items/item-pagination';
import { NameCell } from '../../components/name-cell';
import { DEFAULT_LIST_QUERY } from '../library/list-query';
import { detailSearch } from '../library/types';
import { RESULT_PAGE_SIZES, type ResultsQuery } from './results-query';
import type { ResultItem } from './types';

interface ResultItemsProps {
  kind: LibraryKind;
  projectId: string;
  /** The screen's route, where the detail's 返回 leads. */
  from: string;
  query: ResultsQuery;
  onPage: (patch: Pick<ResultsQuery, 'pageNo' | 'pageSize'>) => void;
  page: { items: ResultItem[]; total: number };
  loading: boolean;
  fetching: boolean;
  selecting: boolean;
  checked: number[];
  onCheck: (ids: number[]) => void;
  createHint?: boolean;
}

/** The cards of a results screen (the library's card grid, skeleton and empty state) with their pagination. */
export function ResultItems({ kind, projectId, from, query, onPage, page, loading, fetching, selecting, checked, onCheck, createHint = false }: ResultItemsProps) {
  const navigate = useNavigate();
  return (
    <>
      <ItemsArea
        kind={kind}
        query={{ ...DEFAULT_LIST_QUERY, pageNo: query.pageNo, pageSize: query.pageSize }}
        page={page}
        loading={loading}
        fetching={fetching}
        selecting={selecting}
        checked={checked}
        canEdit={false}
        createHint={createHint}
        onCheck={onCheck}
        onOpen={(item) => navigate(`/cstjPage/${projectId}/statisticsDetail${detailSearch(item)}&from=${from}`)}
        onEdit={() => undefined}
        describe={(item) => <ResultFacts item={item as ResultItem} />}
      />
      <ItemPagination pageNo={query.pageNo} pageSize={query.pageSize} total={page.total} sizes={RESULT_PAGE_SIZES} onPage={onPage} />
    </>
  );
}

/** Where a generated report is about (the region itself, its path on hover) and how many of its indicators meet their standard. */
function ResultFacts({ item }: { item: ResultItem }) {
  if (!item.region) return null;
  const { indicators_met: met, indicators_total: total } = item;
  const share = total ? (met ?? 0) / total : 0;
  return (
    <div className="results-card__facts">
      <Typography.Text type="secondary">
        <NameCell text={item.region.join(' › ')}>
          <EnvironmentOutlined /> {item.region[item.region.length - 1]}
        </NameCell>
      </Typography.Text>
      {total ? (
        <Tag bordered={false} color={share >= 1 ? 'green' : share >= 0.6 ? 'orange' : 'red'} title="达标指标 / 指标总数" className="results-card__met">
          达标 {met}/{total}
        </Tag>
      ) : null}
    </div>
  );
}
