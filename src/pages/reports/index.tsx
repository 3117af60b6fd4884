import { Placeholder } from '../../components/placeholder';

export function ReportList() {
  return <Placeholder title="报告列表" empty="暂无报告" />;
}
