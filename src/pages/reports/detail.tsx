import { Button } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Placeholder } from '../../components/placeholder';

/** Read by /report/:projectId/reportDetail and /cstjPage/:projectId/statisticsDetail alike. */
export function ReportDetail() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return (
    <Placeholder
      title={params.get('name') ?? '报告详情'}
      empty="暂无报告"
      extra={<Button onClick={() => navigate(-1)}>返回</Button>}
    />
  );
}
