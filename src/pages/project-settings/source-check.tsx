import { Alert, Spin } from 'antd';
import type { WarehouseSourceBody } from '../../../contract/results';
import { useApiQuery } from '../../api/hooks';

/**
 * The server's check of a candidate source, asked again whenever the source changes. A refusal (an
 * unreachable connection, a schema that is not there) is shown in place, so the HTTP layer stays quiet.
 */
export function useSourceCheck(projectId: string, source: WarehouseSourceBody | undefined) {
  const answer = useApiQuery(
    'getReportProjectsByProjectIdWarehouseCheck',
    { path: { projectId }, query: source },
    { silent: true, queryOptions: { enabled: Boolean(source), retry: false, keepPreviousData: false } },
  );
  return {
    asked: Boolean(source),
    loading: Boolean(source) && answer.isFetching,
    result: source ? answer.data?.data.data : undefined,
    problem: source && answer.isError ? answer.error?.message : undefined,
    refetch: answer.refetch,
  };
}

type SourceCheckState = ReturnType<typeof useSourceCheck>;

/** What the check found: green 已就绪 with the rows of the regions and the catalogue, or what is missing. */
export function SourceCheck({ check }: { check: SourceCheckState }) {
  if (!check.asked) return <Alert type="info" showIcon className="results-data__check" message="选择数据连接、数据库与 schema 后将自动检查所需的表与列" />;
  if (check.loading) return <Spin className="results-data__check" tip="正在检查数据…"><div className="results-data__spin" /></Spin>;
  if (check.problem) return <Alert type="error" showIcon className="results-data__check" message="无法检查数据" description={check.problem} />;
  const result = check.result;
  if (!result) return null;
  if (result.ready) {
    const counted = result.tables.filter((table) => table.rows !== null).map((table) => `${table.label} ${table.rows} 行`);
    return (
      <Alert
        type="success"
        showIcon
        className="results-data__check"
        message="已就绪"
        description={`${result.tables.map((table) => table.label).join('、')}三张表及所需的列齐全；${counted.join('，')}。`}
      />
    );
  }
  return (
    <Alert
      type="warning"
      showIcon
      className="results-data__check"
      message="数据不完整，不能保存"
      description={
        <ul className="results-data__missing" aria-label="缺少的表与列">
          {result.missing.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      }
    />
  );
}
